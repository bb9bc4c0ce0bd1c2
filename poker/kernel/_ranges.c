/* poker.kernel._ranges: a whole range against a range in one compiled pass, ranking inline with HandRanker's
   tables (poker/ranking/_rank.h). Python calls it only when the ranker is HandRanker itself; a ranker
   subclass takes the NumPy passes (poker/kernel/sorted_pass.py, narrow_pass.py, grid_pass.py), which rank
   through its rank_many and which the tests compare with this one.

   range_counts(board, cards, lookahead, weights, heroes, now, score, total, transitions[, chunk], *, summary=None)
       ``cards`` are the n unseen cards (ascending); the P = C(n, 2) holdings of two of them are numbered in
       itertools.combinations order of their positions. ``weights`` (float64, P) are the opponent's weights,
       ``heroes`` (int32, P) the output row of each hero holding, -1 for the others. Written, per hero row:
       ``now`` (K x 3: the opponent weight beaten, tied, and the rest of the weight it can meet, on the board
       as it is) and, with cards to come, ``score`` and ``total`` (K x R, R runout columns: the n cards for
       one card to come, the P pairs for two): after the runout, the weight beaten plus half the weight
       tied, and the weight met; 0 where the runout holds a card of the hero holding. ``transitions``
       (K x 9, or None) adds the weighted (opponent holding, runout) pairs from outcome a now to outcome b
       after the runout (AHEAD 0, TIED 1, BEHIND 2). ``summary`` (K x 3, given with ``score`` and ``total``
       None) has instead of those only their sums over the runouts, and that of total x strength^2, as
       poker.stats.range_stats.summarise_runouts makes them. Weights are summed in float64 as they come (whole
       weights exactly); Python finds the exact zeros of fractional weights with a second call.
   board_strengths(boards, size, bins, hs, equity, mean_squared, histogram[, chunk], *, numbers=None): every
       holding against every holding on each of a batch of boards, the strength tables' numbers (_ranges_boards.c
       says which), and the rows' holding numbers.

   The module is three C files (setup.py lists them): this one, the steps of a count (below), and one per
   function: range_counts (_ranges_counts.c), board_strengths (_ranges_boards.c).

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
      every holding's value now, and the weight per rank beside it): two prefix queries per hero holding,
      each with the weight at its own rank added, split the weight below and up to its
      final value by the opponent's value now (below, up to its own). The tree holds every opponent holding free
      of the runout, also those sharing a card with the hero holding: the walk also keeps, per card, the set of
      the holdings with weight it has passed (bits of their other card), and each hero holding's sets of the
      holdings sharing its cards, split by their value now (made once per board), give by their intersection
      what to take off (itself once), as the card sums do in step 2: no per-pair work, nothing kept per runout.
      The weight ending behind is the rest: each disjoint pair meets on C(n - 4, lookahead) runouts. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "_ranges.h"

/* Sort the indices 0..m-1 by value[k] into order: two stable counting passes, 7 and 6 bits (spare: room for m). */
POKER_LOCAL void
sort_values(const int16_t *value, int m, int *order, int *spare)
{
    int low[129] = {0}, high[65] = {0};
    for (int k = 0; k < m; k++) {
        low[(value[k] & 127) + 1]++;
        high[(value[k] >> 7) + 1]++;
    }
    for (int b = 0; b < 128; b++)
        low[b + 1] += low[b];
    for (int b = 0; b < 64; b++)
        high[b + 1] += high[b];
    for (int k = 0; k < m; k++)
        spare[low[value[k] & 127]++] = k;
    for (int t = 0; t < m; t++) {
        int k = spare[t];
        order[high[value[k] >> 7]++] = k;
    }
}

/* Sort the local holdings 0..m-1 by value into s->order. */
static void
sort_by_value(Spot *s, int m)
{
    sort_values(s->value, m, s->order, s->spare);
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

/* The bits set in x (plain C99: a compiler turns this into one instruction where it has one). */
static inline int
count_bits(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((x * 0x0101010101010101u) >> 56);
}

/* The lowest bit set in x (not 0), by a de Bruijn sequence (plain C99; GCC and Clang have an instruction). */
static inline int
lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    static const int8_t position[64] = {
        0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, 62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30,
        24, 18, 12, 5, 63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31,
        10, 25, 14, 19, 9, 13, 8, 7, 6};
    return position[((x & (0 - x)) * 0x03f79d71b4cb0a89u) >> 58];
#endif
}

/* The opponent weight of the holdings (c, x) for the bits x of `set`: the one weight times their number when every
   opponent holding with weight has the same, else summed bit by bit (lowest first; whole weights, as the exact
   sums give them, sum exactly in any order). */
static inline double
weight_of(const Spot *s, int c, uint64_t set)
{
    if (!set)  /* (most often, against a narrow range) */
        return 0.0;
    if (s->uniform != 0.0)
        return s->uniform * count_bits(set);
    double sum = 0.0;
    for (; set; set &= set - 1) {
        int x = lowest_bit(set);
        sum += s->w[c < x ? s->base[c] + x : s->base[x] + c];
    }
    return sum;
}

/* Step 3's card removal for holding r (cards i, j): the weight the walk has passed of the holdings sharing a card
   with it (itself once, from card i) whose value now is below its own (*lt) and up to it (*le: the same plus those
   of its value now). */
static inline void
shared_weights(const Spot *s, int r, double *lt, double *le)
{
    int i = s->first[r], j = s->second[r];
    const uint64_t *sets = s->sharing[r];
    uint64_t on_i = s->passed[i], on_j = s->passed[j];
    double below = weight_of(s, i, on_i & sets[0]) + weight_of(s, j, on_j & sets[2]);
    *lt = below;
    *le = below + (weight_of(s, i, on_i & sets[1] & ~sets[0]) + weight_of(s, j, on_j & sets[3] & ~sets[2]));
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
    if (transitions) {
        memset(s->fenwick, 0, sizeof(double) * (s->ranks + 1));
        memset(s->at_rank, 0, sizeof(double) * (s->ranks + 1));
        memset(s->passed, 0, sizeof(uint64_t) * s->n);
    }
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
                double *sums = s->sums + SUMS * (size_t)s->hero[r], shared_lt, shared_le;
                double lt = fenwick_sum(s->fenwick, s->below_rank[r]);
                shared_weights(s, r, &shared_lt, &shared_le);
                sums[LT_LT] += lt - shared_lt;
                sums[LE_LT] += lt + s->at_rank[s->upto_rank[r]] * (s->upto_rank[r] > s->below_rank[r]) - shared_le;
                sums[ANY_LT] += s->below[k];
            }
        }
        for (int t = start; t < stop; t++) {
            int r = s->row[s->order[t]];
            if (w[r] == 0.0)
                continue;
            below += w[r];
            cards[s->first[r]] += w[r];
            cards[s->second[r]] += w[r];
            if (transitions) {
                fenwick_add(s->fenwick, s->ranks, s->upto_rank[r], w[r]);
                s->at_rank[s->upto_rank[r]] += w[r];
                s->passed[s->first[r]] |= (uint64_t)1 << s->second[r];
                s->passed[s->second[r]] |= (uint64_t)1 << s->first[r];
            }
        }
        for (int t = start; t < stop; t++) {  /* after it: the weight up to the value */
            int k = s->order[t], r = s->row[k];
            if (s->hero[r] < 0)
                continue;
            int i = s->first[r], j = s->second[r];
            s->upto[k] = below - cards[i] - cards[j] + w[r];
            s->met[k] = all - per_card[i] - per_card[j] + w[r];
            if (transitions) {
                double *sums = s->sums + SUMS * (size_t)s->hero[r], shared_lt, shared_le;
                double lt = fenwick_sum(s->fenwick, s->below_rank[r]);
                shared_weights(s, r, &shared_lt, &shared_le);
                sums[LT_LE] += lt - shared_lt;
                sums[LE_LE] += lt + s->at_rank[s->upto_rank[r]] * (s->upto_rank[r] > s->below_rank[r]) - shared_le;
                sums[ANY_LE] += s->upto[k];
            }
        }
        start = stop;
    }
}

POKER_LOCAL void
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
    for (int r = 0; s->sums && r < s->pairs; r++) {  /* step 3's sets: the holdings sharing a card, by value now */
        int i = s->first[r], j = s->second[r];
        uint64_t *sets = s->sharing[r];
        sets[0] = sets[1] = sets[2] = sets[3] = 0;
        for (int x = 0; x < s->n; x++) {
            for (int side = 0; side < 2; side++) {
                int c = side ? j : i;
                if (x == c || (side && x == i))  /* itself once, in card i's sets */
                    continue;
                int16_t theirs = s->now_value[c < x ? s->base[c] + x : s->base[x] + c];
                if (theirs < s->now_value[r])
                    sets[2 * side] |= (uint64_t)1 << x;
                if (theirs <= s->now_value[r])
                    sets[2 * side + 1] |= (uint64_t)1 << x;
            }
        }
    }
    for (int k = 0; k < m; k++) {
        int h = s->hero[s->row[k]];
        if (h < 0)
            continue;
        now[3 * (size_t)h] = s->below[k];
        now[3 * (size_t)h + 1] = s->upto[k] - s->below[k];
        now[3 * (size_t)h + 2] = s->met[k] - s->upto[k];
    }
}

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
    if (out->histogram)
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
        walk(s, m, s->sums != NULL, p, q);
        int slot = c % BLOCK;
        if (out->score && slot == 0)
            memset(out->stage, 0, sizeof(double) * 2 * BLOCK * rows);
        for (int k = 0; k < m; k++) {
            int r = s->row[k], h = s->hero[r];
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

POKER_LOCAL int
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

POKER_LOCAL void
set_up_spot(Spot *s, const uint8_t *board, int size, const uint8_t *cards, int n, int lookahead)
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
    int mixed = 0;
    for (int r = 0; r < s->pairs; r++)
        if (s->w[r] != 0.0) {
            mixed |= s->opponents && s->w[r] != s->w[s->weighted[0]];
            s->weighted[s->opponents++] = r;
        }
    s->uniform = s->opponents && !mixed ? s->w[s->weighted[0]] : 0.0;
}

POKER_LOCAL int
read_chunk(Py_ssize_t chunk)
{
    if (chunk < 1 || chunk > (1 << 20)) {
        PyErr_SetString(PyExc_ValueError, "_ranges counts chunks of 1 to 2**20 runout columns");
        return -1;
    }
    return (int)((chunk + BLOCK - 1) / BLOCK * BLOCK);
}

static PyMethodDef methods[] = {
    {"range_counts", (PyCFunction)(void (*)(void))range_counts, METH_VARARGS | METH_KEYWORDS,
     "range_counts(board, cards, lookahead, weights, heroes, now, score, total, transitions[, chunk], *, "
     "summary=None): a range against a range, every runout"},
    {"board_strengths", (PyCFunction)(void (*)(void))board_strengths, METH_VARARGS | METH_KEYWORDS,
     "board_strengths(boards, size, bins, hs, equity, mean_squared, histogram[, chunk], *, numbers=None): every "
     "holding on each board"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "poker.kernel._ranges", "A range against a range, compiled (see _ranges.c).", -1,
    methods,
};

PyMODINIT_FUNC
PyInit__ranges(void)
{
    return poker_module(&module, "RUNOUT_CHUNK", RUNOUT_CHUNK);
}
