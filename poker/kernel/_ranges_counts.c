/* poker.kernel._ranges's range_counts (the module, the function and the steps of its count are described in
   _ranges.c): its arguments read, the count, and step 3's transitions.

   Buffers (poker/_core.h): the board, the unseen cards, the weights and the hero rows (a few kB at most) are
   copied and checked before the GIL is released, and only the copies are read; the outputs are only written
   (and read back as numbers). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "_ranges.h"

/* Step 3's transitions from the sums (the walk took the holdings sharing a card with each hero holding off them
   as it went): the weight ending behind is the rest of what each outcome now meets on the runouts. */
static void
finish_transitions(const Spot *s, const double *now, double *transitions)
{
    int n = s->n;
    double meetings = s->lookahead == 1 ? n - 4 : (double)(n - 4) * (n - 5) / 2;  /* runouts per disjoint pair */
    for (int r = 0; r < s->pairs; r++) {
        int h = s->hero[r];
        if (h < 0)
            continue;
        const double *sums = s->sums + SUMS * (size_t)h;
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

/* range_counts' cards: the board (3 to 5 - lookahead ascending indices) and the n unseen cards (4 + lookahead to
   49, ascending, none on the board), copied and checked: n, or -1 with a ValueError. */
static int
read_cards(PyObject *board_object, PyObject *cards_object, int lookahead, uint8_t *board, int *board_size,
           uint8_t *cards)
{
    *board_size = poker_read_cards(board_object, board, "board", 3, 5 - lookahead, 1);
    int n = *board_size < 0 ? -1 : poker_read_cards(cards_object, cards, "cards", 4 + lookahead, MAX_UNSEEN, 1);
    for (int i = 0; n >= 0 && i < *board_size; i++)
        for (int k = 0; k < n; k++)
            if (cards[k] == board[i]) {
                PyErr_SetString(PyExc_ValueError, "range_counts needs unseen cards off the board");
                return -1;
            }
    return n;
}

/* A spot with the opponent's weights and the hero rows (P of each) copied; NULL with an exception if they are
   malformed. */
static Spot *
read_spot(PyObject *weights, PyObject *heroes, int pairs)
{
    Spot *s = PyMem_Calloc(1, sizeof(Spot));
    if (!s)
        return (Spot *)PyErr_NoMemory();
    if (poker_copy_array(weights, s->weight, 'd', pairs, pairs, "weights") < 0
            || poker_copy_array(heroes, s->hero_row, 'i', pairs, pairs, "heroes") < 0) {
        PyMem_Free(s);
        return NULL;
    }
    s->w = s->weight;
    s->hero = s->hero_row;
    return s;
}

/* range_counts' outputs: `now` (K x 3, K hero rows) and, with cards to come (R runout columns), `score` and
   `total` (K x R) and `transitions` (K x 9, or none for None), or instead of `score` and `total` (both None)
   `summary` (K x 3: score, total and total x strength^2 summed over the runouts). */
enum { NOW, SCORE, TOTAL, TRANSITIONS, SUMMARY, OUTPUTS };

/* The outputs' views (a missing one's with no buffer) and K, the hero rows, which each of the P holdings' `hero`
   rows must be below; -1 with a ValueError (and no view held) if they are malformed. */
static int
read_outputs(PyObject *const objects[OUTPUTS], int columns, const int32_t *hero, int pairs, Py_buffer views[OUTPUTS],
             Py_ssize_t *rows)
{
    if (poker_read_array(objects[NOW], &views[NOW], PyBUF_WRITABLE, 'd', -1, "now") < 0)
        return -1;
    Py_ssize_t entries = views[NOW].len / 8;
    *rows = entries / 3;
    int bad = entries % 3 ? poker_count_error("now", 3 * *rows, 3 * *rows, entries) : 0;
    if (!bad && columns && *rows > PY_SSIZE_T_MAX / 8 / columns) {
        PyErr_SetString(PyExc_ValueError, "range_counts needs fewer hero rows");
        bad = -1;
    }
    for (int r = 0; !bad && r < pairs; r++)
        if (hero[r] < -1 || hero[r] >= *rows) {
            PyErr_SetString(PyExc_ValueError, "range_counts needs hero rows from -1 to the rows of now");
            bad = -1;
        }
    int summary = objects[SUMMARY] != Py_None;
    if (!bad && summary && (objects[SCORE] != Py_None || objects[TOTAL] != Py_None)) {
        PyErr_SetString(PyExc_ValueError, "range_counts writes a summary instead of score and total: give None");
        bad = -1;
    }
    PokerArray arrays[OUTPUTS - 1] = {
        {columns && !summary ? objects[SCORE] : NULL, 'd', *rows * columns, "score"},
        {columns && !summary ? objects[TOTAL] : NULL, 'd', *rows * columns, "total"},
        {columns && objects[TRANSITIONS] != Py_None ? objects[TRANSITIONS] : NULL, 'd', 9 * *rows, "transitions"},
        {columns && summary ? objects[SUMMARY] : NULL, 'd', 3 * *rows, "summary"},
    };
    if (bad || poker_read_outputs(arrays, OUTPUTS - 1, views + SCORE) < 0) {
        PyBuffer_Release(&views[NOW]);
        return -1;
    }
    return 0;
}

/* Count into the outputs with the GIL released (*state): the board as it is, then, with cards to come, every
   runout, `chunk` columns at a time (through `stage`, room for 2 x BLOCK x K, or into the summary), and the
   transitions (their sums kept in s->sums, when not NULL). -1 if a signal handler raised. */
static int
count_range(Spot *s, Py_buffer views[OUTPUTS], Py_ssize_t rows, int columns, int chunk, double *stage,
            PyThreadState **state)
{
    double *now = views[NOW].buf;
    memset(now, 0, sizeof(double) * 3 * rows);
    count_now(s, now);
    if (!columns)
        return 0;
    Sink out = {views[SCORE].buf, views[TOTAL].buf, stage, views[SUMMARY].buf, NULL, 0};
    if (out.sums)
        memset(out.sums, 0, sizeof(double) * 3 * rows);
    if (count_every_runout(s, (int)rows, columns, &out, chunk, state) < 0)
        return -1;
    if (s->sums)
        finish_transitions(s, now, views[TRANSITIONS].buf);
    return 0;
}

POKER_LOCAL PyObject *
range_counts(PyObject *module, PyObject *args, PyObject *keywords)
{
    static char *names[] = {"board", "cards", "lookahead", "weights", "heroes", "now", "score", "total",
                            "transitions", "chunk", "summary", NULL};
    PyObject *board_object, *cards_object, *weights_object, *heroes_object, *objects[OUTPUTS];
    int lookahead;
    Py_ssize_t chunk_given = RUNOUT_CHUNK;
    objects[SUMMARY] = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, keywords, "OOiOOOOOO|n$O", names, &board_object, &cards_object,
                                     &lookahead, &weights_object, &heroes_object, &objects[NOW], &objects[SCORE],
                                     &objects[TOTAL], &objects[TRANSITIONS], &chunk_given, &objects[SUMMARY]))
        return NULL;
    if (lookahead < 0 || lookahead > 2) {
        PyErr_SetString(PyExc_ValueError, "range_counts looks ahead 0, 1 or 2 cards");
        return NULL;
    }
    uint8_t board[5], cards[MAX_UNSEEN];
    int chunk = read_chunk(chunk_given), board_size;
    int n = chunk < 0 ? -1 : read_cards(board_object, cards_object, lookahead, board, &board_size, cards);
    if (n < 0)
        return NULL;
    int pairs = n * (n - 1) / 2, columns = lookahead == 0 ? 0 : lookahead == 1 ? n : pairs;
    Spot *s = read_spot(weights_object, heroes_object, pairs);
    Py_buffer views[OUTPUTS];
    Py_ssize_t rows;
    if (!s || read_outputs(objects, columns, s->hero_row, pairs, views, &rows) < 0) {
        PyMem_Free(s);
        return NULL;
    }
    size_t heroes = (size_t)(rows ? rows : 1);
    s->sums = views[TRANSITIONS].buf ? PyMem_Calloc(SUMS * heroes, sizeof(double)) : NULL;
    double *stage = columns && !views[SUMMARY].buf ? PyMem_Malloc(sizeof(double) * 2 * BLOCK * heroes) : NULL;
    PyObject *result = NULL;
    if ((views[TRANSITIONS].buf && !s->sums) || (columns && !views[SUMMARY].buf && !stage)) {
        PyErr_NoMemory();
    } else {
        set_up_spot(s, board, board_size, cards, n, lookahead);
        PyThreadState *state = PyEval_SaveThread();
        int stopped = count_range(s, views, rows, columns, chunk, stage, &state) < 0;
        PyEval_RestoreThread(state);
        result = stopped ? NULL : Py_NewRef(Py_None);
    }
    PyMem_Free(s->sums);
    PyMem_Free(s);
    PyMem_Free(stage);
    poker_release(views, OUTPUTS);
    return result;
}
