/* poker.kernel._count: the counting kernel's compiled loops, ranking inline with HandRanker's tables
   (poker/ranking/_rank.h). Python calls them only when the ranker is HandRanker itself; a ranker subclass
   takes the NumPy path, which ranks through its rank_many.

   later_counts(board, hole, cards, lookahead, out, now)
       For one hand (``hole``, 2 cards, on ``board``, 3 or 4 cards) and every opponent holding of two of the
       ``cards`` (the n unseen cards, ascending), the number of runouts of ``lookahead`` (1 or 2) more
       unseen cards after which the hand is ahead of, tied with and behind the holding: ``out`` is an
       int32 buffer of C(n, 2) rows of 3, rows in itertools.combinations order of the positions; and in
       ``now``, an int8 buffer of C(n, 2), the outcome on the board as it is (0 ahead, 1 tied, 2 behind).

   How: the opponent's final hand is the board plus a set of 2 + lookahead unseen cards, whatever split of
   the set is the holding and which the runout. So each set is ranked once (C(47, 4) = 178,365 on a flop,
   with keys summed incrementally over the nested loops) and then compared, split by split (6 for four
   cards, 3 for three), with the hand's own value on that split's runout, read from a small table. The
   splits are laid out as runs over the last card, which the compiler vectorizes (count_two says how). Per
   holding only "behind" and "tied" are added (two adds, no branch); "ahead" is the rest of its runouts.

   showdown_counts(hole, board, weights) -> (ahead, tied, behind): see below.

   Buffers (poker/_core.h): the cards (at most 47 of them) are copied and checked before the GIL is released,
   and only the copies are read; ``out`` and ``now`` are only written. later_counts takes a few milliseconds
   (a flop with two cards to come), so it does not stop for signals; showdown_counts keeps the GIL. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "_rank.h"
#include "_core.h"

#define MAX_UNSEEN 47

/* Per holding row, how many runouts leave the hand behind and tied: two int32 arrays (their sums over a run
   of consecutive rows vectorize). The row of positions i < j is base[i] + j, consecutive in j. */
typedef struct {
    int32_t *behind, *tied;
    int base[MAX_UNSEEN];
} Tally;

static void
row_bases(Tally *t, int n)
{
    for (int i = 0; i < n; i++)
        t->base[i] = i * (2 * n - i - 1) / 2 - i - 1;
}

/* Add to rows base + d, for d from `from` to n - 1, the comparison of v[d] with one value of the hand. */
static inline void
add_run(const Tally *t, int base, const int16_t *v, int from, int n, int mine)
{
    int32_t *behind = t->behind + base, *tied = t->tied + base;
    for (int d = from; d < n; d++) {
        behind[d] += v[d] > mine;
        tied[d] += v[d] == mine;
    }
}

/* Compare v[d] with mine[d], for d from `from` to n - 1, into one row. */
static inline void
add_row(const Tally *t, int row, const int16_t *v, const int16_t *mine, int from, int n)
{
    int32_t behind = 0, tied = 0;
    for (int d = from; d < n; d++) {
        behind += v[d] > mine[d];
        tied += v[d] == mine[d];
    }
    t->behind[row] += behind;
    t->tied[row] += tied;
}

/* The three splits whose holding is fixed while d runs (a b, a c, b c: rows r1 to r3) against the hand on
   the runouts c d, b d, a d (m1 to m3 along d), in one loop. */
static inline void
rows3(const Tally *t, int r1, int r2, int r3, const int16_t *restrict v, const int16_t *restrict m1,
      const int16_t *restrict m2, const int16_t *restrict m3, int from, int n)
{
    int32_t b1 = 0, t1 = 0, b2 = 0, t2 = 0, b3 = 0, t3 = 0;
    for (int d = from; d < n; d++) {
        int x = v[d];
        b1 += x > m1[d]; t1 += x == m1[d];
        b2 += x > m2[d]; t2 += x == m2[d];
        b3 += x > m3[d]; t3 += x == m3[d];
    }
    t->behind[r1] += b1; t->tied[r1] += t1;
    t->behind[r2] += b2; t->tied[r2] += t2;
    t->behind[r3] += b3; t->tied[r3] += t3;
}

/* The three splits whose holding moves with d (a d, b d, c d: consecutive rows from base1 to base3) against
   the hand on the runouts b c, a c, a b (one value each), in one loop. */
static inline void
runs3(const Tally *t, int base1, int base2, int base3, const int16_t *restrict v, int from, int n, int m1, int m2,
      int m3)
{
    int32_t *restrict b1 = t->behind + base1, *restrict t1 = t->tied + base1;
    int32_t *restrict b2 = t->behind + base2, *restrict t2 = t->tied + base2;
    int32_t *restrict b3 = t->behind + base3, *restrict t3 = t->tied + base3;
    for (int d = from; d < n; d++) {
        int x = v[d];
        b1[d] += x > m1; t1[d] += x == m1;
        b2[d] += x > m2; t2[d] += x == m2;
        b3[d] += x > m3; t3[d] += x == m3;
    }
}

/* Two cards to come. For each set a < b < c of positions, the values v[d] of the sets a b c d (every
   d > c) are ranked first; then the six splits of each set are two loops over d (each vectorized): holdings
   a b, a c and b c against the hand on runouts c d, b d and a d (one row each), and holdings a d, b d and
   c d (consecutive rows) against the hand on runouts b c, a c and a b (one value each). */
static void
count_two(const uint8_t *cards, int n, uint64_t base_key, uint64_t base_bits, uint64_t hole_key,
          uint64_t hole_bits, Tally *t)
{
    int16_t mine[MAX_UNSEEN][MAX_UNSEEN], v[MAX_UNSEEN];  /* per call (not static): threads may share */
    uint64_t key[MAX_UNSEEN], bits[MAX_UNSEEN];
    for (int i = 0; i < n; i++) {
        key[i] = poker_card_keys[cards[i]];
        bits[i] = POKER_CARD_BIT(cards[i]);
    }
    for (int c = 0; c < n; c++)
        for (int d = c + 1; d < n; d++)
            mine[c][d] = mine[d][c] = (int16_t)poker_value(hole_key + key[c] + key[d],
                                                           hole_bits | bits[c] | bits[d]);
    for (int a = 0; a < n; a++) {
        uint64_t ka = base_key + key[a], ba = base_bits | bits[a];
        for (int b = a + 1; b < n; b++) {
            uint64_t kb = ka + key[b], bb = ba | bits[b];
            for (int c = b + 1; c < n - 1; c++) {
                uint64_t kc = kb + key[c], bc = bb | bits[c];
                for (int d = c + 1; d < n; d++)
                    v[d] = (int16_t)poker_value(kc + key[d], bc | bits[d]);
                rows3(t, t->base[a] + b, t->base[a] + c, t->base[b] + c, v, mine[c], mine[b], mine[a], c + 1, n);
                runs3(t, t->base[a], t->base[b], t->base[c], v, c + 1, n, mine[b][c], mine[a][c], mine[a][b]);
            }
        }
    }
}

/* One card to come: sets a < b < c, values v[c] for every c > b, three splits. */
static void
count_one(const uint8_t *cards, int n, uint64_t base_key, uint64_t base_bits, uint64_t hole_key,
          uint64_t hole_bits, Tally *t)
{
    int16_t mine[MAX_UNSEEN], v[MAX_UNSEEN];
    uint64_t key[MAX_UNSEEN], bits[MAX_UNSEEN];
    for (int i = 0; i < n; i++) {
        key[i] = poker_card_keys[cards[i]];
        bits[i] = POKER_CARD_BIT(cards[i]);
        mine[i] = (int16_t)poker_value(hole_key + key[i], hole_bits | bits[i]);
    }
    for (int a = 0; a < n; a++) {
        uint64_t ka = base_key + key[a], ba = base_bits | bits[a];
        for (int b = a + 1; b < n - 1; b++) {
            uint64_t kb = ka + key[b], bb = ba | bits[b];
            for (int c = b + 1; c < n; c++)
                v[c] = (int16_t)poker_value(kb + key[c], bb | bits[c]);
            add_row(t, t->base[a] + b, v, mine, b + 1, n);
            add_run(t, t->base[a], v, b + 1, n, mine[b]);
            add_run(t, t->base[b], v, b + 1, n, mine[a]);
        }
    }
}

/* For the hand `hole` on `board` against every holding of two of the n `cards`: the counts over runouts (into
   `counts`, C(n, 2) rows of 3) and the outcomes now (into `codes`), as later_counts says; t->behind and
   t->tied hold 2 C(n, 2) zeros. */
static void
count_later(const uint8_t *board, int board_size, const uint8_t *hole, const uint8_t *cards, int n, int lookahead,
            Tally *t, int32_t *counts, int8_t *codes)
{
    uint64_t base_key = POKER_KEY_START, base_bits = 0;
    for (int i = 0; i < board_size; i++) {
        base_key += poker_card_keys[board[i]];
        base_bits |= POKER_CARD_BIT(board[i]);
    }
    uint64_t hole_key = base_key + poker_card_keys[hole[0]] + poker_card_keys[hole[1]];
    uint64_t hole_bits = base_bits | POKER_CARD_BIT(hole[0]) | POKER_CARD_BIT(hole[1]);
    row_bases(t, n);
    if (lookahead == 2)
        count_two(cards, n, base_key, base_bits, hole_key, hole_bits, t);
    else
        count_one(cards, n, base_key, base_bits, hole_key, hole_bits, t);
    int rows = n * (n - 1) / 2;
    int32_t runouts = lookahead == 1 ? n - 2 : (n - 2) * (n - 3) / 2;  /* of the holding's free cards */
    for (int r = 0; r < rows; r++) {
        counts[3 * r] = runouts - t->behind[r] - t->tied[r];
        counts[3 * r + 1] = t->tied[r];
        counts[3 * r + 2] = t->behind[r];
    }
    /* the outcome now against each holding (0 ahead, 1 tied, 2 behind), on the board as it is */
    int mine = poker_value(hole_key, hole_bits), r = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, r++) {
            int theirs = poker_value(base_key + poker_card_keys[cards[i]] + poker_card_keys[cards[j]],
                                     base_bits | POKER_CARD_BIT(cards[i]) | POKER_CARD_BIT(cards[j]));
            codes[r] = (int8_t)((theirs >= mine) + (theirs > mine));
        }
}

static PyObject *
later_counts(PyObject *module, PyObject *args)
{
    PyObject *board_object, *hole_object, *cards_object, *out_object, *now_object;
    int lookahead;
    if (!PyArg_ParseTuple(args, "OOOiOO", &board_object, &hole_object, &cards_object, &lookahead, &out_object,
                          &now_object))
        return NULL;
    if (lookahead < 1 || lookahead > 2) {
        PyErr_SetString(PyExc_ValueError, "later_counts looks ahead 1 or 2 cards");
        return NULL;
    }
    uint8_t b[5], h[2], u[MAX_UNSEEN];
    int board_size = poker_read_cards(board_object, b, "board", 3, 5 - lookahead, 0);
    if (board_size < 0 || poker_read_cards(hole_object, h, "hole", 2, 2, 0) < 0)
        return NULL;
    int n = poker_read_cards(cards_object, u, "cards", 2 + lookahead, MAX_UNSEEN, 0);
    if (n < 0)
        return NULL;
    int rows = n * (n - 1) / 2;
    Py_buffer out, now;
    if (poker_read_array(out_object, &out, PyBUF_WRITABLE, 'i', 3 * (Py_ssize_t)rows, "out") < 0)
        return NULL;
    if (poker_read_array(now_object, &now, PyBUF_WRITABLE, 'b', rows, "now") < 0) {
        PyBuffer_Release(&out);
        return NULL;
    }
    Tally tally;
    tally.behind = PyMem_Calloc(2 * (size_t)rows, sizeof(int32_t));
    if (tally.behind) {
        tally.tied = tally.behind + rows;
        Py_BEGIN_ALLOW_THREADS
        count_later(b, board_size, h, u, n, lookahead, &tally, out.buf, now.buf);
        Py_END_ALLOW_THREADS
    }
    PyMem_Free(tally.behind);
    PyBuffer_Release(&out);
    PyBuffer_Release(&now);
    return tally.behind ? Py_NewRef(Py_None) : PyErr_NoMemory();
}

/* showdown_counts(hole, board, weights) -> (ahead, tied, behind): the weight of the holdings (1,326 float64
   weights in combinations order) free of the hole cards and the board (3 to 5 cards) that the hand beats,
   ties and loses to on the board as it is. Each holding with weight is ranked inline; nothing is kept. The
   holdings' cards are the module's table (poker/_core.h). */
static PyObject *
showdown_counts(PyObject *module, PyObject *args)
{
    PyObject *hole_object, *board_object, *weights_object;
    if (!PyArg_ParseTuple(args, "OOO", &hole_object, &board_object, &weights_object))
        return NULL;
    uint8_t h[2], b[5];
    int board_size = poker_read_cards(board_object, b, "board", 3, 5, 0);
    if (board_size < 0 || poker_read_cards(hole_object, h, "hole", 2, 2, 0) < 0)
        return NULL;
    Py_buffer weights;  /* read with the GIL held: no copy */
    if (poker_read_array(weights_object, &weights, PyBUF_SIMPLE, 'd', POKER_HOLDINGS, "weights") < 0)
        return NULL;
    const PokerHoldings *table = PyModule_GetState(module);
    const double *w = weights.buf;
    uint64_t key = POKER_KEY_START, bits = 0, known = 0;
    for (int i = 0; i < board_size; i++) {
        key += poker_card_keys[b[i]];
        bits |= POKER_CARD_BIT(b[i]);
        known |= 1ULL << b[i];
    }
    int mine = poker_value(key + poker_card_keys[h[0]] + poker_card_keys[h[1]],
                           bits | POKER_CARD_BIT(h[0]) | POKER_CARD_BIT(h[1]));
    known |= (1ULL << h[0]) | (1ULL << h[1]);
    double sums[3] = {0.0, 0.0, 0.0};  /* ahead, tied, behind */
    /* Most weights of a narrow range are 0: their bit patterns are ORed eight at a time and a block with
       none set is skipped whole (a -0.0 weight is looked at, and skipped as 0 below). */
    const uint64_t *pattern = weights.buf;
    for (int block = 0; block < POKER_HOLDINGS; block += 8) {
        int end = block + 8 < POKER_HOLDINGS ? block + 8 : POKER_HOLDINGS;
        uint64_t any = 0;
        for (int number = block; number < end; number++)
            any |= pattern[number];
        if (!any)
            continue;
        for (int number = block; number < end; number++) {
            int first = table->first[number], second = table->second[number];
            if (w[number] == 0.0 || (known & ((1ULL << first) | (1ULL << second))))
                continue;
            int theirs = poker_value(key + poker_card_keys[first] + poker_card_keys[second],
                                     bits | POKER_CARD_BIT(first) | POKER_CARD_BIT(second));
            sums[(theirs >= mine) + (theirs > mine)] += w[number];
        }
    }
    PyBuffer_Release(&weights);
    return Py_BuildValue("(ddd)", sums[0], sums[1], sums[2]);
}

static PyMethodDef methods[] = {
    {"showdown_counts", showdown_counts, METH_VARARGS,
     "showdown_counts(hole, board, weights) -> (ahead, tied, behind) weight on the board as it is"},
    {"later_counts", later_counts, METH_VARARGS,
     "later_counts(board, hole, cards, lookahead, out, now): ahead, tied, behind over runouts per holding"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "poker.kernel._count", "The counting kernel's compiled loops (see _count.c).",
    sizeof(PokerHoldings), methods,
};

PyMODINIT_FUNC
PyInit__count(void)
{
    return poker_module(&module, NULL, 0);
}
