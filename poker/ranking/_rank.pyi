"""HandRanker's compiled ranking (poker/ranking/_rank.c)."""


CHUNK_ROWS: int

def rank_rows(cards: object, out: object, validate: bool, chunk: int = ..., /) -> int: ...
def rank_sequence(indices: object, /) -> int: ...
