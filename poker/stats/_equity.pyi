"""poker.equity's compiled loops (poker/stats/_equity.c; exact_counts in _equity_exact.c, sample in
_equity_sampled.c)."""

DEAL_CHUNK: int

def exact_counts(holes: bytes, players: int, board: bytes, dead: bytes, out: object, chunk: int = ...,
                 /) -> int: ...
def sample(fixed: object, board: bytes, dead: bytes, order: object, weights: object, seed: bytes, deals: int,
           out: object, chunk: int = ..., /) -> None: ...
