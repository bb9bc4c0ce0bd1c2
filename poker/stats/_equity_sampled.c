/* poker.stats._equity's sample (the module and the function are described in _equity.c).

   How sampling works: the players dealt from weights are dealt one after the other, in ``order``. A player who
   may hold anything (the same weight on every holding of cards not known in advance) is dealt one of the
   1,326 holdings, uniformly, drawn again while it holds a card already out (known, or dealt in this deal);
   any other player is dealt from Walker's alias table over its weights, drawn again while the holding shares
   a card already out (after 16 draws, from the free weights directly). The deal weighs the product, over
   the players dealt, of the weight still free for the player over its total, as the NumPy path does (with
   only fixed hands and players who may hold anything, every deal weighs the same and only counts are kept).
   The rest of the board is dealt 6 random bits at a time (ten from each 64-bit output of xoshiro256**), drawn
   again while they name no card (52 to 63) or a card already out: uniform over the cards left, with no
   shuffled deck. The holdings' cards are the module's table (poker/_core.h).

   Buffers (poker/_core.h): the board, the dead cards, the fixed holdings, the order, the weights (1,326 per
   dealt player: at most 104 kB) and the seed are copied and checked before the GIL is released, and only the
   copies are read. ``out`` is only written. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "_equity.h"

/* sample's inputs, copied. */
typedef struct {
    int32_t fixed[MAX_PLAYERS], order[MAX_PLAYERS];  /* holding numbers (-1: dealt); the dealt players */
    int players, dealt_players;
    uint8_t board[BOARD_CARDS], dead[52], seed[32];
    int board_size, dead_size;
    const double *weights;  /* 1,326 per dealt player */
    long long deals;
    Py_ssize_t chunk;
} Request;

/* ---------------------------------------------------------------------------------- random numbers */

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

/* The deck's next card: 6 random bits at a time (ten from each 64-bit output: *pool, with *pool_left of them
   left), drawn again while they name no card or one already used (in *used, which then holds it too):
   uniform over the cards left, with no multiplication and no shuffled deck to keep. */
static inline unsigned
next_card(Rng *g, uint64_t *pool, int *pool_left, uint64_t *used)
{
    unsigned card;
    do {
        if (!*pool_left) {
            *pool = next64(g);
            *pool_left = 10;
        }
        card = (unsigned)(*pool & 63);
        *pool >>= 6;
        --*pool_left;
    } while (card > 51 || (*used >> card & 1));
    *used |= 1ULL << card;
    return card;
}

/* The generator seeded with 32 bytes (an all-zero state, the one that never moves, made 1). */
static void
seed_rng(Rng *g, const uint8_t *seed)
{
    memcpy(g->s, seed, 32);
    g->has_spare = 0;
    g->pool = 0;
    g->pool_left = 0;
    if (!(g->s[0] | g->s[1] | g->s[2] | g->s[3]))
        g->s[0] = 1;
}

/* --------------------------------------------------------------------------------------------- dealers */

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

/* Draw a holding free of `used` from dealer d, whose free weight is `left`. */
static inline int
draw_holding(const Dealer *d, const PokerHoldings *table, uint64_t used, double left, Rng *g)
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


/* Make dealer d of `player` ready to draw from its 1,326 `weights`: its support (the holdings with weight) and
   alias table in `support` (room for 2 x 1,326), its acceptance in `accept` (room for 1,326), `work` (room for
   2 x 1,326) for the construction. 0, or 1 if it has no weight or some on a `known` card. */
static int
set_up_dealer(Dealer *d, int player, const double *weights, int16_t *support, double *accept, int16_t *work,
              const PokerHoldings *table, uint64_t known, int unknown)
{
    int twice = 0;
    d->player = player;
    d->weights = weights;
    d->support = support;
    d->alias = support + POKER_HOLDINGS;
    d->accept = accept;
    for (int h = 0; h < POKER_HOLDINGS; h++) {
        double w = weights[h];
        if (w <= 0.0)
            continue;
        twice |= (table->mask[h] & known) != 0;
        d->support[d->support_size++] = (int16_t)h;
        d->total += w;
        d->per_card[table->first[h]] += w;
        d->per_card[table->second[h]] += w;
    }
    if (twice || d->support_size == 0)
        return 1;
    d->inverse_total = 1.0 / d->total;
    d->even = 1;
    for (int s = 1; s < d->support_size && d->even; s++)
        d->even = d->weights[d->support[s]] == d->weights[d->support[0]];
    d->full = d->even && d->support_size == unknown * (unknown - 1) / 2;
    build_alias(d, work, work + POKER_HOLDINGS);
    return 0;
}

/* The weight of dealer d's holdings free of the `outs` cards `out` dealt so far in this deal (and of the known
   cards, which its weights leave out): inclusion and exclusion (two sums, so that the additions do not wait
   on each other), or, where that cancels to almost nothing, the free weights summed one by one. */
static inline double
free_weight(const Dealer *d, const PokerHoldings *table, uint64_t used, const uint8_t *out, int outs)
{
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
    return left;
}

/* Dealer d's holding in this deal, free of `used` (the known cards and the `outs` cards `out` dealt so far, of
   a deck of `deck_size`), the deal's weight (*weight) multiplied by its share unless every deal weighs the
   same (`constant`): its number, or -1 if no holding is left (the deal then weighs 0). */
static inline int
deal_holding(const Dealer *d, const PokerHoldings *table, uint64_t used, const uint8_t *out, int outs,
             int deck_size, int constant, Rng *g, double *weight)
{
    if (d->full) {  /* every free holding, each weighing the same: one of the 1,326, drawn again while it holds
                       a card already out (one draw and one test, not two cards' loops) */
        int free_cards = deck_size - outs, h;
        do
            h = (int)below(g, POKER_HOLDINGS);
        while (table->mask[h] & used);
        if (!constant)
            *weight *= d->weights[d->support[0]] * (0.5 * free_cards * (free_cards - 1)) * d->inverse_total;
        return h;
    }
    double left = free_weight(d, table, used, out, outs);
    int h = left > 0.0 ? draw_holding(d, table, used, left, g) : -1;
    if (h >= 0)
        *weight *= left * d->inverse_total;
    return h;
}

/* ------------------------------------------------------------------------------------------ the deals */

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

/* One deal's holdings of the dealt players, free of *used (which then holds their cards too), their cards' keys
   and bits into hole_key and hole_bits: the deal's weight (1 if `constant`), 0 if a player has no holding left. */
static inline double
deal_players(const Dealer *dealers, int dealt_players, const PokerHoldings *table, int deck_size, int constant,
             Rng *g, uint64_t *used, uint64_t *hole_key, uint64_t *hole_bits)
{
    double weight = 1.0;
    uint8_t out[2 * MAX_PLAYERS];
    int outs = 0;
    for (int i = 0; i < dealt_players; i++) {
        const Dealer *d = &dealers[i];
        int h = deal_holding(d, table, *used, out, outs, deck_size, constant, g, &weight);
        if (h < 0)
            return 0.0;
        int a = table->first[h], b = table->second[h];
        hole_key[d->player] = poker_card_keys[a] + poker_card_keys[b];
        hole_bits[d->player] = POKER_CARD_BIT(a) | POKER_CARD_BIT(b);
        *used |= table->mask[h];
        out[outs++] = (uint8_t)a;
        out[outs++] = (uint8_t)b;
    }
    return weight;
}

/* Deal `deals` deals into the totals: the dealt players' holdings, then the rest of the board. */
static void
sample_deals(const Request *q, uint64_t known, const Dealer *dealers, const PokerHoldings *table, Rng *g,
             int64_t deals, Totals *totals)
{
    const int players = q->players, dealt_players = q->dealt_players;
    int deck_size = 52 - bit_count(known), to_deal = 5 - q->board_size;
    uint64_t board_key = POKER_KEY_START, board_bits = 0;
    for (int i = 0; i < q->board_size; i++) {
        board_key += poker_card_keys[q->board[i]];
        board_bits |= POKER_CARD_BIT(q->board[i]);
    }
    uint64_t hole_key[MAX_PLAYERS], hole_bits[MAX_PLAYERS];
    for (int p = 0; p < players; p++)
        if (q->fixed[p] >= 0) {
            int a = table->first[q->fixed[p]], b = table->second[q->fixed[p]];
            hole_key[p] = poker_card_keys[a] + poker_card_keys[b];
            hole_bits[p] = POKER_CARD_BIT(a) | POKER_CARD_BIT(b);
        }
    uint64_t pool = g->pool;  /* (in registers while dealing: back in g at the end) */
    int pool_left = g->pool_left;
    const int constant = totals->constant;  /* (in a register: the loop writes through totals) */
    for (int64_t deal = 0; deal < deals; deal++) {
        uint64_t used = known;
        double weight = deal_players(dealers, dealt_players, table, deck_size, constant, g, &used, hole_key,
                                     hole_bits);
        if (weight <= 0.0)
            continue;
        uint64_t key = board_key, bits = board_bits;  /* the rest of the board */
        for (int i = 0; i < to_deal; i++) {
            unsigned card = next_card(g, &pool, &pool_left, &used);
            key += poker_card_keys[card];
            bits |= POKER_CARD_BIT(card);
        }
        int v[MAX_PLAYERS], best = 0;  /* the players of the best value share the pot */
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
}

/* multiway._sample_task's statistics from the totals by mask: per player (sum w*win, sum w*split share,
   sum w^2*eq, sum w^2*eq^2, sum w*tie, sum w^2*tie), then (sum w, sum w^2, deals, 0, 0, 0). */
static void
read_totals(const Totals *totals, int players, int64_t deals, double *stats)
{
    memset(stats, 0, sizeof(double) * STATISTICS * (players + 1));
    double *last = stats + STATISTICS * players;
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
            double *row = stats + STATISTICS * p;
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

/* ------------------------------------------------------------------------------------------- the call */

/* Whether the request's numbers fit (else a ValueError, -1): 2 to 10 players, each a holding number or -1
   (dealt), each dealt player in `order` once, the weights from 0 to 1e300 (no NaN), a board of 0 or 3 to 5
   cards, deals >= 0 and a chunk >= 1. */
static int
check_request(const Request *q)
{
    int good = q->players >= 2 && q->players <= MAX_PLAYERS && (q->board_size == 0 || q->board_size >= 3)
        && q->deals >= 0 && q->chunk >= 1;
    int is_dealt[MAX_PLAYERS] = {0};
    for (int p = 0; good && p < q->players; p++)
        good = q->fixed[p] >= -1 && q->fixed[p] < POKER_HOLDINGS;
    for (int i = 0; good && i < q->dealt_players; i++) {
        int p = q->order[i];
        good = p >= 0 && p < q->players && q->fixed[p] == -1 && !is_dealt[p];
        if (good)
            is_dealt[p] = 1;
    }
    for (int p = 0; good && p < q->players; p++)
        good = is_dealt[p] || q->fixed[p] >= 0;
    for (Py_ssize_t i = 0; good && i < (Py_ssize_t)POKER_HOLDINGS * q->dealt_players; i++)
        good = q->weights[i] >= 0.0 && q->weights[i] <= 1e300;  /* also false for NaN */
    if (!good)
        PyErr_SetString(PyExc_ValueError, "sample needs 2 to 10 int32 holding numbers (-1: dealt), the dealt "
                        "players' order and weights (float64, 1,326 each), 32 bytes of seed, deals >= 0, a chunk "
                        ">= 1 and a float64 buffer of (players + 1) * 6");
    return good ? 0 : -1;
}

/* The dealers and what they draw from (memory for dealt_players + 1, so never none), and the totals. */
typedef struct {
    Dealer *dealers;
    int16_t *indices, *work;
    double *accept;
    Totals *totals;
} Memory;

static void
free_memory(Memory *m)
{
    PyMem_Free(m->dealers);
    PyMem_Free(m->indices);
    PyMem_Free(m->accept);
    PyMem_Free(m->work);
    PyMem_Free(m->totals);
}

/* The known cards (board, dead cards, fixed hands) each once, no dealt player's weight on them, enough cards
   left for the board, and the dealers made ready; 0, or -1 with a ValueError if not. */
static int
set_up_deals(const Request *q, const PokerHoldings *table, Memory *m, uint64_t *known, int *unknown)
{
    int twice = 0;
    *known = board_and_dead(q->board, q->board_size, q->dead, q->dead_size, &twice);
    for (int p = 0; p < q->players; p++)
        if (q->fixed[p] >= 0) {
            twice |= (table->mask[q->fixed[p]] & *known) != 0;
            *known |= table->mask[q->fixed[p]];
        }
    *unknown = 52 - bit_count(*known);
    twice |= *unknown - 2 * q->dealt_players < 5 - q->board_size;
    for (int i = 0; !twice && i < q->dealt_players; i++)
        twice = set_up_dealer(&m->dealers[i], q->order[i], q->weights + (size_t)POKER_HOLDINGS * i,
                              m->indices + (size_t)2 * POKER_HOLDINGS * i, m->accept + (size_t)POKER_HOLDINGS * i,
                              m->work, table, *known, *unknown);
    if (twice)
        PyErr_SetString(PyExc_ValueError, "sample needs distinct known cards, weights without them and cards "
                        "enough for the board");
    return twice ? -1 : 0;
}

/* Check the request and deal its deals, `chunk` at a time, into `stats`; NULL with a ValueError when it is
   malformed, or with the exception a signal handler raised. */
static PyObject *
sample_with(const Request *q, const PokerHoldings *table, double *stats)
{
    if (check_request(q) < 0)
        return NULL;
    size_t dealers = (size_t)q->dealt_players + 1;
    Memory m = {PyMem_Calloc(dealers, sizeof(Dealer)), PyMem_Calloc(dealers, 2 * POKER_HOLDINGS * sizeof(int16_t)),
                PyMem_Malloc(2 * POKER_HOLDINGS * sizeof(int16_t)),
                PyMem_Calloc(dealers, POKER_HOLDINGS * sizeof(double)), PyMem_Calloc(1, sizeof(Totals))};
    uint64_t known;
    int unknown, stopped = 0;
    if (!m.dealers || !m.indices || !m.work || !m.accept || !m.totals)
        PyErr_NoMemory();
    else if (set_up_deals(q, table, &m, &known, &unknown) == 0) {
        Rng g;
        seed_rng(&g, q->seed);
        constant_weight(m.dealers, q->dealt_players, unknown, m.totals);
        PyThreadState *state = PyEval_SaveThread();
        for (long long done = 0; done < q->deals; ) {
            long long some = q->deals - done < q->chunk ? q->deals - done : (long long)q->chunk;
            sample_deals(q, known, m.dealers, table, &g, (int64_t)some, m.totals);
            done += some;
            if (done < q->deals && (stopped = poker_interrupted(&state)))
                break;
        }
        if (!stopped)
            read_totals(m.totals, q->players, (int64_t)q->deals, stats);
        PyEval_RestoreThread(state);
    }
    free_memory(&m);
    return PyErr_Occurred() ? NULL : Py_NewRef(Py_None);
}

/* The request's small arrays, copied and checked: -1 with a ValueError if one is malformed. */
static int
read_request(PyObject *fixed, PyObject *board, PyObject *dead, PyObject *order, PyObject *seed, Request *q)
{
    Py_ssize_t players = poker_copy_array(fixed, q->fixed, 'i', 0, MAX_PLAYERS, "fixed");
    Py_ssize_t dealt = players < 0 ? -1 : poker_copy_array(order, q->order, 'i', 0, MAX_PLAYERS, "order");
    if (dealt < 0)
        return -1;
    q->players = (int)players;
    q->dealt_players = (int)dealt;
    q->board_size = poker_read_cards(board, q->board, "board", 0, BOARD_CARDS, 0);
    q->dead_size = q->board_size < 0 ? -1 : poker_read_cards(dead, q->dead, "dead", 0, 52, 0);
    if (q->dead_size < 0 || poker_copy_array(seed, q->seed, 'B', 32, 32, "seed") < 0)
        return -1;
    return 0;
}

POKER_LOCAL PyObject *
sample(PyObject *module, PyObject *args)
{
    PyObject *fixed_object, *board_object, *dead_object, *order_object, *weights_object, *seed_object, *out_object;
    Request q;
    q.chunk = DEAL_CHUNK;
    if (!PyArg_ParseTuple(args, "OOOOOOLO|n", &fixed_object, &board_object, &dead_object, &order_object,
                          &weights_object, &seed_object, &q.deals, &out_object, &q.chunk)
            || read_request(fixed_object, board_object, dead_object, order_object, seed_object, &q) < 0)
        return NULL;
    Py_ssize_t count;
    double *weights = poker_copy_new(weights_object, 'd', &count, "weights");  /* 1,326 per dealt player */
    if (!weights)
        return NULL;
    q.weights = weights;
    Py_buffer out;
    PyObject *result = NULL;
    if (count != (Py_ssize_t)POKER_HOLDINGS * q.dealt_players)
        poker_count_error("weights", (Py_ssize_t)POKER_HOLDINGS * q.dealt_players,
                          (Py_ssize_t)POKER_HOLDINGS * q.dealt_players, count);
    else if (poker_read_array(out_object, &out, PyBUF_WRITABLE, 'd', ((Py_ssize_t)q.players + 1) * STATISTICS,
                              "out") == 0) {
        result = sample_with(&q, PyModule_GetState(module), out.buf);
        PyBuffer_Release(&out);
    }
    PyMem_Free(weights);
    return result;
}
