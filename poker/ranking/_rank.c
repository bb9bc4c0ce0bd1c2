/* poker.ranking._rank: HandRanker's compiled ranking (the tables and their use are in _rank.h).

   rank_rows(cards, out, validate[, chunk]) -> -1, or the first row that holds an index above 51 (or, with
       validate, a card twice): ranks an (N, k) uint8 buffer of any strides, k from 5 to 7, into an
       int16 buffer of N values. Python turns a bad row into its error message. The rows are ranked
       ``chunk`` at a time (CHUNK_ROWS unless given), the GIL taken back between two to run the signal
       handlers: a Ctrl-C stops a long batch with KeyboardInterrupt.
   rank_sequence(indices) -> the value of a list or tuple of 5 to 7 distinct ints 0..51, or 0 for
       anything else (the caller then checks the input itself and says what is wrong).

   The cards are a large data buffer, read where they lie with the GIL released (poker/_core.h): another
   thread may change them meanwhile, so every index is masked to 6 bits where it is read, and the tables
   answer any index below 64 from inside them (_rank.h); a row changed under the loop gets a meaningless
   value or is reported bad, never a read or a shift out of bounds.

   Nothing here raises a poker error: the Python side (poker/ranking/ranker.py) is the wing's door. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "_rank.h"
#include "_core.h"

#define CHUNK_ROWS (1 << 22)  /* rows ranked between two looks at signals: some 30 ms */

static int
read_rows(PyObject *cards, Py_buffer *view)
{
    if (poker_buffer(cards, view, PyBUF_RECORDS_RO, 'B', "cards") < 0)
        return -1;
    if (view->ndim != 2 || view->shape[1] < 5 || view->shape[1] > 7) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "rank_rows needs an (N, 5..7) uint8 buffer");
        return -1;
    }
    return 0;
}

/* What the ranking loop checks of each row, besides its value. */
typedef enum {
    CHECK_RANGE,   /* every index below 52 (rank_rows without validate) */
    CHECK_TWICE,   /* every index below 52 and no card twice (with validate) */
    CHECK_NOTHING, /* nothing: a first pass found every index below 52 (below_52), without validate */
    CHECK_SHARED,  /* no card twice: a first pass found every index below 52 (below_52), with validate */
} Checks;

/* POKER_CARD_BIT of every index below 64, read from a table: one load where the shifts take five operations. */
#define BITS4(c) POKER_CARD_BIT(c), POKER_CARD_BIT(c + 1), POKER_CARD_BIT(c + 2), POKER_CARD_BIT(c + 3)
static const uint64_t card_bits[64] = {
    BITS4(0), BITS4(4), BITS4(8), BITS4(12), BITS4(16), BITS4(20), BITS4(24), BITS4(28),
    BITS4(32), BITS4(36), BITS4(40), BITS4(44), BITS4(48), BITS4(52), BITS4(56), BITS4(60),
};

/* Rank rows 0..count-1; the first bad row, or -1. A card above 51 stops a row before its value is read.
   Without CHECK_TWICE, a row's key alone is summed card by card (each index read masked to 6 bits, inside the
   padded key table, and checked after the sum): its bit set, needed only to read a flush, is made only for
   the few rows with five cards of a suit, from the cards read again (and masked again); with CHECK_NOTHING
   the cards are not checked again (one changed since the first pass reads masked all the same). With
   CHECK_TWICE or CHECK_SHARED (validate: the range checked here, or by below_52's first pass) the bit set is
   made for every row as the key is, from the card_bits table, and a card already in it is a card given twice:
   validated, a packed batch costs one vectorized pass and a table load per card more than without. */
static inline Py_ssize_t
rank_span_of(const uint8_t *base, Py_ssize_t row_stride, Py_ssize_t card_stride, int size, Py_ssize_t count,
             Checks checks, int16_t *out)
{
    for (Py_ssize_t r = 0; r < count; r++) {
        const uint8_t *row = base + r * row_stride;
        uint64_t key = POKER_KEY_START, bits = 0, twice = 0;
        unsigned high = 0;
        for (int j = 0; j < size; j++) {
            unsigned card = row[j * card_stride];
            if (checks == CHECK_RANGE || checks == CHECK_TWICE)
                high = card > high ? card : high;
            key += poker_card_keys[card & 63];
            if (checks == CHECK_TWICE || checks == CHECK_SHARED) {
                uint64_t bit = card_bits[card & 63];
                twice |= bits & bit;
                bits |= bit;
            }
        }
        if (high > 51 || twice)
            return r;
        if ((checks == CHECK_RANGE || checks == CHECK_NOTHING) && (key & POKER_FLUSH_CHECK))
            for (int j = 0; j < size; j++)
                bits |= POKER_CARD_BIT(row[j * card_stride] & 63);  /* read again: masked again */
        out[r] = (int16_t)poker_value(key, bits);
    }
    return -1;
}

/* The same loop with the hand size, the checks (and, for packed rows, the card stride) constants, so that the
   compiler unrolls the cards of a row and keeps only the work asked for: about twice as fast. */
#define POKER_SPAN_AS(size, checks) (card_stride == 1 \
    ? rank_span_of(base, row_stride, 1, size, count, checks, out) \
    : rank_span_of(base, row_stride, card_stride, size, count, checks, out))
#define POKER_SPAN(size) (below_52(base, row_stride, card_stride, size, count) \
    ? (validate ? POKER_SPAN_AS(size, CHECK_SHARED) : POKER_SPAN_AS(size, CHECK_NOTHING)) \
    : (validate ? POKER_SPAN_AS(size, CHECK_TWICE) : POKER_SPAN_AS(size, CHECK_RANGE)))

/* Whether every index is below 52, when the rows or the columns lie packed in memory: one pass that the
   compiler vectorizes, so that the ranking loop need not check each card (else: 0, and it does). */
static int
below_52(const uint8_t *base, Py_ssize_t row_stride, Py_ssize_t card_stride, int size, Py_ssize_t count)
{
    Py_ssize_t runs, length, step;
    if (card_stride == 1 && row_stride == size) {  /* C order: one run of every card */
        runs = 1, length = size * count, step = 0;
    } else if (row_stride == 1) {  /* the engines' layout: a packed run per column */
        runs = size, length = count, step = card_stride;
    } else {
        return 0;
    }
    for (Py_ssize_t r = 0; r < runs; r++) {
        const uint8_t *run = base + r * step;
        uint8_t high = 0;
        for (Py_ssize_t i = 0; i < length; i++)
            high = run[i] > high ? run[i] : high;
        if (high > 51)
            return 0;
    }
    return 1;
}

static Py_ssize_t
rank_span(const uint8_t *base, Py_ssize_t row_stride, Py_ssize_t card_stride, int size, Py_ssize_t count,
          int validate, int16_t *out)
{
    switch (size) {
    case 5: return POKER_SPAN(5);
    case 6: return POKER_SPAN(6);
    default: return POKER_SPAN(7);
    }
}

static PyObject *
rank_rows(PyObject *module, PyObject *args)
{
    PyObject *cards, *values;
    int validate;
    Py_ssize_t chunk = CHUNK_ROWS;
    Py_buffer in, out;
    if (!PyArg_ParseTuple(args, "OOp|n", &cards, &values, &validate, &chunk))
        return NULL;
    if (chunk < 1) {
        PyErr_SetString(PyExc_ValueError, "rank_rows ranks chunks of at least one row");
        return NULL;
    }
    if (read_rows(cards, &in) < 0)
        return NULL;
    Py_ssize_t count = in.shape[0], bad = -1;  /* one value per row */
    if (poker_read_array(values, &out, PyBUF_WRITABLE, 'h', count, "values") < 0) {
        PyBuffer_Release(&in);
        return NULL;
    }
    const uint8_t *base = in.buf;
    Py_ssize_t row_stride = in.strides[0], card_stride = in.strides[1];
    int size = (int)in.shape[1], stopped = 0;
    PyThreadState *state = PyEval_SaveThread();
    for (Py_ssize_t start = 0; start < count; start += chunk) {
        Py_ssize_t rows = count - start < chunk ? count - start : chunk;
        bad = rank_span(base + start * row_stride, row_stride, card_stride, size, rows, validate,
                        (int16_t *)out.buf + start);
        if (bad >= 0) {
            bad += start;
            break;
        }
        if (start + rows < count && (stopped = poker_interrupted(&state)))
            break;
    }
    PyEval_RestoreThread(state);
    PyBuffer_Release(&in);
    PyBuffer_Release(&out);
    return stopped ? NULL : PyLong_FromSsize_t(bad);
}

static PyObject *
rank_sequence(PyObject *module, PyObject *indices)
{
    if (!PyList_CheckExact(indices) && !PyTuple_CheckExact(indices))
        return PyLong_FromLong(0);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(indices);
    if (n < 5 || n > 7)
        return PyLong_FromLong(0);
    PyObject **items = PySequence_Fast_ITEMS(indices);
    uint64_t key = POKER_KEY_START, bits = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_CheckExact(items[i]))
            return PyLong_FromLong(0);
        long card = PyLong_AsLong(items[i]);
        if (card < 0 || card > 51) {  /* also -1 with an overflow error set */
            PyErr_Clear();
            return PyLong_FromLong(0);
        }
        uint64_t bit = POKER_CARD_BIT(card);
        if (bits & bit)
            return PyLong_FromLong(0);
        bits |= bit;
        key += poker_card_keys[card];
    }
    return PyLong_FromLong(poker_value(key, bits));
}

static PyMethodDef methods[] = {
    {"rank_rows", rank_rows, METH_VARARGS, "rank_rows(cards, out, validate[, chunk]) -> -1 or the first bad row"},
    {"rank_sequence", rank_sequence, METH_O, "rank_sequence(indices) -> the value, or 0 if not 5-7 distinct ints 0..51"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "poker.ranking._rank", "HandRanker's compiled ranking (see _rank.h).", -1, methods,
};

PyMODINIT_FUNC
PyInit__rank(void)
{
    return poker_module(&module, "CHUNK_ROWS", CHUNK_ROWS);
}
