"""A range against a range, compiled (poker/kernel/_ranges.c; range_counts in _ranges_counts.c, board_strengths in
_ranges_boards.c)."""

RUNOUT_CHUNK: int

def range_counts(board: bytes, cards: bytes, lookahead: int, weights: object, heroes: object, now: object,
                 score: object, total: object, transitions: object, chunk: int = ..., /, *,
                 summary: object = ...) -> None: ...
def board_strengths(boards: bytes, size: int, bins: int, hs: object, equity: object, mean_squared: object,
                    histogram: object, chunk: int = ..., /, *, numbers: object = ...) -> None: ...
