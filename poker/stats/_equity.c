/* poker.stats._equity: poker.equity's compiled loops, ranking inline with HandRanker's tables
   (poker/ranking/_rank.h). Python calls them only when the ranker is HandRanker itself; a ranker subclass
   takes the NumPy path of poker/stats/multiway.py, which ranks through its rank_many (and is this module's
   oracle in tests/stats/test_compiled_equity.py). The module is three C files (setup.py lists them): this one, and
   one per function, each of which says how it works and what it copies (poker/_core.h).

   exact_counts(holes, players, board, dead, out[, chunk]) -> -1, or the first tuple whose cards are not distinct
       indices below 52 off the board and the dead cards (0 if those two share a card)    [_equity_exact.c]
       For each tuple of ``players`` holdings (``holes``: T * players * 2 card indices), over every board that
       completes ``board`` (0, 3, 4 or 5 cards) from the cards in no holding, no board and no ``dead`` card:
       how many boards each player wins alone, ties (splits), and the split share in units of 1/2520 (a
       k-way split adds 2520 / k; 2520 is divisible by every k up to 10). ``out``: int64, T * players * 3.
       ``chunk`` tuples are counted between two looks at signals (by default some 15 ms of them).

   sample(fixed, board, dead, order, weights, seed, deals, out[, chunk])                 [_equity_sampled.c]
       Sufficient statistics of ``deals`` sampled deals, as multiway._sample_task returns them (out: float64,
       (players + 1) * 6): ``fixed`` holds each player's holding number, or -1 for a player dealt from
       weights; ``order`` the players to deal, in order, and ``weights`` their 1,326 weights (one row each, in
       that order, zero on every holding with a known card); ``seed`` 32 bytes of seed for xoshiro256**.
       ``chunk`` deals (DEAL_CHUNK unless given) are dealt between two looks at signals; the deals and their
       statistics are the same whatever the chunk.

   Nothing here raises a poker error: Python (multiway.py) checks every input first; a malformed buffer is a
   ValueError, a tuple of repeated cards a return value. The module's state is the holding table
   (poker/_core.h), which sample deals from. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "_equity.h"

static PyMethodDef methods[] = {
    {"exact_counts", exact_counts, METH_VARARGS,
     "exact_counts(holes, players, board, dead, out[, chunk]): wins, ties and split units per tuple and player"},
    {"sample", sample, METH_VARARGS,
     "sample(fixed, board, dead, order, weights, seed, deals, out[, chunk]): sampled deals' sufficient statistics"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "poker.stats._equity", "poker.equity's compiled loops (see _equity.c).",
    sizeof(PokerHoldings), methods,
};

PyMODINIT_FUNC
PyInit__equity(void)
{
    return poker_module(&module, "DEAL_CHUNK", DEAL_CHUNK);
}
