/* poker.kernel._ranges's board_strengths (the module and the steps of its count are described in _ranges.c).

   board_strengths(boards, size, bins, hs, equity, mean_squared, histogram[, chunk]): every holding against every
   holding (weight 1 each) on each of B boards of `size` cards (``boards``: B x size ascending card indices,
   bytes), the strength tables' numbers per holding (P = C(52 - size, 2) of them, in holding order): ``hs``,
   ``equity``, ``mean_squared`` (float64, B x P) and, with cards to come, ``histogram`` (int64, B x P x bins:
   runouts per bin), as poker.stats.boards.boards_strengths makes them from range_tally, summarise_runouts and
   runout_histogram.

   Buffers (poker/_core.h): the boards are copied and checked before the GIL is released, and only the copy is
   read; the outputs are only written. The GIL is taken back to run the signal handlers between two boards
   with cards to come, between two chunks of a board's runouts, and every 1,024 river boards: a Ctrl-C stops
   a batch with KeyboardInterrupt. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "_ranges.h"

/* The boards, copied and checked (B x size ascending card indices below 52, few enough that the outputs'
   sizes fit): the copy (to PyMem_Free) and B, or NULL with a ValueError. */
static uint8_t *
read_boards(PyObject *object, int size, int pairs, int bins, Py_ssize_t *count)
{
    Py_ssize_t length;
    uint8_t *boards = poker_copy_new(object, 'B', &length, "boards");
    if (!boards)
        return NULL;
    *count = length / size;
    int bad = length != *count * size || *count > PY_SSIZE_T_MAX / 8 / pairs / bins;
    for (Py_ssize_t b = 0; !bad && b < *count; b++)
        for (int i = 0; i < size; i++)
            bad |= boards[b * size + i] > 51 || (i && boards[b * size + i] <= boards[b * size + i - 1]);
    if (bad) {
        PyMem_Free(boards);
        PyErr_SetString(PyExc_ValueError, "board_strengths needs boards of ascending card indices below 52");
        return NULL;
    }
    return boards;
}

/* Where one board's numbers go: P per holding each (the histogram P x bins, NULL on the river), and room to
   work in (3 x P each). */
typedef struct {
    double *hs, *equity, *squared;
    int64_t *histogram;
    int bins;
    double *sums, *now;
} Strengths;

/* One board's numbers, every holding against every holding (the spot's weights 1, its hero rows the holdings):
   -1 if a signal handler raised between two chunks of runouts (the GIL released: *state). */
static int
board_numbers(Spot *s, const uint8_t *board, int size, int chunk, const Strengths *out, PyThreadState **state)
{
    int lookahead = 5 - size, n = 52 - size, pairs = n * (n - 1) / 2;
    uint8_t cards[MAX_UNSEEN];
    for (int card = 0, k = 0, i = 0; card < 52; card++) {
        if (i < size && board[i] == card)
            i++;
        else
            cards[k++] = (uint8_t)card;
    }
    set_up_spot(s, board, size, cards, n, lookahead);
    double *now = out->now;
    count_now(s, now);
    for (int r = 0; r < pairs; r++)  /* as boards_strengths: (ahead + tied / 2) / every opponent */
        out->hs[r] = (now[3 * r] + now[3 * r + 1] / 2) / (now[3 * r] + now[3 * r + 1] + now[3 * r + 2]);
    if (!lookahead) {
        for (int r = 0; r < pairs; r++) {
            out->equity[r] = out->hs[r];
            out->squared[r] = out->hs[r] * out->hs[r];
        }
        return 0;
    }
    memset(out->sums, 0, sizeof(double) * 3 * pairs);
    memset(out->histogram, 0, sizeof(int64_t) * pairs * (size_t)out->bins);
    Sink sink = {NULL, NULL, NULL, out->sums, out->histogram, out->bins, NULL};
    if (count_every_runout(s, pairs, lookahead == 1 ? n : pairs, &sink, chunk, state) < 0)
        return -1;
    for (int r = 0; r < pairs; r++) {
        out->equity[r] = out->sums[3 * r] / out->sums[3 * r + 1];
        out->squared[r] = out->sums[3 * r + 2] / out->sums[3 * r + 1];
    }
    return 0;
}

/* The outputs: hs, equity, mean_squared, histogram. */
enum { HS, EQUITY, SQUARED, HISTOGRAM, OUTPUTS };

/* Every board's numbers into the outputs, the GIL released, and taken back between two boards (every board with
   cards to come, every 1,024 river boards) to run the signal handlers: -1 if one raised. `sums` and `now`: room
   for 3 x P each. */
static int
count_boards(Spot *s, const uint8_t *boards, Py_ssize_t count, int size, int bins, int chunk,
             const Py_buffer views[OUTPUTS], double *sums, double *now)
{
    int n = 52 - size, pairs = n * (n - 1) / 2, stopped = 0;
    for (int r = 0; r < pairs; r++) {
        s->weight[r] = 1.0;
        s->hero_row[r] = r;
    }
    s->w = s->weight;
    s->hero = s->hero_row;
    PyThreadState *state = PyEval_SaveThread();
    for (Py_ssize_t b = 0; b < count && !stopped; b++) {
        int64_t *histogram = views[HISTOGRAM].buf;
        Strengths out = {(double *)views[HS].buf + b * pairs, (double *)views[EQUITY].buf + b * pairs,
                         (double *)views[SQUARED].buf + b * pairs,
                         histogram ? histogram + b * pairs * (Py_ssize_t)bins : NULL, bins, sums, now};
        stopped = board_numbers(s, boards + b * size, size, chunk, &out, &state) < 0;
        if (!stopped && b + 1 < count && (size < 5 || (b + 1) % 1024 == 0))
            stopped = poker_interrupted(&state);
    }
    PyEval_RestoreThread(state);
    return stopped ? -1 : 0;
}

POKER_LOCAL PyObject *
board_strengths(PyObject *module, PyObject *args)
{
    PyObject *boards_object, *objects[OUTPUTS];
    int size, bins;
    Py_ssize_t chunk_given = RUNOUT_CHUNK;
    if (!PyArg_ParseTuple(args, "OiiOOOO|n", &boards_object, &size, &bins, &objects[HS], &objects[EQUITY],
                          &objects[SQUARED], &objects[HISTOGRAM], &chunk_given))
        return NULL;
    if (size < 3 || size > 5 || bins < 1 || bins > 100000) {
        PyErr_SetString(PyExc_ValueError, "board_strengths needs boards of 3 to 5 cards and 1 to 100000 bins");
        return NULL;
    }
    int chunk = read_chunk(chunk_given), n = 52 - size, pairs = n * (n - 1) / 2;
    Py_ssize_t count;
    uint8_t *boards = chunk < 0 ? NULL : read_boards(boards_object, size, pairs, bins, &count);
    if (!boards)
        return NULL;
    PokerArray arrays[OUTPUTS] = {
        {objects[HS], 'd', count * pairs, "hs"}, {objects[EQUITY], 'd', count * pairs, "equity"},
        {objects[SQUARED], 'd', count * pairs, "mean_squared"},
        {size < 5 ? objects[HISTOGRAM] : NULL, 'q', count * pairs * (Py_ssize_t)bins, "histogram"},
    };
    Py_buffer views[OUTPUTS];
    PyObject *result = NULL;
    if (poker_read_outputs(arrays, OUTPUTS, views) == 0) {
        Spot *s = PyMem_Calloc(1, sizeof(Spot));
        double *sums = PyMem_Malloc(sizeof(double) * 3 * (size_t)pairs);
        double *now = PyMem_Malloc(sizeof(double) * 3 * (size_t)pairs);
        if (!s || !sums || !now)
            PyErr_NoMemory();
        else if (count_boards(s, boards, count, size, bins, chunk, views, sums, now) == 0)
            result = Py_NewRef(Py_None);
        PyMem_Free(s);
        PyMem_Free(sums);
        PyMem_Free(now);
        poker_release(views, OUTPUTS);
    }
    PyMem_Free(boards);
    return result;
}
