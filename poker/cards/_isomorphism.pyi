"""HandIndexer's numbering, compiled (poker/cards/_isomorphism.c)."""

HAND_CHUNK: int

def index_hands(cards: object, columns: bytes, sizes: bytes, codes: int, table: object, out: object,
                chunk: int = ..., /) -> None: ...
def index_boards(holes: object, boards: object, size: int, codes: int, table: object, out: object,
                 chunk: int = ..., /) -> None: ...
