/* poker.kernel._ranges's board_strengths (the module and the steps of its count are described in _ranges.c).

   board_strengths(boards, size, bins, hs, equity, mean_squared, histogram[, chunk], *, numbers=None): every
   holding against every holding (weight 1 each) on each of B boards of `size` cards (``boards``: B x size
   ascending card indices, bytes), the strength tables' numbers per holding (P = C(52 - size, 2) of them, in
   holding order): ``hs``, ``equity``, ``mean_squared`` (float64, B x P) and, with cards to come, ``histogram``
   (int64, B x P x bins: runouts per bin), as poker.stats.boards.boards_strengths makes them from range_tally,
   summarise_runouts and runout_histogram; ``numbers`` (int64, B x P, if given) the rows' holding numbers (0 to
   1,325, combinations(range(52), 2) order).

   On the river every weight is 1 and nothing is to come: the holdings are ranked, sorted by value, and one sweep
   up the values counts in whole numbers (river_strengths: the walk of _ranges.c without weights, ranks or
   hero rows), the same numbers as the walk makes (whole numbers in float64 are exact).

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

/* Where one board's numbers go: P per holding each (the histogram P x bins, NULL on the river; the holding
   numbers, or NULL), and room to work in (3 x P each). */
typedef struct {
    double *hs, *equity, *squared;
    int64_t *histogram, *numbers;
    int bins;
    double *sums, *now;
} Strengths;

/* The river, every holding against every holding (the n unseen cards ascending, the board's key and bits): each
   holding free of the board ranked, the holdings sorted by value, and a sweep up the values keeping how many are
   below in all and per card (card removal: a holding (i, j) beats the holdings below its value less those holding
   card i or card j; after its run of equal values the same count, itself added back once for the two card counts
   that both hold it, is the holdings up to its value). Every holding meets the same number: P less the
   2 (n - 1) - 1 holdings that share a card with it. Its own few kB of arrays: no spot. */
static void
river_strengths(const uint8_t *cards, int n, uint64_t board_key, uint64_t board_bits, const Strengths *out)
{
    uint64_t key[MAX_UNSEEN], bits[MAX_UNSEEN];
    uint8_t first[MAX_PAIRS], second[MAX_PAIRS];
    int16_t value[MAX_PAIRS];
    int order[MAX_PAIRS], beaten[MAX_PAIRS], cards_below[MAX_UNSEEN] = {0};
    int m = n * (n - 1) / 2, below = 0;
    double met = (double)(m - 2 * (n - 1) + 1);
    for (int i = 0; i < n; i++) {
        key[i] = board_key + poker_card_keys[cards[i]];
        bits[i] = board_bits | POKER_CARD_BIT(cards[i]);
    }
    for (int i = 0, r = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, r++) {
            first[r] = (uint8_t)i;
            second[r] = (uint8_t)j;
            value[r] = (int16_t)poker_value(key[i] + poker_card_keys[cards[j]], bits[i] | POKER_CARD_BIT(cards[j]));
        }
    sort_values(value, m, order, beaten);  /* (beaten: the sort's room, free again after it) */
    for (int start = 0, stop; start < m; start = stop) {
        int16_t v = value[order[start]];
        for (stop = start; stop < m && value[order[stop]] == v; stop++) {
            int r = order[stop];
            beaten[r] = below - cards_below[first[r]] - cards_below[second[r]];
        }
        for (int t = start; t < stop; t++) {
            int r = order[t];
            below++;
            cards_below[first[r]]++;
            cards_below[second[r]]++;
        }
        for (int t = start; t < stop; t++) {
            int r = order[t];
            int tied = below - cards_below[first[r]] - cards_below[second[r]] + 1 - beaten[r];
            double hs = ((double)beaten[r] + (double)tied / 2) / met;
            out->hs[r] = out->equity[r] = hs;
            out->squared[r] = hs * hs;
        }
    }
}

/* The holding numbers of the rows: the pairs of the unseen cards, in order. */
static void
holding_numbers(const uint8_t *cards, int n, int64_t *numbers)
{
    for (int i = 0, r = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, r++)
            numbers[r] = cards[i] * 51 - cards[i] * (cards[i] - 1) / 2 + cards[j] - cards[i] - 1;
}

/* One board's numbers, every holding against every holding (the spot's weights 1, its hero rows the holdings; no
   spot on the river):
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
    if (out->numbers)
        holding_numbers(cards, n, out->numbers);
    if (!lookahead) {
        uint64_t key = POKER_KEY_START, bits = 0;
        for (int i = 0; i < size; i++) {
            key += poker_card_keys[board[i]];
            bits |= POKER_CARD_BIT(board[i]);
        }
        river_strengths(cards, n, key, bits, out);
        return 0;
    }
    set_up_spot(s, board, size, cards, n, lookahead);
    double *now = out->now;
    count_now(s, now);
    for (int r = 0; r < pairs; r++)  /* as boards_strengths: (ahead + tied / 2) / every opponent */
        out->hs[r] = (now[3 * r] + now[3 * r + 1] / 2) / (now[3 * r] + now[3 * r + 1] + now[3 * r + 2]);
    memset(out->sums, 0, sizeof(double) * 3 * pairs);
    memset(out->histogram, 0, sizeof(int64_t) * pairs * (size_t)out->bins);
    Sink sink = {NULL, NULL, NULL, out->sums, out->histogram, out->bins};
    if (count_every_runout(s, pairs, lookahead == 1 ? n : pairs, &sink, chunk, state) < 0)
        return -1;
    for (int r = 0; r < pairs; r++) {
        out->equity[r] = out->sums[3 * r] / out->sums[3 * r + 1];
        out->squared[r] = out->sums[3 * r + 2] / out->sums[3 * r + 1];
    }
    return 0;
}

/* The outputs: hs, equity, mean_squared, histogram, numbers. */
enum { HS, EQUITY, SQUARED, HISTOGRAM, NUMBERS, OUTPUTS };

/* Every board's numbers into the outputs, the GIL released, and taken back between two boards (every board with
   cards to come, every 1,024 river boards) to run the signal handlers: -1 if one raised. `sums` and `now`: room
   for 3 x P each. */
static int
count_boards(Spot *s, const uint8_t *boards, Py_ssize_t count, int size, int bins, int chunk,
             const Py_buffer views[OUTPUTS], double *sums, double *now)
{
    int n = 52 - size, pairs = n * (n - 1) / 2, stopped = 0;
    for (int r = 0; s && r < pairs; r++) {
        s->weight[r] = 1.0;
        s->hero_row[r] = r;
    }
    if (s) {
        s->w = s->weight;
        s->hero = s->hero_row;
        s->sums = NULL;  /* (the spot is not zeroed: without transitions this is never read) */
    }
    PyThreadState *state = PyEval_SaveThread();
    for (Py_ssize_t b = 0; b < count && !stopped; b++) {
        int64_t *histogram = views[HISTOGRAM].buf, *numbers = views[NUMBERS].buf;
        Strengths out = {(double *)views[HS].buf + b * pairs, (double *)views[EQUITY].buf + b * pairs,
                         (double *)views[SQUARED].buf + b * pairs,
                         histogram ? histogram + b * pairs * (Py_ssize_t)bins : NULL,
                         numbers ? numbers + b * pairs : NULL, bins, sums, now};
        stopped = board_numbers(s, boards + b * size, size, chunk, &out, &state) < 0;
        if (!stopped && b + 1 < count && (size < 5 || (b + 1) % 1024 == 0))
            stopped = poker_interrupted(&state);
    }
    PyEval_RestoreThread(state);
    return stopped ? -1 : 0;
}

POKER_LOCAL PyObject *
board_strengths(PyObject *module, PyObject *args, PyObject *keywords)
{
    static char *names[] = {"boards", "size", "bins", "hs", "equity", "mean_squared", "histogram", "chunk",
                            "numbers", NULL};
    PyObject *boards_object, *objects[OUTPUTS];
    int size, bins;
    Py_ssize_t chunk_given = RUNOUT_CHUNK;
    objects[NUMBERS] = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, keywords, "OiiOOOO|n$O", names, &boards_object, &size, &bins,
                                     &objects[HS], &objects[EQUITY], &objects[SQUARED], &objects[HISTOGRAM],
                                     &chunk_given, &objects[NUMBERS]))
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
        {objects[NUMBERS] == Py_None ? NULL : objects[NUMBERS], 'q', count * pairs, "numbers"},
    };
    Py_buffer views[OUTPUTS];
    PyObject *result = NULL;
    if (poker_read_outputs(arrays, OUTPUTS, views) == 0) {
        /* a spot and room (some 100 kB) with cards to come; the river needs neither (river_strengths) */
        Spot *s = size < 5 ? PyMem_Malloc(sizeof(Spot)) : NULL;
        double *sums = size < 5 ? PyMem_Malloc(sizeof(double) * 3 * (size_t)pairs) : NULL;
        double *now = size < 5 ? PyMem_Malloc(sizeof(double) * 3 * (size_t)pairs) : NULL;
        if (size < 5 && (!s || !sums || !now))
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
