"""poker.equity's compiled loops (poker/stats/_equity.c)."""

DEAL_CHUNK: int

def exact_counts(holes: bytes, players: int, board: bytes, dead: bytes, out: object, chunk: int = ...,
                 /) -> int: ...
def sample(fixed: object, board: bytes, dead: bytes, order: object, weights: object, seed: bytes, deals: int,
           out: object, chunk: int = ..., /) -> None: ...
