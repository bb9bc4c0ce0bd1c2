/* poker.stats._equity's exact_counts (the module and the function are described in _equity.c).

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

   Buffers (poker/_core.h): the board and the dead cards are copied and checked before the GIL is released,
   and only the copies are read. The holes are a large data buffer, read where they lie: each tuple's cards
   are copied into a local and checked there (a tuple changed since the first check is reported as a bad
   tuple, never read off the tables). ``out`` is only written (and added to). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "_equity.h"

/* ------------------------------------------------------------------------------------ before the flop */

static const int64_t binomial[5][5] = {  /* C(n, k) for n, k up to 4 */
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1},
};

/* Who wins a showdown of values v: the mask of the players (bit p for player p) whose value is the best. Finding
   it needs no branch; the wins, ties and split shares are read off the masks at the end. */
static inline unsigned
winner_mask(const int *v, int players)
{
    int best = v[0];
    for (int p = 1; p < players; p++)
        best = v[p] > best ? v[p] : best;
    unsigned mask = 0;
    for (int p = 0; p < players; p++)
        mask |= (unsigned)(v[p] == best) << p;
    return mask;
}

/* Showdowns are counted by who wins: tally[mask] boards won (alone or split) by exactly the players in mask
   (winner_mask). Turn a tally into wins, ties and split units per player (and clear it). */
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
    uint8_t set[BOARD_CARDS + 1][32], size[BOARD_CARDS + 1][32];
    int count[BOARD_CARDS + 1];
} Subsets;

static void
list_subsets(Subsets *s)
{
    for (int k = 0; k <= BOARD_CARDS; k++) {
        s->count[k] = 0;
        for (int size = k; size >= 1; size--)
            for (int set = 1; set < 1 << k; set++)
                if (bit_count((unsigned)set) == size) {
                    s->set[k][s->count[k]] = (uint8_t)set;
                    s->size[k][s->count[k]++] = (uint8_t)size;
                }
    }
}

/* What counting before the flop needs of one tuple: per rank, the free suits (a 4-bit set) and how many; per
   player, the rank part (low 32 bits) of the hole cards' keys and, per suit, how many of its hole cards are
   of the suit and their rank bits; per suit, the most hole cards of it a player has; per rank, its key's
   rank part. */
typedef struct {
    int avail[13], free_count[13];
    uint32_t hole_ranks[MAX_PLAYERS];
    int suited[MAX_PLAYERS][4], suited_bits[MAX_PLAYERS][4], most[4];
    uint32_t rank_key[13];
} Preflop;

static void
set_up_preflop(const uint8_t *holes, int players, uint64_t used, Preflop *f)
{
    for (int r = 0; r < 13; r++) {
        f->avail[r] = 0;
        for (int s = 0; s < 4; s++)
            if (!(used >> (4 * r + s) & 1))
                f->avail[r] |= 1 << s;
        f->free_count[r] = bit_count((unsigned)f->avail[r]);
        f->rank_key[r] = (uint32_t)poker_card_keys[4 * r];
    }
    for (int s = 0; s < 4; s++)
        f->most[s] = 0;
    for (int p = 0; p < players; p++) {
        int a = holes[2 * p], b = holes[2 * p + 1];
        f->hole_ranks[p] = (uint32_t)poker_card_keys[a] + (uint32_t)poker_card_keys[b];
        for (int s = 0; s < 4; s++) {
            f->suited[p][s] = ((a & 3) == s) + ((b & 3) == s);
            f->suited_bits[p][s] = (((a & 3) == s) << (a >> 2)) | (((b & 3) == s) << (b >> 2));
            if (f->suited[p][s] > f->most[s])
                f->most[s] = f->suited[p][s];
        }
    }
}

/* The rank multiset r[0] <= ... <= r[4]: its distinct ranks and their multiplicities; how many. */
static inline int
distinct_ranks(const int *r, int *distinct, int *times)
{
    int k = 0;
    for (int i = 0; i < 5; i++) {
        if (k && distinct[k - 1] == r[i]) {
            times[k - 1]++;
        } else {
            distinct[k] = r[i];
            times[k++] = 1;
        }
    }
    return k;
}

/* The multiset's boards that show at least `need` cards of suit s, per set of its ranks shown in s, into the
   tally: the players reaching five cards of the suit with their flush value, the others with their value on
   the ranks (rank_values). Their count. */
static inline int64_t
count_flushes(const Preflop *f, int players, int s, int need, const int *distinct, const int *times, int k,
              const int *rank_values, const Subsets *subsets, int64_t *tally)
{
    /* boards showing rank i in suit s (once) and its other cards in other suits, or none in suit s */
    int64_t in[5], out[5], flushes = 0;
    for (int i = 0; i < k; i++) {
        int rank = distinct[i], has = f->avail[rank] >> s & 1, others = f->free_count[rank] - has;
        in[i] = has ? binomial[others][times[i] - 1] : 0;
        out[i] = binomial[others][times[i]];
    }
    int v[MAX_PLAYERS];
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
            v[p] = size + f->suited[p][s] >= 5 ? poker_flush_values[flush_bits | f->suited_bits[p][s]]
                                               : rank_values[p];
        tally[winner_mask(v, players)] += count;
        flushes += count;
    }
    return flushes;
}

/* Preflop: every board of five free cards (no card in `used`), by rank multiset (see the top). */
static void
count_preflop(const uint8_t *holes, int players, uint64_t used, const Subsets *subsets, int64_t *tally)
{
    Preflop f;
    set_up_preflop(holes, players, used, &f);
    int rank_values[MAX_PLAYERS];
    int r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
    for (r[1] = r[0]; r[1] < 13; r[1]++)
    for (r[2] = r[1]; r[2] < 13; r[2]++)
    for (r[3] = r[2]; r[3] < 13; r[3]++)
    for (r[4] = r[3]; r[4] < 13; r[4]++) {
        int distinct[5], times[5], k = distinct_ranks(r, distinct, times);
        int64_t total = 1;  /* the free boards of those ranks */
        for (int i = 0; i < k && total; i++)
            total *= times[i] <= 4 ? binomial[f.free_count[distinct[i]]][times[i]] : 0;
        if (!total)
            continue;
        uint32_t ranks = 0;
        for (int i = 0; i < 5; i++)
            ranks += f.rank_key[r[i]];
        for (int p = 0; p < players; p++)  /* suit counters at their start: no flush, the rank hash */
            rank_values[p] = poker_value(POKER_KEY_START + ranks + f.hole_ranks[p], 0);
        int64_t flushes = 0;
        for (int s = 0; s < 4; s++) {
            int need = 5 - f.most[s];  /* at least 3: below it nobody makes a flush in this suit */
            if (k >= need)
                flushes += count_flushes(&f, players, s, need, distinct, times, k, rank_values, subsets, tally);
        }
        if (total > flushes)
            tally[winner_mask(rank_values, players)] += total - flushes;
    }
}

/* ------------------------------------------------------------------------------------- after the flop */

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

/* ------------------------------------------------------------------------------------------- the call */

/* Tuples counted between two looks at signals, by the board's size (0, 3, 4, 5): some 15 ms of work each. */
static const Py_ssize_t exact_chunk[BOARD_CARDS + 1] = {16, 0, 0, 2048, 32768, 65536};

/* Count the T tuples of `holes` on `board` (no tuple may hold a `known` card) into `counts` (zeros), `chunk`
   tuples between two looks at signals (the GIL released: *state): -1, the first bad tuple, or -2 if a signal
   handler raised. */
static Py_ssize_t
count_tuples(const uint8_t *holes, Py_ssize_t tuples, int players, const uint8_t *board, int board_size,
             uint64_t known, Py_ssize_t chunk, int64_t *counts, PyThreadState **state)
{
    Subsets subsets;
    list_subsets(&subsets);
    int64_t tally[1 << MAX_PLAYERS];
    memset(tally, 0, sizeof(tally));
    for (Py_ssize_t t = 0; t < tuples; t++) {
        uint8_t tuple[2 * MAX_PLAYERS];
        memcpy(tuple, holes + 2 * players * t, 2 * (size_t)players);
        int repeated = 0;
        for (int i = 0; i < 2 * players; i++)
            repeated |= tuple[i] > 51;
        uint64_t used = repeated ? 0 : card_mask(tuple, 2 * players, &repeated);
        if (repeated || (used & known))
            return t;
        used |= known;
        if (board_size == 0) {
            count_preflop(tuple, players, used, &subsets, tally);
            read_tally(tally, players, counts + 3 * players * t);
        } else
            count_later(tuple, players, board, board_size, used, counts + 3 * players * t);
        if ((t + 1) % chunk == 0 && t + 1 < tuples && poker_interrupted(state))
            return -2;
    }
    return -1;
}

POKER_LOCAL PyObject *
exact_counts(PyObject *module, PyObject *args)
{
    PyObject *holes_object, *board_object, *dead_object, *out_object;
    int players;
    Py_ssize_t chunk = 0;
    if (!PyArg_ParseTuple(args, "OiOOO|n", &holes_object, &players, &board_object, &dead_object, &out_object,
                          &chunk))
        return NULL;
    if (players < 2 || players > MAX_PLAYERS || chunk < 0) {
        PyErr_SetString(PyExc_ValueError, "exact_counts counts 2 to 10 players, in chunks of tuples");
        return NULL;
    }
    uint8_t board[BOARD_CARDS], dead[52];
    int board_size = poker_read_cards(board_object, board, "board", 0, BOARD_CARDS, 0);
    if (board_size < 0)
        return NULL;
    if (board_size == 1 || board_size == 2) {
        PyErr_SetString(PyExc_ValueError, "exact_counts needs a board of 0, 3, 4 or 5 cards");
        return NULL;
    }
    int dead_size = poker_read_cards(dead_object, dead, "dead", 0, 52, 0);
    Py_buffer holes, out;
    if (dead_size < 0 || poker_buffer(holes_object, &holes, PyBUF_SIMPLE, 'B', "holes") < 0)
        return NULL;
    Py_ssize_t tuples = holes.len / (2 * players);
    if (holes.len % (2 * players))
        PyErr_SetString(PyExc_ValueError, "exact_counts needs whole tuples of holdings as holes");
    if (holes.len % (2 * players)
            || poker_read_array(out_object, &out, PyBUF_WRITABLE, 'q', tuples * players * 3, "out") < 0) {
        PyBuffer_Release(&holes);
        return NULL;
    }
    int twice = 0;
    uint64_t known = board_and_dead(board, board_size, dead, dead_size, &twice);
    PyThreadState *state = PyEval_SaveThread();
    memset(out.buf, 0, (size_t)out.len);
    Py_ssize_t bad = twice ? 0 : count_tuples(holes.buf, tuples, players, board, board_size, known,
                                              chunk ? chunk : exact_chunk[board_size], out.buf, &state);
    PyEval_RestoreThread(state);
    PyBuffer_Release(&out);
    PyBuffer_Release(&holes);
    return bad == -2 ? NULL : PyLong_FromSsize_t(bad);
}
