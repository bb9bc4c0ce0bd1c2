/* poker.kernel._ranges: a whole range against a range in one compiled pass, ranking inline with HandRanker's
   tables (poker/ranking/_rank.h). Python calls it only when the ranker is HandRanker itself; a ranker
   subclass takes the NumPy passes (poker/kernel/sorted_pass.py, narrow_pass.py, grid_pass.py), which rank
   through its rank_many and which the tests compare with this one.

   range_counts(board, cards, lookahead, weights, heroes, now, score, total, transitions[, chunk])
       ``cards`` are the n unseen cards (ascending); the P = C(n, 2) holdings of two of them are numbered in
       itertools.combinations order of their positions. ``weights`` (float64, P) are the opponent's weights,
       ``heroes`` (int32, P) the output row of each hero holding, -1 for the others. Written, per hero row:
       ``now`` (K x 3: the opponent weight beaten, tied, and the rest of the weight it can meet, on the board
       as it is) and, with cards to come, ``score`` and ``total`` (K x R, R runout columns: the n cards for
       one card to come, the P pairs for two): after the runout, the weight beaten plus half the weight
       tied, and the weight met; 0 where the runout holds a card of the hero holding. ``transitions``
       (K x 9, or None) adds the weighted (opponent holding, runout) pairs from outcome a now to outcome b
       after the runout (AHEAD 0, TIED 1, BEHIND 2). Weights are summed in float64 as they come (whole
       weights exactly); Python finds the exact zeros of fractional weights with a second call.
   board_strengths(boards, size, bins, hs, equity, mean_squared, histogram[, chunk]): see below.

   Buffers (poker/_core.h): the control arrays (the board, the unseen cards, the weights and the hero rows of
   range_counts, every board of board_strengths: a few kB at most) are copied and checked before the GIL is
   released, and only the copies are read; the outputs are only written (and read back as numbers). The
   runouts are counted ``chunk`` columns at a time (RUNOUT_CHUNK unless given, a multiple of 16), the GIL taken
   back between two, and between two boards, to run the signal handlers: a Ctrl-C stops a flop (a second of
   work with every holding) or a batch of boards with KeyboardInterrupt.

   How, per final board (the board as it is, then the board plus each runout):
   1. every holding free of the board is ranked (keys summed incrementally: the board's once, then two or
      three card keys per holding) and the holdings are sorted by value (a two-pass radix sort of 13-bit
      values);
   2. a walk up the sorted values keeps the weight below the current value, in all and per card: a hero
      holding (i, j) of value v beats W(<v) - C_i(<v) - C_j(<v) (the holdings that hold one of its cards
      removed; the one that holds both is itself, of value v, so not below) and reaches
      W(<=v) - C_i(<=v) - C_j(<=v) + w(itself), which removes itself (it is in both card sums) once more;
      the weight it meets is the same over every value.
   3. For the transitions, the walk also keeps a Fenwick tree of the weight by value *now* (ranked among
      every holding's value now): four prefix queries per hero holding split the weight below and up to its
      final value by the opponent's value now (below, up to its own). Summed over runouts these count
      every opponent holding free of the runout, also those sharing a card with the hero holding: those (at
      most 2n - 3 per hero holding, itself among them) are compared directly on every runout and taken off.
      The weight ending behind is the rest: each disjoint pair meets on C(n - 4, lookahead) runouts. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "_rank.h"
#include "_core.h"

#define MAX_UNSEEN 49
#define MAX_PAIRS (MAX_UNSEEN * (MAX_UNSEEN - 1) / 2)
#define RUNOUT_CHUNK 256  /* runout columns counted between two looks at signals: some 15 ms on a flop */

/* The accumulators of the transitions, per hero row: opponent weight with (value now < mine, <= mine) x
   (final value < mine, <= mine), and with final value < mine, <= mine whatever the value now. */
enum { LT_LT, LE_LT, LT_LE, LE_LE, ANY_LT, ANY_LE, SUMS };

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
    double *sums;                  /* K x SUMS, or NULL without transitions */
} Spot;

/* Sort the local holdings 0..m-1 by value into s->order: two stable counting passes, 7 and 6 bits. */
static void
sort_by_value(Spot *s, int m)
{
    int low[129] = {0}, high[65] = {0};
    for (int k = 0; k < m; k++) {
        low[(s->value[k] & 127) + 1]++;
        high[(s->value[k] >> 7) + 1]++;
    }
    for (int b = 0; b < 128; b++)
        low[b + 1] += low[b];
    for (int b = 0; b < 64; b++)
        high[b + 1] += high[b];
    for (int k = 0; k < m; k++)
        s->spare[low[s->value[k] & 127]++] = k;
    for (int t = 0; t < m; t++) {
        int k = s->spare[t];
        s->order[high[s->value[k] >> 7]++] = k;
    }
}

/* `at` is 1 to size; 0 (a holding whose weight was 0 when the ranks were made, and is not now: only a caller
   changing its weights during the call can do that) adds nothing rather than looping for ever. */
static inline void
fenwick_add(double *tree, int size, int at, double weight)
{
    for (; at > 0 && at <= size; at += at & -at)
        tree[at] += weight;
}

static inline double
fenwick_sum(const double *tree, int at)
{
    double sum = 0.0;
    for (; at > 0; at -= at & -at)
        sum += tree[at];
    return sum;
}

/* Steps 1 (the sort) and 2 (the walk) on the m holdings of s->row / s->value, those free of the positions p
   and q (-1 for none); with `sums`, step 3's queries for every hero holding, added to its row of s->sums.
   Per card weights have n slots; the weight in all and per card is summed over the opponent holdings with
   weight only (in the same order, so to the same sums), and the tree holds the opponent's values now only:
   a narrow opponent range costs little here. */
static void
walk(Spot *s, int m, int transitions, int p, int q)
{
    double all = 0.0, per_card[MAX_UNSEEN] = {0.0}, below = 0.0, cards[MAX_UNSEEN] = {0.0};
    const double *w = s->w;
    for (int t = 0; t < s->opponents; t++) {
        int r = s->weighted[t], i = s->first[r], j = s->second[r];
        if (i == p || j == p || i == q || j == q)
            continue;
        all += w[r];
        per_card[i] += w[r];
        per_card[j] += w[r];
    }
    sort_by_value(s, m);
    if (transitions)
        memset(s->fenwick, 0, sizeof(double) * (s->ranks + 1));
    for (int start = 0; start < m;) {
        int stop = start + 1;
        int16_t v = s->value[s->order[start]];
        while (stop < m && s->value[s->order[stop]] == v)
            stop++;
        for (int t = start; t < stop; t++) {  /* before the run of equal values: the weight below */
            int k = s->order[t], r = s->row[k];
            if (s->hero[r] < 0)
                continue;
            s->below[k] = below - cards[s->first[r]] - cards[s->second[r]];
            if (transitions) {
                double *sums = s->sums + 6 * (size_t)s->hero[r];
                sums[LT_LT] += fenwick_sum(s->fenwick, s->below_rank[r]);
                sums[LE_LT] += fenwick_sum(s->fenwick, s->upto_rank[r]);
                sums[ANY_LT] += below;
            }
        }
        for (int t = start; t < stop; t++) {
            int r = s->row[s->order[t]];
            if (w[r] == 0.0)
                continue;
            below += w[r];
            cards[s->first[r]] += w[r];
            cards[s->second[r]] += w[r];
            if (transitions)
                fenwick_add(s->fenwick, s->ranks, s->upto_rank[r], w[r]);
        }
        for (int t = start; t < stop; t++) {  /* after it: the weight up to the value */
            int k = s->order[t], r = s->row[k];
            if (s->hero[r] < 0)
                continue;
            int i = s->first[r], j = s->second[r];
            s->upto[k] = below - cards[i] - cards[j] + w[r];
            s->met[k] = all - per_card[i] - per_card[j] + w[r];
            if (transitions) {
                double *sums = s->sums + 6 * (size_t)s->hero[r];
                sums[LT_LE] += fenwick_sum(s->fenwick, s->below_rank[r]);
                sums[LE_LE] += fenwick_sum(s->fenwick, s->upto_rank[r]);
                sums[ANY_LE] += below;
            }
        }
        start = stop;
    }
}

/* The board as it is: every holding's value now, their ranks among the opponent's, and the hero rows' `now`. */
static void
count_now(Spot *s, double *now)
{
    int m = 0;
    for (int r = 0; r < s->pairs; r++) {
        int i = s->first[r], j = s->second[r];
        s->now_value[r] = (int16_t)poker_value(s->board_key + s->key[i] + s->key[j],
                                               s->board_bits | s->bits[i] | s->bits[j]);
        s->row[m] = r;
        s->value[m++] = s->now_value[r];
    }
    walk(s, m, 0, -1, -1);
    int rank = 0;
    for (int start = 0, stop; start < m; start = stop) {  /* a run of equal values now, in the sorted order */
        int weighted = 0;
        for (stop = start; stop < m && s->value[s->order[stop]] == s->value[s->order[start]]; stop++)
            weighted |= s->w[s->row[s->order[stop]]] != 0.0;
        for (int t = start; t < stop; t++) {
            s->below_rank[s->row[s->order[t]]] = rank;
            s->upto_rank[s->row[s->order[t]]] = rank + weighted;
        }
        rank += weighted;
    }
    s->ranks = rank;
    for (int k = 0; k < m; k++) {
        int h = s->hero[s->row[k]];
        if (h < 0)
            continue;
        now[3 * (size_t)h] = s->below[k];
        now[3 * (size_t)h + 1] = s->upto[k] - s->below[k];
        now[3 * (size_t)h + 2] = s->met[k] - s->upto[k];
    }
}

/* Where count_runouts puts each (hero row, runout column)'s weight won (plus half the tied) and met: the
   K x R ``score`` and ``total`` (through a staging block of columns, so that each hero row is written in
   runs rather than one entry per column, which would thrash the cache), or, for the strength tables, only
   their summaries per hero row (``sums``: score, total and total x strength^2 summed; ``histogram``: the
   runouts per bin of the strength), as poker.stats.range_stats.summarise_runouts and runout_histogram make
   them. ``finals`` (P x R, or NULL) keeps every holding's final value for the transitions. */
#define BLOCK 16
typedef struct {
    double *score, *total, *stage;
    double *sums;
    int64_t *histogram;
    int bins;
    int16_t *finals;
} Sink;

/* One (hero row, runout) into the summaries: the arithmetic of summarise_runouts, operation for operation,
   and runout_histogram's bin, floor(score x bins / total) exactly (an estimate put right by exact products
   where rounding crossed an edge). */
static inline void
summarise(const Sink *out, int h, double score, double total)
{
    if (!(total > 0.0))
        return;
    double strength = score / total;
    strength = strength < 0.0 ? 0.0 : strength > 1.0 ? 1.0 : strength;
    double *sums = out->sums + 3 * (size_t)h;
    sums[0] += score;
    sums[1] += total;
    sums[2] += total * strength * strength;
    int bins = out->bins;
    int64_t slot = (int64_t)(strength * bins);
    double scaled = score * bins;
    if ((double)(slot + 1) * total <= scaled)
        slot++;
    if ((double)slot * total > scaled)
        slot--;
    slot = slot < 0 ? 0 : slot > bins - 1 ? bins - 1 : slot;
    out->histogram[(size_t)h * bins + slot]++;
}

/* The runout columns `from` to `to` - 1 (`from` a multiple of BLOCK): each final board's walk, into the sink. */
static void
count_runouts(Spot *s, int rows, int columns, const Sink *out, int from, int to)
{
    for (int c = from; c < to; c++) {
        int p, q = -1;  /* the runout's positions */
        if (s->lookahead == 1)
            p = c;
        else {
            for (p = 0; p < s->n - 1 && s->base[p] + s->n - 1 < c; p++)
                ;
            q = c - s->base[p];
        }
        uint64_t key = s->board_key + s->key[p], bits = s->board_bits | s->bits[p];
        if (q >= 0) {
            key += s->key[q];
            bits |= s->bits[q];
        }
        int m = 0;
        for (int r = 0; r < s->pairs; r++) {
            int i = s->first[r], j = s->second[r];
            if (i == p || j == p || i == q || j == q)
                continue;
            s->row[m] = r;
            s->value[m++] = (int16_t)poker_value(key + s->key[i] + s->key[j], bits | s->bits[i] | s->bits[j]);
        }
        walk(s, m, out->finals != NULL, p, q);
        int slot = c % BLOCK;
        if (out->score && slot == 0)
            memset(out->stage, 0, sizeof(double) * 2 * BLOCK * rows);
        for (int k = 0; k < m; k++) {
            int r = s->row[k], h = s->hero[r];
            if (out->finals)
                out->finals[(size_t)r * columns + c] = s->value[k];
            if (h < 0)
                continue;
            double score = s->below[k] + (s->upto[k] - s->below[k]) / 2;
            if (out->score) {
                out->stage[2 * BLOCK * (size_t)h + slot] = score;
                out->stage[2 * BLOCK * (size_t)h + BLOCK + slot] = s->met[k];
            }
            else
                summarise(out, h, score, s->met[k]);
        }
        if (out->score && (slot == BLOCK - 1 || c == columns - 1)) {  /* the block's columns, row by row */
            int first = c - slot;
            for (int h = 0; h < rows; h++) {
                memcpy(out->score + (size_t)h * columns + first, out->stage + 2 * BLOCK * (size_t)h,
                       sizeof(double) * (slot + 1));
                memcpy(out->total + (size_t)h * columns + first, out->stage + 2 * BLOCK * (size_t)h + BLOCK,
                       sizeof(double) * (slot + 1));
            }
        }
    }
}

/* Every runout column, `chunk` (a multiple of BLOCK) at a time, the GIL (released: *state) taken back between two
   to run the signal handlers: -1 if one raised. */
static int
count_every_runout(Spot *s, int rows, int columns, const Sink *out, int chunk, PyThreadState **state)
{
    for (int from = 0; from < columns; from += chunk) {
        int to = columns - from > chunk ? from + chunk : columns;
        count_runouts(s, rows, columns, out, from, to);
        if (to < columns && poker_interrupted(state))
            return -1;
    }
    return 0;
}

/* Step 3's card removal: for each hero holding, the opponent holdings sharing a card with it (itself
   included), compared directly on every runout both are free of (a final value 0 marks one that is not),
   taken off the sums; then the transitions. */
static void
finish_transitions(Spot *s, int columns, const int16_t *finals, const double *now, double *transitions)
{
    int n = s->n;
    double meetings = s->lookahead == 1 ? n - 4 : (double)(n - 4) * (n - 5) / 2;  /* runouts per disjoint pair */
    for (int r = 0; r < s->pairs; r++) {
        int h = s->hero[r];
        if (h < 0)
            continue;
        double *sums = s->sums + 6 * (size_t)h;
        const int16_t *mine = finals + (size_t)r * columns;
        int i = s->first[r], j = s->second[r];
        for (int x = 0; x < n; x++) {
            for (int side = 0; side < 2; side++) {
                int y = side ? j : i;
                if (x == y || (side && x == i))  /* (i, j) itself once, from side 0 */
                    continue;
                int o = x < y ? s->base[x] + y : s->base[y] + x;
                double weight = s->w[o];
                if (weight == 0.0)
                    continue;
                const int16_t *theirs = finals + (size_t)o * columns;
                int32_t lt = 0, le = 0;
                for (int c = 0; c < columns; c++) {  /* vectorizes: int16 compares, masked adds */
                    int both = (mine[c] != 0) & (theirs[c] != 0);
                    lt += both & (theirs[c] < mine[c]);
                    le += both & (theirs[c] <= mine[c]);
                }
                int now_lt = s->now_value[o] < s->now_value[r], now_le = s->now_value[o] <= s->now_value[r];
                sums[ANY_LT] -= weight * lt;
                sums[ANY_LE] -= weight * le;
                if (now_lt) {
                    sums[LT_LT] -= weight * lt;
                    sums[LT_LE] -= weight * le;
                }
                if (now_le) {
                    sums[LE_LT] -= weight * lt;
                    sums[LE_LE] -= weight * le;
                }
            }
        }
        /* opponent now: weaker (we are AHEAD), equal, stronger; later likewise */
        double band[3][2] = {
            {sums[LT_LT], sums[LT_LE]},
            {sums[LE_LT] - sums[LT_LT], sums[LE_LE] - sums[LT_LE]},
            {sums[ANY_LT] - sums[LE_LT], sums[ANY_LE] - sums[LE_LE]},
        };
        double *out = transitions + 9 * (size_t)h;
        for (int a = 0; a < 3; a++) {
            out[3 * a] = band[a][0];
            out[3 * a + 1] = band[a][1] - band[a][0];
            out[3 * a + 2] = meetings * now[3 * (size_t)h + a] - band[a][1];
        }
    }
}

/* Set up a spot: the board's key, the unseen cards' keys and bits, the holdings' positions, and from the
   opponent's weights (s->w, P of them) the holdings with weight. */
static void
set_up(Spot *s, const uint8_t *board, int size, const uint8_t *cards, int n, int lookahead)
{
    s->n = n;
    s->pairs = n * (n - 1) / 2;
    s->lookahead = lookahead;
    s->board_key = POKER_KEY_START;
    s->board_bits = 0;
    for (int i = 0; i < size; i++) {
        s->board_key += poker_card_keys[board[i]];
        s->board_bits |= POKER_CARD_BIT(board[i]);
    }
    for (int i = 0; i < n; i++) {
        s->key[i] = poker_card_keys[cards[i]];
        s->bits[i] = POKER_CARD_BIT(cards[i]);
        s->base[i] = i * (2 * n - i - 1) / 2 - i - 1;
        for (int j = i + 1; j < n; j++) {
            s->first[s->base[i] + j] = (uint8_t)i;
            s->second[s->base[i] + j] = (uint8_t)j;
        }
    }
    s->opponents = 0;
    for (int r = 0; r < s->pairs; r++)
        if (s->w[r] != 0.0)
            s->weighted[s->opponents++] = r;
}

/* A float64 ('d'), int32 ('i') or int64 ('q') buffer, writable if asked, of exactly `items` entries; else
   ValueError. */
static int
read_array(PyObject *object, Py_buffer *view, int writable, char format, Py_ssize_t items, const char *what)
{
    if (poker_buffer(object, view, writable ? PyBUF_WRITABLE : PyBUF_SIMPLE, format, what) < 0)
        return -1;
    if (view->len != items * view->itemsize) {
        PyErr_Format(PyExc_ValueError, "_ranges needs %s of %zd entries, got %zd", what, items,
                     view->len / view->itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* A chunk of runout columns from the caller: at least one BLOCK, rounded up to whole BLOCKs. */
static int
read_chunk(Py_ssize_t chunk)
{
    if (chunk < 1 || chunk > (1 << 20)) {
        PyErr_SetString(PyExc_ValueError, "_ranges counts chunks of 1 to 2**20 runout columns");
        return -1;
    }
    return (int)((chunk + BLOCK - 1) / BLOCK * BLOCK);
}

static PyObject *
range_counts(PyObject *module, PyObject *args)
{
    PyObject *board_object, *cards_object, *weights_object, *heroes_object, *now_object, *score_object,
        *total_object, *transitions_object;
    int lookahead;
    Py_ssize_t chunk_given = RUNOUT_CHUNK;
    if (!PyArg_ParseTuple(args, "OOiOOOOOO|n", &board_object, &cards_object, &lookahead, &weights_object,
                          &heroes_object, &now_object, &score_object, &total_object, &transitions_object,
                          &chunk_given))
        return NULL;
    if (lookahead < 0 || lookahead > 2) {
        PyErr_SetString(PyExc_ValueError, "range_counts looks ahead 0, 1 or 2 cards");
        return NULL;
    }
    int chunk = read_chunk(chunk_given);
    if (chunk < 0)
        return NULL;
    uint8_t b[5], u[MAX_UNSEEN];
    int board_size = poker_read_cards(board_object, b, "board", 3, 5 - lookahead, 1);
    if (board_size < 0)
        return NULL;
    int n = poker_read_cards(cards_object, u, "cards", 4 + lookahead, MAX_UNSEEN, 1);
    if (n < 0)
        return NULL;
    for (int i = 0; i < board_size; i++)
        for (int k = 0; k < n; k++)
            if (u[k] == b[i]) {
                PyErr_SetString(PyExc_ValueError, "range_counts needs unseen cards off the board");
                return NULL;
            }
    Py_buffer views[6];
    int held = 0, pairs = n * (n - 1) / 2, stopped = 0;
    int columns = lookahead == 0 ? 0 : lookahead == 1 ? n : pairs;
    PyObject *result = NULL;
    int16_t *finals = NULL;
    double *stage = NULL;
    Spot *s = PyMem_Calloc(1, sizeof(Spot));
    if (!s)
        return PyErr_NoMemory();
    /* the weights and hero rows, copied (and the copies checked): another thread may change its arrays */
    if (read_array(weights_object, &views[held], 0, 'd', pairs, "weights") < 0)
        goto done;
    memcpy(s->weight, views[held].buf, sizeof(double) * pairs);
    PyBuffer_Release(&views[held]);
    if (read_array(heroes_object, &views[held], 0, 'i', pairs, "heroes") < 0)
        goto done;
    memcpy(s->hero_row, views[held].buf, sizeof(int32_t) * pairs);
    PyBuffer_Release(&views[held]);
    if (PyObject_GetBuffer(now_object, &views[held], PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        goto done;
    Py_ssize_t rows = views[held].len / 24;
    PyBuffer_Release(&views[held]);
    if (read_array(now_object, &views[held], 1, 'd', 3 * rows, "now") < 0)
        goto done;
    double *now = views[held++].buf;
    for (int r = 0; r < pairs; r++)
        if (s->hero_row[r] < -1 || s->hero_row[r] >= rows) {
            PyErr_SetString(PyExc_ValueError, "range_counts needs hero rows from -1 to the rows of now");
            goto done;
        }
    double *score = NULL, *total = NULL, *transitions = NULL;
    if (lookahead) {
        if (rows > PY_SSIZE_T_MAX / 8 / (columns ? columns : 1)) {
            PyErr_SetString(PyExc_ValueError, "range_counts needs fewer hero rows");
            goto done;
        }
        if (read_array(score_object, &views[held], 1, 'd', rows * columns, "score") < 0)
            goto done;
        score = views[held++].buf;
        if (read_array(total_object, &views[held], 1, 'd', rows * columns, "total") < 0)
            goto done;
        total = views[held++].buf;
        if (transitions_object != Py_None) {
            if (read_array(transitions_object, &views[held], 1, 'd', 9 * rows, "transitions") < 0)
                goto done;
            transitions = views[held++].buf;
        }
    }
    if (transitions) {
        s->sums = PyMem_Calloc(6 * (size_t)(rows ? rows : 1), sizeof(double));
        finals = PyMem_Calloc((size_t)pairs * columns, sizeof(int16_t));
    }
    if (lookahead)
        stage = PyMem_Malloc(sizeof(double) * 2 * BLOCK * (size_t)(rows ? rows : 1));
    if ((transitions && (!s->sums || !finals)) || (lookahead && !stage)) {
        PyErr_NoMemory();
        goto done;
    }
    s->w = s->weight;  /* before set_up, which lists the opponent holdings with weight */
    s->hero = s->hero_row;
    set_up(s, b, board_size, u, n, lookahead);
    PyThreadState *state = PyEval_SaveThread();
    memset(now, 0, sizeof(double) * 3 * rows);
    count_now(s, now);
    if (lookahead) {
        Sink out = {score, total, stage, NULL, NULL, 0, finals};
        stopped = count_every_runout(s, (int)rows, columns, &out, chunk, &state) < 0;
        if (transitions && !stopped)
            finish_transitions(s, columns, finals, now, transitions);
    }
    PyEval_RestoreThread(state);
    if (!stopped)
        result = Py_NewRef(Py_None);
done:
    PyMem_Free(s->sums);
    PyMem_Free(s);
    PyMem_Free(finals);
    PyMem_Free(stage);
    while (held > 0)
        PyBuffer_Release(&views[--held]);
    return result;
}

/* board_strengths(boards, size, bins, hs, equity, mean_squared, histogram[, chunk]): every holding against every
   holding (weight 1 each) on each of B boards of `size` cards (``boards``: B x size ascending card indices,
   bytes, copied), the strength tables' numbers per holding (P = C(52 - size, 2) of them, in holding order):
   ``hs``, ``equity``, ``mean_squared`` (float64, B x P) and, with cards to come, ``histogram`` (int64, B x P x
   bins: runouts per bin), as poker.stats.boards.boards_strengths makes them from range_tally,
   summarise_runouts and runout_histogram. */
static PyObject *
board_strengths(PyObject *module, PyObject *args)
{
    PyObject *boards_object, *hs_object, *equity_object, *squared_object, *histogram_object;
    int size, bins;
    Py_ssize_t chunk_given = RUNOUT_CHUNK;
    if (!PyArg_ParseTuple(args, "OiiOOOO|n", &boards_object, &size, &bins, &hs_object, &equity_object,
                          &squared_object, &histogram_object, &chunk_given))
        return NULL;
    if (size < 3 || size > 5 || bins < 1 || bins > 100000) {
        PyErr_SetString(PyExc_ValueError, "board_strengths needs boards of 3 to 5 cards and 1 to 100000 bins");
        return NULL;
    }
    int chunk = read_chunk(chunk_given);
    if (chunk < 0)
        return NULL;
    Py_buffer views[4];
    int held = 0, stopped = 0;
    PyObject *result = NULL;
    Spot *s = NULL;
    double *sums = NULL, *now = NULL;
    uint8_t *boards = NULL;
    int lookahead = 5 - size, n = 52 - size, pairs = n * (n - 1) / 2;
    int columns = lookahead == 0 ? 0 : lookahead == 1 ? n : pairs;
    /* the boards, copied (and the copy checked): another thread may change its buffer */
    Py_buffer given;
    if (poker_buffer(boards_object, &given, PyBUF_SIMPLE, 'B', "boards") < 0)
        return NULL;
    Py_ssize_t count = given.len / size;
    int bad = given.len != count * size || count > PY_SSIZE_T_MAX / 8 / pairs / bins;
    boards = bad ? NULL : PyMem_Malloc(given.len ? (size_t)given.len : 1);
    if (boards)
        memcpy(boards, given.buf, (size_t)given.len);
    PyBuffer_Release(&given);
    if (!bad && !boards)
        return PyErr_NoMemory();
    for (Py_ssize_t b = 0; !bad && b < count; b++)
        for (int i = 0; i < size; i++)
            bad |= boards[b * size + i] > 51 || (i && boards[b * size + i] <= boards[b * size + i - 1]);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "board_strengths needs boards of ascending card indices below 52");
        goto done;
    }
    if (read_array(hs_object, &views[held], 1, 'd', count * pairs, "hs") < 0)
        goto done;
    double *hs = views[held++].buf;
    if (read_array(equity_object, &views[held], 1, 'd', count * pairs, "equity") < 0)
        goto done;
    double *equity = views[held++].buf;
    if (read_array(squared_object, &views[held], 1, 'd', count * pairs, "mean_squared") < 0)
        goto done;
    double *squared = views[held++].buf;
    int64_t *histogram = NULL;
    if (lookahead) {
        if (read_array(histogram_object, &views[held], 1, 'q', count * pairs * (Py_ssize_t)bins,
                       "histogram") < 0)
            goto done;
        histogram = views[held++].buf;
    }
    s = PyMem_Calloc(1, sizeof(Spot));
    sums = PyMem_Malloc(sizeof(double) * 3 * pairs);
    now = PyMem_Malloc(sizeof(double) * 3 * pairs);
    if (!s || !sums || !now) {
        PyErr_NoMemory();
        goto done;
    }
    for (int r = 0; r < pairs; r++) {
        s->weight[r] = 1.0;
        s->hero_row[r] = r;
    }
    s->w = s->weight;
    s->hero = s->hero_row;
    PyThreadState *state = PyEval_SaveThread();
    for (Py_ssize_t b = 0; b < count && !stopped; b++) {
        const uint8_t *board = boards + b * size;
        uint8_t cards[MAX_UNSEEN];
        for (int card = 0, k = 0, i = 0; card < 52; card++) {
            if (i < size && board[i] == card)
                i++;
            else
                cards[k++] = (uint8_t)card;
        }
        set_up(s, board, size, cards, n, lookahead);
        count_now(s, now);
        double *hs_row = hs + b * pairs, *equity_row = equity + b * pairs, *squared_row = squared + b * pairs;
        for (int r = 0; r < pairs; r++)  /* as boards_strengths: (ahead + tied / 2) / every opponent */
            hs_row[r] = (now[3 * r] + now[3 * r + 1] / 2) / (now[3 * r] + now[3 * r + 1] + now[3 * r + 2]);
        if (!lookahead) {
            for (int r = 0; r < pairs; r++) {
                equity_row[r] = hs_row[r];
                squared_row[r] = hs_row[r] * hs_row[r];
            }
        } else {
            int64_t *histogram_rows = histogram + b * pairs * (Py_ssize_t)bins;
            memset(sums, 0, sizeof(double) * 3 * pairs);
            memset(histogram_rows, 0, sizeof(int64_t) * pairs * (size_t)bins);
            Sink out = {NULL, NULL, NULL, sums, histogram_rows, bins, NULL};
            if (count_every_runout(s, pairs, columns, &out, chunk, &state) < 0) {
                stopped = 1;
                break;
            }
            for (int r = 0; r < pairs; r++) {
                equity_row[r] = sums[3 * r] / sums[3 * r + 1];
                squared_row[r] = sums[3 * r + 2] / sums[3 * r + 1];
            }
        }
        if (b + 1 < count && (lookahead || (b + 1) % 1024 == 0))  /* every board with cards to come, every */
            stopped = poker_interrupted(&state);                      /* 1,024 river boards */
    }
    PyEval_RestoreThread(state);
    if (!stopped)
        result = Py_NewRef(Py_None);
done:
    PyMem_Free(s);
    PyMem_Free(sums);
    PyMem_Free(now);
    PyMem_Free(boards);
    while (held > 0)
        PyBuffer_Release(&views[--held]);
    return result;
}

static PyMethodDef methods[] = {
    {"range_counts", range_counts, METH_VARARGS,
     "range_counts(board, cards, lookahead, weights, heroes, now, score, total, transitions[, chunk]): a range "
     "against a range, every runout"},
    {"board_strengths", board_strengths, METH_VARARGS,
     "board_strengths(boards, size, bins, hs, equity, mean_squared, histogram[, chunk]): every holding on each "
     "board"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "poker.kernel._ranges", "A range against a range, compiled (see _ranges.c).", -1,
    methods,
};

PyMODINIT_FUNC
PyInit__ranges(void)
{
    PyObject *created = PyModule_Create(&module);
    if (created && PyModule_AddIntConstant(created, "RUNOUT_CHUNK", RUNOUT_CHUNK) < 0)
        Py_CLEAR(created);
    return created;
}
