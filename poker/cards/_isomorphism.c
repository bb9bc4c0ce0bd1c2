/* poker.cards._isomorphism: HandIndexer's numbering (poker/cards/isomorphism.py) as plain loops, one hand at a
   time. It computes exactly what HandIndexer's NumPy steps (_add_rounds, _finish) compute, which stay in
   isomorphism.py as the readable reference the tests compare this with.

   index_hands(cards, columns, sizes, codes, table, out[, chunk])
       ``cards``: int64 buffer of N hands of m cards; ``columns`` (m bytes): the card columns in processing
       order (last round first); ``sizes`` (bytes): the rounds' card counts in that order; ``codes``: how
       many configuration codes one suit has; ``table``: HandIndexer._table, int64 rows of TABLE_ROW per
       sorted configuration (ascending packed key); ``out``: int64 buffer of N numbers.
   index_boards(holes, boards, size, codes, table, out[, chunk])
       Hands of rounds (2, size): ``boards`` int64 (B, size), ``holes`` int64 (B, H, 2), ``out`` int64 (B, H).
       Each board's suit state is worked out once and copied for its holdings.

   Both raise ValueError (and write nothing useful) if a card is not 0 to 51 or a hand holds one twice, or if a
   number does not fit in an int64 (a table no HandIndexer makes); the Python side checks its inputs before, so
   that is a malformed buffer, never a user's error. ``chunk`` hands (HAND_CHUNK unless given) are numbered
   between two looks at signals: a Ctrl-C stops a long batch with KeyboardInterrupt.

   Buffers (poker/_core.h): ``columns`` and ``sizes`` (at most 7 each) are copied before the GIL is released.
   The cards, holes and boards are large data buffers, read where they lie: each hand's cards (each board's,
   each hole's) are copied into a local, checked there and only the copy is read. The table is read where it
   lies too: the bisection stays inside its rows whatever they hold, and a hand's number is summed with checked
   arithmetic (a term that would overflow makes the hand's number -1, an error), so that a table changed
   during the call (or made with a multiplier of 2**62) gives an error or a meaningless number, never
   undefined behaviour. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include "_core.h"

#define RANKS 13
#define SUITS 4
#define MAX_CARDS 7
#define CODE_SHIFT 24 /* a suit's sort key is its configuration code above its index (< 2**24), as in Python */
#define TABLE_ROW (2 + 3 * SUITS) /* key, offset, then per sorted position: choose, shift, multiplier */
#define HAND_CHUNK (1 << 18)      /* hands numbered between two looks at signals: some 20 ms */

/* *result = a * b (or a + b), or 1 if that does not fit in an int64. */
#if defined(__GNUC__) || defined(__clang__)
#define MULTIPLY_OVERFLOWS(a, b, result) __builtin_mul_overflow(a, b, result)
#define ADD_OVERFLOWS(a, b, result) __builtin_add_overflow(a, b, result)
#else
static inline int
MULTIPLY_OVERFLOWS(int64_t a, int64_t b, int64_t *result)
{
    if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
              : (b > 0 ? a < INT64_MIN / b : (a != 0 && b < INT64_MAX / a)))
        return 1;
    *result = a * b;
    return 0;
}

static inline int
ADD_OVERFLOWS(int64_t a, int64_t b, int64_t *result)
{
    if (b > 0 ? a > INT64_MAX - b : a < INT64_MIN - b)
        return 1;
    *result = a + b;
    return 0;
}
#endif

/* C(n, k) for 0 <= n, k <= 13; built at import, read-only after */
static int64_t binom[RANKS + 1][RANKS + 1];

static inline int
popcount13(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0f0fu;
    return (int)((x + (x >> 8)) & 0x1fu);
}

/* Per suit: ranks used (13-bit mask), how many, index so far, its place value, configuration code. */
typedef struct {
    uint32_t used[SUITS];
    int count[SUITS];
    int64_t index[SUITS], place[SUITS], code[SUITS];
} Suits;

static const Suits START = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 1, 1, 1}, {0, 0, 0, 0}};

/* One round of `size` cards (each 0..51, none repeated in the hand): Waugh's per-suit step. Each suit's cards
   of the round form a rank set, numbered in colex order among the ranks the suit has left: a card adds
   C(its rank among the free ranks, 1 + how many of the round's cards of its suit are below it). */
static inline void
add_round(Suits *s, const int64_t *cards, const uint8_t *columns, int size)
{
    uint32_t mask[SUITS] = {0, 0, 0, 0};
    int64_t colex[SUITS] = {0, 0, 0, 0};
    for (int i = 0; i < size; i++) {
        int64_t card = cards[columns[i]];
        mask[card & 3] |= 1u << (card >> 2);
    }
    for (int i = 0; i < size; i++) {
        int64_t card = cards[columns[i]];
        int suit = (int)(card & 3), rank = (int)(card >> 2);
        uint32_t lower = (1u << rank) - 1;
        int free_rank = rank - popcount13(s->used[suit] & lower);
        colex[suit] += binom[free_rank][1 + popcount13(mask[suit] & lower)];
    }
    for (int suit = 0; suit < SUITS; suit++) {
        int n = popcount13(mask[suit]);
        s->index[suit] += colex[suit] * s->place[suit];
        s->place[suit] *= binom[RANKS - s->count[suit]][n];
        s->used[suit] |= mask[suit];
        s->count[suit] += n;
        s->code[suit] = s->code[suit] * (size + 1) + n;
    }
}

/* C(top, choose) for choose 1..4 (any other reads as 4), top >= choose - 1: exact, each step divides, in the
   same steps as _comb in Python (so no intermediate is larger than there), with constant divisors
   (multiplications, not divisions). Returns 1 if a step would overflow an int64 (a table no indexer makes). */
static inline int
comb_small(int64_t top, int64_t choose, int64_t *result)
{
    int64_t value = top;
    if (choose == 1) {
        *result = value;
        return 0;
    }
    if (MULTIPLY_OVERFLOWS(value, top - 1, &value))
        return 1;
    value /= 2;
    if (choose != 2) {
        if (MULTIPLY_OVERFLOWS(value, top - 2, &value))
            return 1;
        value /= 3;
        if (choose != 3) {
            if (MULTIPLY_OVERFLOWS(value, top - 3, &value))
                return 1;
            value /= 4;
        }
    }
    *result = value;
    return 0;
}

/* The suits' sort keys, (code, index) descending, by a sorting network. */
static inline void
sorted_keys(const Suits *s, int64_t k[SUITS])
{
    int64_t t;
    for (int suit = 0; suit < SUITS; suit++)
        k[suit] = (s->code[suit] << CODE_SHIFT) | s->index[suit];
#define ORDER(a, b) if (k[a] < k[b]) { t = k[a]; k[a] = k[b]; k[b] = t; }
    ORDER(0, 1) ORDER(2, 3) ORDER(0, 2) ORDER(1, 3) ORDER(1, 2)
#undef ORDER
}

/* The configuration table (HandIndexer._table, read where it lies): its rows and how many, and how many
   configuration codes one suit has. */
typedef struct {
    const int64_t *rows;
    Py_ssize_t count;
    int64_t codes;
} Table;

/* The table row of the configuration of sorted keys `k` (bisection over the ascending packed keys), or NULL
   if there is none (cannot happen for valid hands). */
static inline const int64_t *
configuration(const int64_t k[SUITS], const Table *table)
{
    int64_t packed = 0;
    for (int p = 0; p < SUITS; p++)
        packed = packed * table->codes + (k[p] >> CODE_SHIFT);
    const int64_t *row = table->rows;  /* the last row whose key <= packed */
    for (Py_ssize_t n = table->count; n > 1; ) {
        Py_ssize_t half = n / 2;
        row = row[half * TABLE_ROW] <= packed ? row + half * TABLE_ROW : row;
        n -= half;
    }
    return row[0] == packed ? row : NULL;
}

/* The hand's number from its sorted keys and configuration row: the row's offset plus, per sorted position,
   its multiset term times its multiplier. Equal configurations number their descending indices i_0 >= i_1
   >= ... as the strictly descending a_j = i_j + shift_j, a combination: the sum of C(a_j, choose_j). -1 if
   it does not fit in an int64 (or is negative: neither comes of an indexer's table). */
static inline int64_t
number_of(const int64_t k[SUITS], const int64_t *row)
{
    int64_t number = row[1];
    for (int p = 0; p < SUITS; p++) {
        const int64_t *at = row + 2 + 3 * p;
        int64_t top, term;
        if (ADD_OVERFLOWS(k[p] & ((1LL << CODE_SHIFT) - 1), at[1], &top) || comb_small(top, at[0], &term)
                || MULTIPLY_OVERFLOWS(term, at[2], &term) || ADD_OVERFLOWS(number, term, &number))
            return -1;
    }
    return number < 0 ? -1 : number;
}

/* The hand's number from its suit state, or -1 if its configuration is not in the table (or the number does
   not fit). */
static inline int64_t
finish(const Suits *s, const Table *table)
{
    int64_t k[SUITS];
    sorted_keys(s, k);
    const int64_t *row = configuration(k, table);
    return row ? number_of(k, row) : -1;
}

/* Copy the m cards at `columns` of one hand into `copy` (in that order): their mask, or 0 if they are not
   0..51 and distinct, also from the cards `seen` (a hand has cards). */
static inline uint64_t
copy_hand(const int64_t *cards, const uint8_t *columns, int m, uint64_t seen, int64_t *copy)
{
    for (int i = 0; i < m; i++) {
        int64_t card = copy[i] = cards[columns[i]];
        if (card < 0 || card > 51 || (seen >> card & 1))
            return 0;
        seen |= 1ULL << card;
    }
    return seen;
}

/* The configuration table: rows of TABLE_ROW int64, at least one, whose multiset terms the number's
   arithmetic can take; `codes` configuration codes per suit (1 to 128). -1 with a ValueError if not. */
static int
read_table(PyObject *object, long long codes, Py_buffer *view, Table *table)
{
    if (codes < 1 || codes > 128) {
        PyErr_SetString(PyExc_ValueError, "_isomorphism needs 1 to 128 configuration codes per suit");
        return -1;
    }
    if (poker_read_array(object, view, PyBUF_SIMPLE, 'q', -1, "the configuration table") < 0)
        return -1;
    Py_ssize_t rows = view->len / 8 / TABLE_ROW;
    const int64_t *row = view->buf;
    int bad = rows < 1 || view->len != rows * TABLE_ROW * 8;
    for (Py_ssize_t r = 0; !bad && r < rows; r++)
        for (int p = 0; p < SUITS; p++) {
            const int64_t *at = row + r * TABLE_ROW + 2 + 3 * p;  /* choose, shift, multiplier */
            bad |= at[0] < 1 || at[0] > SUITS || at[1] < 0 || at[1] >= SUITS || at[2] < 0;
        }
    if (bad) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "_isomorphism needs a configuration table of rows of 14 int64, with "
                        "multiset terms of 1 to 4 suits");
        return -1;
    }
    *table = (Table){row, rows, codes};
    return 0;
}

/* How a batch ended: every hand numbered, a hand's cards bad, a number that does not fit (or no
   configuration), or a signal handler raised. */
typedef enum { GOOD, BAD_CARDS, BAD_NUMBER, STOPPED } Outcome;

/* None, or NULL with the exception of how `function`'s batch ended. */
static PyObject *
batch_result(Outcome outcome, const char *function)
{
    if (outcome == BAD_CARDS)
        PyErr_Format(PyExc_ValueError, "%s needs hands of distinct card indices 0 to 51 of its rounds", function);
    else if (outcome == BAD_NUMBER)
        PyErr_Format(PyExc_ValueError, "%s found no number of a hand in its table that fits in an int64",
                     function);
    return outcome == GOOD ? Py_NewRef(Py_None) : NULL;
}

static const uint8_t in_order[MAX_CARDS] = {0, 1, 2, 3, 4, 5, 6};

/* The hands of index_hands: how they are cut into rounds. */
typedef struct {
    uint8_t order[MAX_CARDS], sizes[MAX_CARDS];  /* the columns in processing order; the rounds' sizes */
    int cards, rounds;
} Rounds;

/* index_hands' columns and rounds (copied: the caller's bytes are read once), checked, and its chunk; -1 with a
   ValueError if they are not 1 to 7 columns below the hand's card count in rounds that add up to them. */
static int
read_rounds(const char *columns, Py_ssize_t m, const char *sizes, Py_ssize_t rounds, Py_ssize_t chunk, Rounds *r)
{
    int bad = m < 1 || m > MAX_CARDS || rounds < 1 || rounds > MAX_CARDS || chunk < 1, total = 0;
    if (!bad) {
        memcpy(r->order, columns, (size_t)m);
        memcpy(r->sizes, sizes, (size_t)rounds);
        r->cards = (int)m;
        r->rounds = (int)rounds;
    }
    for (int i = 0; !bad && i < r->rounds; i++)
        total += r->sizes[i];
    for (int i = 0; !bad && i < r->cards; i++)
        bad = r->order[i] >= m;
    if (bad || total != m) {
        PyErr_SetString(PyExc_ValueError, "index_hands needs 1 to 7 columns below the hand's card count in rounds "
                        "that add up to them");
        return -1;
    }
    return 0;
}

/* Number the n hands of `cards` (rows of r->cards) into `out`, `chunk` between two looks at signals (the GIL
   released: *state). */
static Outcome
number_hands(const int64_t *cards, Py_ssize_t n, const Rounds *r, const Table *table, int64_t *out,
             Py_ssize_t chunk, PyThreadState **state)
{
    for (Py_ssize_t h = 0; h < n; h++) {
        int64_t hand[MAX_CARDS];  /* the hand's cards in processing order: copied, checked, read */
        if (!copy_hand(cards + h * r->cards, r->order, r->cards, 0, hand))
            return BAD_CARDS;
        Suits s = START;
        for (int i = 0, start = 0; i < r->rounds; start += r->sizes[i++])
            add_round(&s, hand, in_order + start, r->sizes[i]);
        if ((out[h] = finish(&s, table)) < 0)
            return BAD_NUMBER;
        if ((h + 1) % chunk == 0 && h + 1 < n && poker_interrupted(state))
            return STOPPED;
    }
    return GOOD;
}

static PyObject *
index_hands(PyObject *module, PyObject *args)
{
    PyObject *cards_object, *table_object, *out_object;
    const char *columns, *sizes;
    Py_ssize_t m, rounds, chunk = HAND_CHUNK;
    long long codes;
    if (!PyArg_ParseTuple(args, "Oy#y#LOO|n", &cards_object, &columns, &m, &sizes, &rounds, &codes,
                          &table_object, &out_object, &chunk))
        return NULL;
    Rounds r;
    if (read_rounds(columns, m, sizes, rounds, chunk, &r) < 0)
        return NULL;
    Py_buffer cards, table_view, out;
    Table table;
    if (read_table(table_object, codes, &table_view, &table) < 0)
        return NULL;
    if (poker_read_array(out_object, &out, PyBUF_WRITABLE, 'q', -1, "out") < 0) {
        PyBuffer_Release(&table_view);
        return NULL;
    }
    Py_ssize_t n = out.len / 8;
    if (poker_read_array(cards_object, &cards, PyBUF_SIMPLE, 'q', n * m, "cards") < 0) {
        PyBuffer_Release(&table_view);
        PyBuffer_Release(&out);
        return NULL;
    }
    PyThreadState *state = PyEval_SaveThread();
    Outcome outcome = number_hands(cards.buf, n, &r, &table, out.buf, chunk, &state);
    PyEval_RestoreThread(state);
    PyBuffer_Release(&cards);
    PyBuffer_Release(&table_view);
    PyBuffer_Release(&out);
    return batch_result(outcome, "index_hands");
}

/* Number one board's `holdings` holes (rows of 2) into `out`. */
static Outcome
number_board(const int64_t *cards, int size, const int64_t *holes, Py_ssize_t holdings, const Table *table,
             int64_t *out)
{
    int64_t board[MAX_CARDS - 2], hole[2];  /* copied, checked, read */
    uint64_t seen = copy_hand(cards, in_order, size, 0, board);
    if (!seen)
        return BAD_CARDS;
    Suits on_board = START;
    add_round(&on_board, board, in_order, size);
    /* On one board the configuration depends only on the hole cards' suits: each is looked up once, by (first
       suit, second suit), and kept for the board's other holdings. */
    const int64_t *rows[SUITS * SUITS] = {NULL};
    for (Py_ssize_t j = 0; j < holdings; j++) {
        if (!copy_hand(holes + 2 * j, in_order, 2, seen, hole))
            return BAD_CARDS;
        Suits s = on_board;
        add_round(&s, hole, in_order, 2);
        int64_t k[SUITS];
        sorted_keys(&s, k);
        const int64_t **row = &rows[(hole[0] & 3) * SUITS + (hole[1] & 3)];
        if ((!*row && !(*row = configuration(k, table))) || (out[j] = number_of(k, *row)) < 0)
            return BAD_NUMBER;
    }
    return GOOD;
}

/* Number `count` boards of `size` cards and their holes, `chunk` hands between two looks at signals (the GIL
   released: *state). */
static Outcome
number_boards(const int64_t *boards, Py_ssize_t count, int size, const int64_t *holes, Py_ssize_t holdings,
              const Table *table, int64_t *out, Py_ssize_t chunk, PyThreadState **state)
{
    Py_ssize_t since_check = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        Outcome outcome = number_board(boards + i * size, size, holes + 2 * i * holdings, holdings, table,
                                       out + i * holdings);
        if (outcome != GOOD)
            return outcome;
        since_check += holdings + 1;
        if (since_check >= chunk && i + 1 < count) {
            since_check = 0;
            if (poker_interrupted(state))
                return STOPPED;
        }
    }
    return GOOD;
}

/* index_boards' int64 buffers: the boards (B x size: *count boards), out (B x H: *holdings holdings each) and
   the holes (B x H x 2), into views[0..2]; -1 with a ValueError (none of them held) if they do not fit. */
static int
read_boards(PyObject *boards_object, PyObject *out_object, PyObject *holes_object, int size, Py_buffer views[3],
            Py_ssize_t *count, Py_ssize_t *holdings)
{
    Py_buffer *boards = &views[0], *out = &views[1], *holes = &views[2];
    if (poker_read_array(boards_object, boards, PyBUF_SIMPLE, 'q', -1, "boards") < 0)
        return -1;
    *count = boards->len / 8 / size;
    if (boards->len != *count * size * 8) {
        PyBuffer_Release(boards);
        PyErr_SetString(PyExc_ValueError, "index_boards needs whole boards");
        return -1;
    }
    if (poker_read_array(out_object, out, PyBUF_WRITABLE, 'q', -1, "out") < 0) {
        PyBuffer_Release(boards);
        return -1;
    }
    *holdings = *count ? out->len / 8 / *count : 0;
    int rows = out->len == *count * *holdings * 8;
    if (!rows)
        PyErr_SetString(PyExc_ValueError, "index_boards needs out of the same rows for every board");
    if (!rows || poker_read_array(holes_object, holes, PyBUF_SIMPLE, 'q', *count * *holdings * 2, "holes") < 0) {
        PyBuffer_Release(boards);
        PyBuffer_Release(out);
        return -1;
    }
    return 0;
}

static PyObject *
index_boards(PyObject *module, PyObject *args)
{
    PyObject *holes_object, *boards_object, *table_object, *out_object;
    int size;
    long long codes;
    Py_ssize_t chunk = HAND_CHUNK;
    if (!PyArg_ParseTuple(args, "OOiLOO|n", &holes_object, &boards_object, &size, &codes, &table_object,
                          &out_object, &chunk))
        return NULL;
    if (size < 1 || size > MAX_CARDS - 2 || chunk < 1) {
        PyErr_SetString(PyExc_ValueError, "index_boards needs boards of 1 to 5 cards");
        return NULL;
    }
    Py_buffer table_view, views[3];  /* the boards, out, the holes */
    Table table;
    Py_ssize_t count, holdings;
    if (read_table(table_object, codes, &table_view, &table) < 0)
        return NULL;
    if (read_boards(boards_object, out_object, holes_object, size, views, &count, &holdings) < 0) {
        PyBuffer_Release(&table_view);
        return NULL;
    }
    PyThreadState *state = PyEval_SaveThread();
    Outcome outcome = number_boards(views[0].buf, count, size, views[2].buf, holdings, &table, views[1].buf, chunk,
                                    &state);
    PyEval_RestoreThread(state);
    PyBuffer_Release(&table_view);
    for (int i = 0; i < 3; i++)
        PyBuffer_Release(&views[i]);
    return batch_result(outcome, "index_boards");
}

static PyMethodDef methods[] = {
    {"index_hands", index_hands, METH_VARARGS, "Number hands up to suit permutation (see _isomorphism.c)."},
    {"index_boards", index_boards, METH_VARARGS, "Number hole pairs on boards up to suit permutation."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "poker.cards._isomorphism", "HandIndexer's numbering, compiled (see _isomorphism.c).",
    -1, methods,
};

PyMODINIT_FUNC
PyInit__isomorphism(void)
{
    for (int n = 0; n <= RANKS; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= RANKS; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
    return poker_module(&module, "HAND_CHUNK", HAND_CHUNK);
}
