/* poker.stats._equity: poker.equity's compiled loops, ranking inline with HandRanker's tables
   (poker/ranking/_rank.h). Python calls them only when the ranker is HandRanker itself; a ranker subclass
   takes the NumPy path of poker/stats/multiway.py, which ranks through its rank_many (and is this module's
   oracle in tests/test_compiled_equity.py).

   exact_counts(holes, players, board, dead, out[, chunk]) -> -1, or the first tuple whose cards are not distinct
       indices below 52 off the board and the dead cards (0 if those two share a card)
       For each tuple of ``players`` holdings (``holes``: T * players * 2 card indices), over every board that
       completes ``board`` (0, 3, 4 or 5 cards) from the cards in no holding, no board and no ``dead`` card:
       how many boards each player wins alone, ties (splits), and the split share in units of 1/2520 (a
       k-way split adds 2520 / k; 2520 is divisible by every k up to 10). ``out``: int64, T * players * 3.
       ``chunk`` tuples are counted between two looks at signals (by default some 15 ms of them).

   sample(fixed, board, dead, order, weights, seed, deals, out[, chunk])
       Sufficient statistics of ``deals`` sampled deals, as multiway._sample_task returns them (out: float64,
       (players + 1) * 6): ``fixed`` holds each player's holding number, or -1 for a player dealt from
       weights; ``order`` the players to deal, in order, and ``weights`` their 1,326 weights (one row each, in
       that order, zero on every holding with a known card); ``seed`` 32 bytes of seed for xoshiro256**.
       ``chunk`` deals (DEAL_CHUNK unless given) are dealt between two looks at signals; the deals and their
       statistics are the same whatever the chunk.

   How exact counting works before the flop: a five-card board makes the same value with a holding as any
   board of the same ranks unless some suit shows three or more of its cards (the board's flush suit). So the
   boards are enumerated by their rank multiset (6,175 of them): each player's non-flush value is ranked once
   from the ranks alone, and the number of boards of those ranks is a product of binomials (suits still free
   per rank). Then, per suit in which some player could make a flush (a board showing 5 - k of the suit, k
   the player's most cards of it), per set F of the multiset's ranks shown in that suit, the boards showing
   exactly F in the suit are counted the same way, and the players reaching five cards of the suit take a
   flush value (the flush table on F's ranks and their own); the rest of the multiset's boards make nobody
   a flush. Sets F of three or more cards in one suit exclude any other suit's, so nothing counts twice.
   After the flop, the one or two cards to come are plain nested loops over the free cards with keys summed
   incrementally.

   How sampling works: the players dealt from weights are dealt one after the other, in ``order``. A player who
   may hold anything (the same weight on every holding of cards not known in advance) is dealt one of the
   1,326 holdings, uniformly, drawn again while it holds a card already out (known, or dealt in this deal);
   any other player is dealt from Walker's alias table over its weights, drawn again while the holding shares
   a card already out (after 16 draws, from the free weights directly). The deal weighs the product, over
   the players dealt, of the weight still free for the player over its total, as the NumPy path does (with
   only fixed hands and players who may hold anything, every deal weighs the same and only counts are kept).
   The rest of the board is dealt 6 random bits at a time (ten from each 64-bit output of xoshiro256**), drawn
   again while they name no card (52 to 63) or a card already out: uniform over the cards left, with no
   shuffled deck.

   Buffers (poker/_core.h): the board, the dead cards, the fixed holdings, the order, the weights (1,326 per
   dealt player: at most 104 kB) and the seed are copied and checked before the GIL is released, and only the
   copies are read. The holes of exact_counts are a large data buffer, read where they lie: each tuple's
   cards are copied into a local and checked there (a tuple changed since the first check is reported as a
   bad tuple, never read off the tables). ``out`` is only written (and added to).

   Nothing here raises a poker error: Python (multiway.py) checks every input first; a malformed buffer is a
   ValueError, a tuple of repeated cards a return value. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "_rank.h"
#include "_core.h"

#define MAX_PLAYERS 10
#define HOLDINGS 1326
#define SPLIT_UNIT 2520 /* the least common multiple of 1..10 */
#define DEAL_CHUNK (1 << 17)  /* deals sampled between two looks at signals: some 20 ms */

/* ------------------------------------------------------------------------------------------- showdown */

/* Add one showdown of values v (count boards) to per-player counts (wins, ties, split units). */
static inline void
showdown(const int *v, int players, int64_t count, int64_t *out)
{
    int best = v[0], winners = 1;
    for (int p = 1; p < players; p++) {
        if (v[p] > best) {
            best = v[p];
            winners = 1;
        } else if (v[p] == best) {
            winners++;
        }
    }
    if (winners == 1) {
        for (int p = 0; p < players; p++)
            if (v[p] == best)
                out[3 * p] += count;
        return;
    }
    int64_t share = count * (SPLIT_UNIT / winners);
    for (int p = 0; p < players; p++)
        if (v[p] == best) {
            out[3 * p + 1] += count;
            out[3 * p + 2] += share;
        }
}

/* ------------------------------------------------------------------------------------------ exact */

static const int64_t binomial[5][5] = {  /* C(n, k) for n, k up to 4 */
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1},
};

static inline int
bit_count(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Showdowns counted by who wins: tally[mask] boards won (alone or split) by exactly the players in mask.
   Finding the mask needs no branch, and the wins, ties and split units are read off the masks at the end. */
static inline void
tally_showdown(const int *v, int players, int64_t count, int64_t *tally)
{
    int best = v[0];
    for (int p = 1; p < players; p++)
        best = v[p] > best ? v[p] : best;
    unsigned mask = 0;
    for (int p = 0; p < players; p++)
        mask |= (unsigned)(v[p] == best) << p;
    tally[mask] += count;
}

/* Turn a tally into wins, ties and split units per player (and clear it). */
static void
read_tally(int64_t *tally, int players, int64_t *out)
{
    for (unsigned mask = 1; mask < 1u << players; mask++) {
        int64_t count = tally[mask];
        if (!count)
            continue;
        tally[mask] = 0;
        int winners = bit_count(mask);
        for (int p = 0; p < players; p++) {
            if (!(mask >> p & 1))
                continue;
            if (winners == 1) {
                out[3 * p] += count;
            } else {
                out[3 * p + 1] += count;
                out[3 * p + 2] += count * (SPLIT_UNIT / winners);
            }
        }
    }
}

/* The subsets of k items (k up to 5) by decreasing size, so that a loop over those of at least some size stops
   at the first smaller one. */
typedef struct {
    uint8_t set[6][32], size[6][32];
    int count[6];
} Subsets;

static void
list_subsets(Subsets *s)
{
    for (int k = 0; k <= 5; k++) {
        s->count[k] = 0;
        for (int size = k; size >= 1; size--)
            for (int set = 1; set < 1 << k; set++)
                if (bit_count((unsigned)set) == size) {
                    s->set[k][s->count[k]] = (uint8_t)set;
                    s->size[k][s->count[k]++] = (uint8_t)size;
                }
    }
}

/* Preflop: every board of five free cards (no card in `used`), by rank multiset (see the top). */
static void
count_preflop(const uint8_t *holes, int players, uint64_t used, const Subsets *subsets, int64_t *tally)
{
    int avail[13], free_count[13];   /* per rank: the free suits as a 4-bit set, and how many */
    for (int r = 0; r < 13; r++) {
        avail[r] = 0;
        for (int s = 0; s < 4; s++)
            if (!(used >> (4 * r + s) & 1))
                avail[r] |= 1 << s;
        free_count[r] = bit_count((unsigned)avail[r]);
    }
    uint32_t hole_ranks[MAX_PLAYERS];  /* the rank part (low 32 bits) of the hole cards' keys */
    int suited[MAX_PLAYERS][4], suited_bits[MAX_PLAYERS][4], most[4] = {0, 0, 0, 0};
    for (int p = 0; p < players; p++) {
        int a = holes[2 * p], b = holes[2 * p + 1];
        hole_ranks[p] = (uint32_t)poker_card_keys[a] + (uint32_t)poker_card_keys[b];
        for (int s = 0; s < 4; s++) {
            suited[p][s] = ((a & 3) == s) + ((b & 3) == s);
            suited_bits[p][s] = (((a & 3) == s) << (a >> 2)) | (((b & 3) == s) << (b >> 2));
            if (suited[p][s] > most[s])
                most[s] = suited[p][s];
        }
    }
    uint32_t rank_key[13];
    for (int r = 0; r < 13; r++)
        rank_key[r] = (uint32_t)poker_card_keys[4 * r];
    int rank_values[MAX_PLAYERS], v[MAX_PLAYERS];
    int r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
    for (r[1] = r[0]; r[1] < 13; r[1]++)
    for (r[2] = r[1]; r[2] < 13; r[2]++)
    for (r[3] = r[2]; r[3] < 13; r[3]++)
    for (r[4] = r[3]; r[4] < 13; r[4]++) {
        /* the distinct ranks and their multiplicities */
        int distinct[5], times[5], k = 0;
        for (int i = 0; i < 5; i++) {
            if (k && distinct[k - 1] == r[i]) {
                times[k - 1]++;
            } else {
                distinct[k] = r[i];
                times[k++] = 1;
            }
        }
        int64_t total = 1;
        for (int i = 0; i < k && total; i++)
            total *= times[i] <= 4 ? binomial[free_count[distinct[i]]][times[i]] : 0;
        if (!total)
            continue;
        uint32_t ranks = 0;
        for (int i = 0; i < 5; i++)
            ranks += rank_key[r[i]];
        for (int p = 0; p < players; p++)  /* suit counters at their start: no flush, the rank hash */
            rank_values[p] = poker_value(POKER_KEY_START + ranks + hole_ranks[p], 0);
        int64_t flushes = 0;
        for (int s = 0; s < 4; s++) {
            int need = 5 - most[s];  /* at least 3: below it nobody makes a flush in this suit */
            if (k < need)
                continue;
            /* boards showing rank i in suit s (once) and its other cards in other suits, or none in suit s */
            int64_t in[5], out[5];
            for (int i = 0; i < k; i++) {
                int rank = distinct[i], has = avail[rank] >> s & 1, others = free_count[rank] - has;
                in[i] = has ? binomial[others][times[i] - 1] : 0;
                out[i] = binomial[others][times[i]];
            }
            for (int j = 0; j < subsets->count[k] && subsets->size[k][j] >= need; j++) {
                int set = subsets->set[k][j], size = subsets->size[k][j], flush_bits = 0;
                int64_t count = 1;
                for (int i = 0; i < k; i++) {
                    int member = set >> i & 1;
                    count *= member ? in[i] : out[i];
                    flush_bits |= member << distinct[i];
                }
                if (!count)
                    continue;
                for (int p = 0; p < players; p++)
                    v[p] = size + suited[p][s] >= 5 ? poker_flush_values[flush_bits | suited_bits[p][s]]
                                                    : rank_values[p];
                tally_showdown(v, players, count, tally);
                flushes += count;
            }
        }
        if (total > flushes)
            tally_showdown(rank_values, players, total - flushes, tally);
    }
}

/* After the flop: 0, 1 or 2 cards to come from the free cards (nested loops, keys summed incrementally). */
static void
count_later(const uint8_t *holes, int players, const uint8_t *board, int board_size, uint64_t used,
            int64_t *out)
{
    uint64_t key[MAX_PLAYERS], bits[MAX_PLAYERS], free_key[52], free_bits[52];
    int free_cards = 0, v[MAX_PLAYERS];
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1)) {
            free_key[free_cards] = poker_card_keys[c];
            free_bits[free_cards++] = POKER_CARD_BIT(c);
        }
    for (int p = 0; p < players; p++) {
        key[p] = POKER_KEY_START;
        bits[p] = 0;
        for (int i = 0; i < board_size; i++) {
            key[p] += poker_card_keys[board[i]];
            bits[p] |= POKER_CARD_BIT(board[i]);
        }
        for (int i = 0; i < 2; i++) {
            key[p] += poker_card_keys[holes[2 * p + i]];
            bits[p] |= POKER_CARD_BIT(holes[2 * p + i]);
        }
    }
    if (board_size == 5) {
        for (int p = 0; p < players; p++)
            v[p] = poker_value(key[p], bits[p]);
        showdown(v, players, 1, out);
    } else if (board_size == 4) {
        for (int a = 0; a < free_cards; a++) {
            for (int p = 0; p < players; p++)
                v[p] = poker_value(key[p] + free_key[a], bits[p] | free_bits[a]);
            showdown(v, players, 1, out);
        }
    } else {
        for (int a = 0; a < free_cards; a++)
            for (int b = a + 1; b < free_cards; b++) {
                uint64_t k = free_key[a] + free_key[b], m = free_bits[a] | free_bits[b];
                for (int p = 0; p < players; p++)
                    v[p] = poker_value(key[p] + k, bits[p] | m);
                showdown(v, players, 1, out);
            }
    }
}

/* A writable C-contiguous buffer of `count` items of `kind` ('q' int64, 'd' float64). */
static int
read_out(PyObject *object, Py_buffer *view, Py_ssize_t count, char kind, const char *what)
{
    if (poker_buffer(object, view, PyBUF_WRITABLE, kind, what) < 0)
        return -1;
    if (view->len != count * view->itemsize) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "_equity needs %s", what);
        return -1;
    }
    return 0;
}

static uint64_t
card_mask(const uint8_t *cards, Py_ssize_t count, int *twice)
{
    uint64_t mask = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        *twice |= (int)(mask >> cards[i] & 1);
        mask |= 1ULL << cards[i];
    }
    return mask;
}

/* Tuples counted between two looks at signals, by the board's size (0, 3, 4, 5): some 15 ms of work each. */
static const Py_ssize_t exact_chunk[6] = {16, 0, 0, 2048, 32768, 65536};

static PyObject *
exact_counts(PyObject *module, PyObject *args)
{
    PyObject *holes_object, *board_object, *dead_object, *out_object;
    int players;
    Py_ssize_t chunk = 0;
    Py_buffer holes, out;
    if (!PyArg_ParseTuple(args, "OiOOO|n", &holes_object, &players, &board_object, &dead_object, &out_object,
                          &chunk))
        return NULL;
    if (players < 2 || players > MAX_PLAYERS || chunk < 0) {
        PyErr_SetString(PyExc_ValueError, "exact_counts counts 2 to 10 players, in chunks of tuples");
        return NULL;
    }
    uint8_t b[5], dead[52];
    int board_size = poker_read_cards(board_object, b, "board", 0, 5, 0);
    if (board_size < 0)
        return NULL;
    if (board_size == 1 || board_size == 2) {
        PyErr_SetString(PyExc_ValueError, "exact_counts needs a board of 0, 3, 4 or 5 cards");
        return NULL;
    }
    int dead_size = poker_read_cards(dead_object, dead, "dead", 0, 52, 0);
    if (dead_size < 0)
        return NULL;
    /* the holes: a large buffer, read where it lies (each tuple copied and checked as it is counted) */
    if (poker_buffer(holes_object, &holes, PyBUF_SIMPLE, 'B', "holes") < 0)
        return NULL;
    Py_ssize_t tuples = holes.len / (2 * players);
    if (holes.len % (2 * players)) {
        PyBuffer_Release(&holes);
        PyErr_SetString(PyExc_ValueError, "_equity needs whole tuples of holdings as holes");
        return NULL;
    }
    if (read_out(out_object, &out, tuples * players * 3, 'q', "an int64 buffer of T * players * 3") < 0) {
        PyBuffer_Release(&holes);
        return NULL;
    }
    if (!chunk)
        chunk = exact_chunk[board_size];
    const uint8_t *h = holes.buf;
    int64_t *counts = out.buf;
    int twice = 0, stopped = 0;
    uint64_t known = card_mask(b, board_size, &twice);
    uint64_t dead_mask = card_mask(dead, dead_size, &twice);
    twice |= (known & dead_mask) != 0;
    known |= dead_mask;
    Py_ssize_t bad = twice ? 0 : -1;
    Subsets subsets;
    list_subsets(&subsets);
    int64_t tally[1 << MAX_PLAYERS];
    memset(tally, 0, sizeof(tally));
    PyThreadState *state = PyEval_SaveThread();
    memset(counts, 0, (size_t)out.len);
    for (Py_ssize_t t = 0; t < tuples && bad < 0; t++) {
        uint8_t tuple[2 * MAX_PLAYERS];
        memcpy(tuple, h + 2 * players * t, 2 * (size_t)players);
        int repeated = 0;
        for (int i = 0; i < 2 * players; i++)
            repeated |= tuple[i] > 51;
        uint64_t used = repeated ? 0 : card_mask(tuple, 2 * players, &repeated);
        if (repeated || (used & known)) {
            bad = t;
            break;
        }
        used |= known;
        if (board_size == 0) {
            count_preflop(tuple, players, used, &subsets, tally);
            read_tally(tally, players, counts + 3 * players * t);
        } else
            count_later(tuple, players, b, board_size, used, counts + 3 * players * t);
        if ((t + 1) % chunk == 0 && t + 1 < tuples && (stopped = poker_interrupted(&state)))
            break;
    }
    PyEval_RestoreThread(state);
    PyBuffer_Release(&out);
    PyBuffer_Release(&holes);
    return stopped ? NULL : PyLong_FromSsize_t(bad);
}

/* ------------------------------------------------------------------------------------------ sampling */

/* xoshiro256** (Blackman and Vigna), with its 64-bit outputs served 32 bits at a time (and, for the board's
   cards, 6 bits at a time: `pool`, kept here between two chunks of deals). */
typedef struct {
    uint64_t s[4];
    uint64_t spare, pool;
    int has_spare, pool_left;
} Rng;

static inline uint64_t
rotate(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t
next64(Rng *g)
{
    uint64_t *s = g->s, result = rotate(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotate(s[3], 45);
    return result;
}

static inline uint32_t
next32(Rng *g)
{
    if (g->has_spare) {
        g->has_spare = 0;
        return (uint32_t)g->spare;
    }
    g->spare = next64(g);
    g->has_spare = 1;
    return (uint32_t)(g->spare >> 32);
}

/* A uniform integer below n (Lemire's multiply-and-reject: no bias). */
static inline uint32_t
below(Rng *g, uint32_t n)
{
    uint64_t m = (uint64_t)next32(g) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)next32(g) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline double
uniform(Rng *g)
{
    return (double)(next64(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* One dealt player's weights, ready to draw from. */
typedef struct {
    int player;
    const double *weights;  /* 1,326 */
    double total, inverse_total, per_card[52];
    int support_size, even;  /* even: every weight in the support equal, so the alias table is not needed */
    int full;  /* even, and every holding of cards not known in advance in the support */
    int16_t *support, *alias;
    double *accept;
} Dealer;

/* Walker's alias table over the dealer's support (Vose's stable construction). */
static void
build_alias(Dealer *d, int16_t *small, int16_t *large)
{
    int n = d->support_size, smalls = 0, larges = 0;
    double scale = n / d->total;
    for (int i = 0; i < n; i++) {
        d->accept[i] = d->weights[d->support[i]] * scale;
        d->alias[i] = (int16_t)i;
        if (d->accept[i] < 1.0)
            small[smalls++] = (int16_t)i;
        else
            large[larges++] = (int16_t)i;
    }
    while (smalls && larges) {
        int low = small[--smalls], high = large[--larges];
        d->alias[low] = (int16_t)high;
        d->accept[high] -= 1.0 - d->accept[low];
        if (d->accept[high] < 1.0)
            small[smalls++] = (int16_t)high;
        else
            large[larges++] = (int16_t)high;
    }
    while (larges)
        d->accept[large[--larges]] = 1.0;
    while (smalls)
        d->accept[small[--smalls]] = 1.0;
}

typedef struct {
    uint8_t first[HOLDINGS], second[HOLDINGS];
    uint64_t mask[HOLDINGS];
    int16_t number[52][52];
} HoldingTable;

static void
holding_table(HoldingTable *table)
{
    int n = 0;
    for (int a = 0; a < 52; a++) {
        table->number[a][a] = -1;
        for (int b = a + 1; b < 52; b++, n++) {
            table->first[n] = (uint8_t)a;
            table->second[n] = (uint8_t)b;
            table->mask[n] = (1ULL << a) | (1ULL << b);
            table->number[a][b] = table->number[b][a] = (int16_t)n;
        }
    }
}

/* Draw a holding free of `used` from dealer d, whose free weight is `left`. */
static inline int
draw_holding(const Dealer *d, const HoldingTable *table, uint64_t used, double left, Rng *g)
{
    for (int round = 0; round < 16; round++) {
        int column = (int)below(g, (uint32_t)d->support_size);
        int pick = d->support[d->even || uniform(g) < d->accept[column] ? column : d->alias[column]];
        if (!(table->mask[pick] & used))
            return pick;
    }
    /* most of the weight is blocked: draw from the free weights directly */
    double target = uniform(g) * left, sum = 0.0;
    int last = -1;
    for (int i = 0; i < d->support_size; i++) {
        int h = d->support[i];
        if (table->mask[h] & used)
            continue;
        last = h;
        sum += d->weights[h];
        if (sum > target)
            return h;
    }
    return last;
}

/* The sampled deals by who wins (the players of a mask share the pot): their weights and squared weights, or
   their count when every deal weighs 1 (only fixed hands are dealt). */
typedef struct {
    double weight[1 << MAX_PLAYERS], squared[1 << MAX_PLAYERS];
    int64_t count[1 << MAX_PLAYERS];
    int constant;  /* every deal weighs `unit`: only fixed hands and full dealers (then only counts are kept) */
    double unit;
} Totals;

/* Whether every deal weighs the same, and that weight: with only fixed hands and full dealers, each full dealer
   finds the same number of free cards in every deal (the cards dealt before it come from the deck too). */
static void
constant_weight(const Dealer *dealers, int dealt_players, int deck_size, Totals *totals)
{
    totals->constant = 1;
    totals->unit = 1.0;
    for (int i = 0; i < dealt_players && totals->constant; i++) {
        const Dealer *d = &dealers[i];
        int free_cards = deck_size - 2 * i;
        totals->constant = d->full;
        totals->unit *= d->weights[d->support[0]] * (0.5 * free_cards * (free_cards - 1)) * d->inverse_total;
    }
}

static void
sample_deals(const int32_t *fixed, int players, const uint8_t *board, int board_size, uint64_t known,
             const Dealer *dealers, int dealt_players, const HoldingTable *table, Rng *g, int64_t deals,
             Totals *totals)
{
    int deck_size = 52 - bit_count(known), to_deal = 5 - board_size;
    uint64_t board_key = POKER_KEY_START, board_bits = 0;
    for (int i = 0; i < board_size; i++) {
        board_key += poker_card_keys[board[i]];
        board_bits |= POKER_CARD_BIT(board[i]);
    }
    uint64_t hole_key[MAX_PLAYERS], hole_bits[MAX_PLAYERS];
    for (int p = 0; p < players; p++)
        if (fixed[p] >= 0) {
            int a = table->first[fixed[p]], b = table->second[fixed[p]];
            hole_key[p] = poker_card_keys[a] + poker_card_keys[b];
            hole_bits[p] = POKER_CARD_BIT(a) | POKER_CARD_BIT(b);
        }
    /* the next card of the deck: 6 random bits at a time (ten from each 64-bit output), drawn again while
       they name no card or one already used (known, or dealt in this deal): uniform over the cards left, with
       no multiplication and no shuffled deck to keep */
    uint64_t pool = g->pool;  /* (in registers while dealing: back in g at the end) */
    int pool_left = g->pool_left;
#define NEXT_CARD(card) do { \
        unsigned c_; \
        do { \
            if (!pool_left) { \
                pool = next64(g); \
                pool_left = 10; \
            } \
            c_ = (unsigned)(pool & 63); \
            pool >>= 6; \
            pool_left--; \
        } while (c_ > 51 || (used >> c_ & 1)); \
        card = (uint8_t)c_; \
        used |= 1ULL << c_; \
    } while (0)
    const int constant = totals->constant;  /* (in a register: the loop writes through totals) */
    for (int64_t deal = 0; deal < deals; deal++) {
        uint64_t used = known;
        double weight = 1.0;
        uint8_t out[2 * MAX_PLAYERS];
        int outs = 0;
        for (int i = 0; i < dealt_players; i++) {
            const Dealer *d = &dealers[i];
            uint8_t a, b;
            if (d->full) {  /* every free holding, each weighing the same: one of the 1,326, drawn again while
                               it holds a card already out (one draw and one test, not two cards' loops) */
                int free_cards = deck_size - outs, h;
                do
                    h = (int)below(g, 1326);
                while (table->mask[h] & used);
                a = table->first[h];
                b = table->second[h];
                if (!constant)
                    weight *= d->weights[d->support[0]] * (0.5 * free_cards * (free_cards - 1)) * d->inverse_total;
                goto dealt;
            }
            /* the weight of the holdings free of the cards dealt so far: inclusion and exclusion (two sums,
               so that the additions do not wait on each other) */
            double cards = 0.0, pairs = 0.0, more_pairs = 0.0;
            for (int j = 0; j < outs; j++) {
                cards += d->per_card[out[j]];
                for (int k = j + 1; k < outs; k += 2) {
                    pairs += d->weights[table->number[out[j]][out[k]]];
                    if (k + 1 < outs)
                        more_pairs += d->weights[table->number[out[j]][out[k + 1]]];
                }
            }
            double left = (d->total - cards) + (pairs + more_pairs);
            if (left < 1e-9 * d->total) {  /* cancellation: count it exactly */
                left = 0.0;
                for (int s = 0; s < d->support_size; s++)
                    if (!(table->mask[d->support[s]] & used))
                        left += d->weights[d->support[s]];
            }
            int h = left > 0.0 ? draw_holding(d, table, used, left, g) : -1;
            if (h < 0) {  /* no holding left: the deal weighs 0 */
                weight = 0.0;
                break;
            }
            weight *= left * d->inverse_total;
            a = table->first[h];
            b = table->second[h];
        dealt:
            hole_key[d->player] = poker_card_keys[a] + poker_card_keys[b];
            hole_bits[d->player] = POKER_CARD_BIT(a) | POKER_CARD_BIT(b);
            used |= (1ULL << a) | (1ULL << b);
            out[outs++] = a;
            out[outs++] = b;
        }
        if (weight <= 0.0)
            continue;
        /* the rest of the board */
        uint64_t key = board_key, bits = board_bits;
        for (int i = 0; i < to_deal; i++) {
            uint8_t card;
            NEXT_CARD(card);
            key += poker_card_keys[card];
            bits |= POKER_CARD_BIT(card);
        }
        int v[MAX_PLAYERS], best = 0;
        for (int p = 0; p < players; p++) {
            v[p] = poker_value(key + hole_key[p], bits | hole_bits[p]);
            best = v[p] > best ? v[p] : best;
        }
        unsigned mask = 0;
        for (int p = 0; p < players; p++)
            mask |= (unsigned)(v[p] == best) << p;
        if (constant) {
            totals->count[mask]++;
        } else {
            totals->weight[mask] += weight;
            totals->squared[mask] += weight * weight;
        }
    }
    g->pool = pool;
    g->pool_left = pool_left;
#undef NEXT_CARD
}

/* multiway._sample_task's statistics from the totals by mask: per player (sum w*win, sum w*split share,
   sum w^2*eq, sum w^2*eq^2, sum w*tie, sum w^2*tie), then (sum w, sum w^2, deals, 0, 0, 0). */
static void
read_totals(const Totals *totals, int players, int64_t deals, double *stats)
{
    memset(stats, 0, sizeof(double) * 6 * (players + 1));
    double *last = stats + 6 * players;
    for (unsigned mask = 1; mask < 1u << players; mask++) {
        double count = (double)totals->count[mask];
        double w = totals->constant ? count * totals->unit : totals->weight[mask];
        double w2 = totals->constant ? count * totals->unit * totals->unit : totals->squared[mask];
        if (w <= 0.0)
            continue;
        int winners = bit_count(mask);
        last[0] += w;
        last[1] += w2;
        for (int p = 0; p < players; p++) {
            if (!(mask >> p & 1))
                continue;
            double *row = stats + 6 * p;
            if (winners == 1) {
                row[0] += w;
            } else {
                row[1] += w / winners;
                row[4] += w;
                row[5] += w2;
            }
            row[2] += w2 / winners;
            row[3] += w2 / ((double)winners * winners);
        }
    }
    last[2] = (double)deals;
}

/* Check sample's inputs (copied: the board, the dead cards, the fixed holdings, the order, the weights) and deal
   `deals`, `chunk` at a time; NULL with a ValueError when one is malformed, or with the exception a signal
   handler raised. */
static PyObject *
sample_with(const int32_t *fixed_numbers, int players, const uint8_t *board, int board_size, const uint8_t *dead,
            int dead_size, const int32_t *order_numbers, int dealt_players, const double *weight_rows,
            const uint8_t *seed, double *stats, long long deals, Py_ssize_t chunk)
{
    int good = players >= 2 && players <= MAX_PLAYERS && (board_size == 0 || board_size >= 3) && deals >= 0
        && chunk >= 1;
    int is_dealt[MAX_PLAYERS] = {0};
    for (int p = 0; good && p < players; p++)
        good = fixed_numbers[p] >= -1 && fixed_numbers[p] < HOLDINGS;
    for (int i = 0; good && i < dealt_players; i++) {
        int p = order_numbers[i];
        good = p >= 0 && p < players && fixed_numbers[p] == -1 && !is_dealt[p];
        if (good)
            is_dealt[p] = 1;
    }
    for (int p = 0; good && p < players; p++)
        good = is_dealt[p] || fixed_numbers[p] >= 0;
    for (Py_ssize_t i = 0; good && i < (Py_ssize_t)HOLDINGS * dealt_players; i++)
        good = weight_rows[i] >= 0.0 && weight_rows[i] <= 1e300;  /* also false for NaN */
    if (!good) {
        PyErr_SetString(PyExc_ValueError, "sample needs 2 to 10 int32 holding numbers (-1: dealt), the dealt "
                        "players' order and weights (float64, 1,326 each), 32 bytes of seed, deals >= 0, a chunk "
                        ">= 1 and a float64 buffer of (players + 1) * 6");
        return NULL;
    }
    HoldingTable *table = PyMem_Malloc(sizeof(HoldingTable));
    Dealer *dealers = PyMem_Calloc((size_t)dealt_players + 1, sizeof(Dealer));
    int16_t *indices = PyMem_Calloc((size_t)dealt_players + 1, 2 * HOLDINGS * sizeof(int16_t));
    double *accept = PyMem_Calloc((size_t)dealt_players + 1, HOLDINGS * sizeof(double));
    int16_t *work = PyMem_Malloc(2 * HOLDINGS * sizeof(int16_t));
    Totals *totals = PyMem_Calloc(1, sizeof(Totals));
    PyObject *result = NULL;
    if (!table || !dealers || !indices || !accept || !work || !totals) {
        PyErr_NoMemory();
        goto done;
    }
    holding_table(table);
    /* the known cards (board, dead cards, fixed hands) each once, no dealt player's weight on them, and
       enough cards left for the board */
    int twice = 0;
    uint64_t known = card_mask(board, board_size, &twice);
    uint64_t dead_mask = card_mask(dead, dead_size, &twice);
    twice |= (known & dead_mask) != 0;
    known |= dead_mask;
    for (int p = 0; p < players; p++)
        if (fixed_numbers[p] >= 0) {
            twice |= (table->mask[fixed_numbers[p]] & known) != 0;
            known |= table->mask[fixed_numbers[p]];
        }
    int unknown = 0;
    for (int c = 0; c < 52; c++)
        unknown += !(known >> c & 1);
    twice |= unknown - 2 * dealt_players < 5 - board_size;
    for (int i = 0; !twice && i < dealt_players; i++) {
        Dealer *d = &dealers[i];
        d->player = order_numbers[i];
        d->weights = weight_rows + (size_t)HOLDINGS * i;
        d->support = indices + (size_t)2 * HOLDINGS * i;
        d->alias = d->support + HOLDINGS;
        d->accept = accept + (size_t)HOLDINGS * i;
        for (int h = 0; h < HOLDINGS; h++) {
            double w = d->weights[h];
            if (w <= 0.0)
                continue;
            twice |= (table->mask[h] & known) != 0;
            d->support[d->support_size++] = (int16_t)h;
            d->total += w;
            d->per_card[table->first[h]] += w;
            d->per_card[table->second[h]] += w;
        }
        twice |= d->support_size == 0;
        if (twice)
            break;
        d->inverse_total = 1.0 / d->total;
        d->even = 1;
        for (int s = 1; s < d->support_size && d->even; s++)
            d->even = d->weights[d->support[s]] == d->weights[d->support[0]];
        d->full = d->even && d->support_size == unknown * (unknown - 1) / 2;
        build_alias(d, work, work + HOLDINGS);
    }
    if (twice) {
        PyErr_SetString(PyExc_ValueError, "sample needs distinct known cards, weights without them and cards "
                        "enough for the board");
        goto done;
    }
    Rng g;
    memcpy(g.s, seed, 32);
    g.has_spare = 0;
    g.pool = 0;
    g.pool_left = 0;
    if (!(g.s[0] | g.s[1] | g.s[2] | g.s[3]))
        g.s[0] = 1;  /* xoshiro's one state that never moves */
    constant_weight(dealers, dealt_players, unknown, totals);
    int stopped = 0;
    PyThreadState *state = PyEval_SaveThread();
    for (long long done = 0; done < deals; ) {
        long long some = deals - done < chunk ? deals - done : (long long)chunk;
        sample_deals(fixed_numbers, players, board, board_size, known, dealers, dealt_players, table, &g,
                     (int64_t)some, totals);
        done += some;
        if (done < deals && (stopped = poker_interrupted(&state)))
            break;
    }
    if (!stopped)
        read_totals(totals, players, (int64_t)deals, stats);
    PyEval_RestoreThread(state);
    if (!stopped)
        result = Py_NewRef(Py_None);
done:
    PyMem_Free(table);
    PyMem_Free(dealers);
    PyMem_Free(indices);
    PyMem_Free(accept);
    PyMem_Free(work);
    PyMem_Free(totals);
    return result;
}

/* An int32 buffer of 0 to `high` numbers copied into `numbers`: their count, or -1 with a ValueError. */
static int
read_numbers(PyObject *object, int32_t *numbers, int high, const char *what)
{
    Py_buffer view;
    if (poker_buffer(object, &view, PyBUF_SIMPLE, 'i', what) < 0)
        return -1;
    Py_ssize_t count = view.len / 4;
    if (count > high) {
        PyBuffer_Release(&view);
        PyErr_Format(PyExc_ValueError, "sample needs at most %d numbers as %s", high, what);
        return -1;
    }
    memcpy(numbers, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    return (int)count;
}

static PyObject *
sample(PyObject *module, PyObject *args)
{
    PyObject *fixed_object, *board_object, *dead_object, *order_object, *weights_object, *seed_object, *out_object;
    long long deals;
    Py_ssize_t chunk = DEAL_CHUNK;
    if (!PyArg_ParseTuple(args, "OOOOOOLO|n", &fixed_object, &board_object, &dead_object, &order_object,
                          &weights_object, &seed_object, &deals, &out_object, &chunk))
        return NULL;
    int32_t fixed[MAX_PLAYERS], order[MAX_PLAYERS];
    uint8_t board[5], dead[52], seed[32];
    int players = read_numbers(fixed_object, fixed, MAX_PLAYERS, "fixed");
    if (players < 0)
        return NULL;
    int dealt_players = read_numbers(order_object, order, MAX_PLAYERS, "order");
    if (dealt_players < 0)
        return NULL;
    int board_size = poker_read_cards(board_object, board, "board", 0, 5, 0);
    if (board_size < 0)
        return NULL;
    int dead_size = poker_read_cards(dead_object, dead, "dead", 0, 52, 0);
    if (dead_size < 0)
        return NULL;
    Py_buffer view;
    if (poker_buffer(seed_object, &view, PyBUF_SIMPLE, 'B', "seed") < 0)
        return NULL;
    int seed_size = (int)(view.len == 32 ? 32 : 0);
    memcpy(seed, view.buf, (size_t)seed_size);
    PyBuffer_Release(&view);
    if (seed_size != 32) {
        PyErr_SetString(PyExc_ValueError, "sample needs 32 bytes of seed");
        return NULL;
    }
    /* the weights: 1,326 per dealt player, copied */
    if (poker_buffer(weights_object, &view, PyBUF_SIMPLE, 'd', "weights") < 0)
        return NULL;
    if (view.len != (Py_ssize_t)sizeof(double) * HOLDINGS * dealt_players) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "sample needs 1,326 float64 weights per dealt player");
        return NULL;
    }
    double *weights = PyMem_Malloc(view.len ? (size_t)view.len : 1);
    if (weights)
        memcpy(weights, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    if (!weights)
        return PyErr_NoMemory();
    Py_buffer out;
    PyObject *result = NULL;
    if (read_out(out_object, &out, ((Py_ssize_t)players + 1) * 6, 'd', "a float64 buffer of (players + 1) * 6") == 0) {
        result = sample_with(fixed, players, board, board_size, dead, dead_size, order, dealt_players, weights,
                             seed, out.buf, deals, chunk);
        PyBuffer_Release(&out);
    }
    PyMem_Free(weights);
    return result;
}

static PyMethodDef methods[] = {
    {"exact_counts", exact_counts, METH_VARARGS,
     "exact_counts(holes, players, board, dead, out[, chunk]): wins, ties and split units per tuple and player"},
    {"sample", sample, METH_VARARGS,
     "sample(fixed, board, dead, order, weights, seed, deals, out[, chunk]): sampled deals' sufficient statistics"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "poker.stats._equity", "poker.equity's compiled loops (see _equity.c).", -1, methods,
};

PyMODINIT_FUNC
PyInit__equity(void)
{
    PyObject *created = PyModule_Create(&module);
    if (created && PyModule_AddIntConstant(created, "DEAL_CHUNK", DEAL_CHUNK) < 0)
        Py_CLEAR(created);
    return created;
}
