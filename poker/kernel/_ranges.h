/* What the C files of poker.kernel._ranges share (_ranges.c says what the module does and how): a spot (one
   board's holdings and what the walk finds), a sink (where the runouts' numbers go), the steps of a count, and
   its two functions, each in its own file: range_counts (_ranges_counts.c) and board_strengths
   (_ranges_boards.c). */
#ifndef POKER_RANGES_H
#define POKER_RANGES_H

#include "_rank.h"
#include "_core.h"

#define MAX_UNSEEN 49
#define MAX_PAIRS (MAX_UNSEEN * (MAX_UNSEEN - 1) / 2)
#define RUNOUT_CHUNK 256  /* runout columns counted between two looks at signals: some 15 ms on a flop */

/* The accumulators of the transitions, per hero row: opponent weight with (value now < mine, <= mine) x
   (final value < mine, <= mine), and with final value < mine, <= mine whatever the value now. */
enum { LT_LT, LE_LT, LT_LE, LE_LE, ANY_LT, ANY_LE, SUMS };

/* One final board's work (see _ranges.c): the unseen cards' keys, the holdings' positions and weights, the hero
   rows, and what the walk finds per holding. */
typedef struct {
    int n, pairs, lookahead;
    uint64_t key[MAX_UNSEEN], bits[MAX_UNSEEN];
    uint64_t board_key, board_bits;
    const double *w;               /* = weight, hero_row: the caller's copied, or board_strengths' own */
    const int32_t *hero;
    double weight[MAX_PAIRS];
    int32_t hero_row[MAX_PAIRS];
    uint8_t first[MAX_PAIRS], second[MAX_PAIRS];
    int base[MAX_UNSEEN];          /* the row of positions i < j is base[i] + j */
    int weighted[MAX_PAIRS];       /* the opponent holdings with weight, ascending */
    int opponents;
    int16_t now_value[MAX_PAIRS];
    /* the opponent's distinct values now (of holdings with weight), ranked 1, 2, ...: per holding, how many
       are below its value now and how many up to it (its own rank when it has weight) */
    int below_rank[MAX_PAIRS], upto_rank[MAX_PAIRS];
    int ranks;
    /* per final board: the free holdings (local k), their rows, values, sort order, walk results */
    int row[MAX_PAIRS], order[MAX_PAIRS], spare[MAX_PAIRS];
    int16_t value[MAX_PAIRS];
    double below[MAX_PAIRS], upto[MAX_PAIRS], met[MAX_PAIRS];
    double fenwick[MAX_PAIRS + 1];
    double at_rank[MAX_PAIRS + 1]; /* the weight passed per rank now (the tree's one entry above a prefix) */
    /* step 3's card removal, as bit sets of the other card x of the holdings (c, x) holding card c: those with
       weight the walk has passed (per card c), and per holding (i, j) those of card i, then of card j (itself
       left out), whose value now is below its own (LT) and up to it (LE) */
    uint64_t passed[MAX_UNSEEN];
    uint64_t sharing[MAX_PAIRS][4];
    double uniform;                /* the one weight of every opponent holding with weight, or 0 if they differ */
    double *sums;                  /* K x SUMS, or NULL without transitions */
} Spot;

/* Where count_runouts puts each (hero row, runout column)'s weight won (plus half the tied) and met: the
   K x R ``score`` and ``total`` (through a staging block of columns, so that each hero row is written in
   runs rather than one entry per column, which would thrash the cache), or, for the strength tables, only
   their summaries per hero row (``sums``: score, total and total x strength^2 summed; ``histogram``: the
   runouts per bin of the strength), as poker.stats.range_stats.summarise_runouts and runout_histogram make
   them. */
#define BLOCK 16

typedef struct {
    double *score, *total, *stage;
    double *sums;
    int64_t *histogram;
    int bins;
} Sink;

/* Sort the indices 0..m-1 by value[k] (values below 8192) into order, stably (spare: room for m). */
POKER_LOCAL void sort_values(const int16_t *value, int m, int *order, int *spare);
/* Set up a spot: the board's key, the unseen cards' keys and bits, the holdings' positions, and from the
   opponent's weights (s->w, P of them) the holdings with weight. */
POKER_LOCAL void set_up_spot(Spot *s, const uint8_t *board, int size, const uint8_t *cards, int n, int lookahead);
/* The board as it is: every holding's value now, their ranks among the opponent's, and the hero rows' `now`. */
POKER_LOCAL void count_now(Spot *s, double *now);
/* Every runout column into the sink, `chunk` (a multiple of BLOCK) at a time, the GIL (released: *state) taken
   back between two to run the signal handlers: -1 if one raised. */
POKER_LOCAL int count_every_runout(Spot *s, int rows, int columns, const Sink *out, int chunk, PyThreadState **state);
/* A chunk of runout columns from the caller: at least one BLOCK, rounded up to whole BLOCKs; -1 with a
   ValueError if it is below 1 or above 2**20. */
POKER_LOCAL int read_chunk(Py_ssize_t chunk);

POKER_LOCAL PyObject *range_counts(PyObject *module, PyObject *args, PyObject *keywords);
POKER_LOCAL PyObject *board_strengths(PyObject *module, PyObject *args, PyObject *keywords);

#endif
