/* What every C file of the compiled core shares: reading a caller's buffers, staying interruptible, the
   holdings (their count, POKER_HOLDINGS, and their table) and making a module.

   The rules each C file follows (its header comment says how):
   - A buffer is taken for its format, not only its item size: poker_buffer() gets it C-contiguous (or with
     any strides, if asked) and refuses any format but the one named, in native or little-endian order, so
     float32 is no int32 and int64 no float64. poker_read_array() takes one of a given number of entries
     (poker_read_outputs() several writable ones), poker_copy_array() copies one of a few entries (and
     poker_copy_new() one of any size), poker_read_cards() copies and checks card indices.
   - What a function checks and then reads with the GIL released (Py_BEGIN_ALLOW_THREADS), another thread of
     the caller may change meanwhile: a small control array (card lists, holding numbers, hero rows, weights)
     is copied first and the copy is checked and read; a large data buffer (a batch of hands) is read where
     it lies, and then every value read from it is made safe at the read (masked to the range the tables
     cover, or copied into a local and checked there), so that whatever it holds no read or write leaves its
     bounds and no arithmetic is undefined. Each function's comment says which it does.
   - A long loop gives signals a chance: poker_interrupted() takes the GIL back now and then (every chunk of
     its items, some 15 to 30 ms of work; each function's optional last argument ``chunk`` sets it, for the
     tests) to run Python's signal handlers, and a Ctrl-C stops the call with KeyboardInterrupt.
   - An extension of several C files (setup.py lists each one's) shares its functions between them with
     POKER_LOCAL: seen by the extension's other files, not outside it. */
#ifndef POKER_CORE_H
#define POKER_CORE_H

#include <Python.h>
#include <stdint.h>
#include <string.h>

/* The two-card holdings: C(52, 2), numbered in combinations order (poker/cards/holdings.py's HOLDING_COUNT). */
#define POKER_HOLDINGS 1326

#if defined(__GNUC__) || defined(__clang__)
#define POKER_LOCAL __attribute__((visibility("hidden")))
#else
#define POKER_LOCAL
#endif

/* Whether this machine stores numbers little-endian (a '<' format is then native). */
static inline int
poker_little_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

/* Whether a buffer's items are of `kind`: 'B' uint8 (bytes), 'b' int8, 'h' int16, 'i' int32, 'q' int64,
   'd' float64 (the struct module's letters; a long of the item size counts as its int), in native order. */
static inline int
poker_format_is(const Py_buffer *view, char kind)
{
    const char *format = view->format ? view->format : "B";
    if (format[0] == '@' || format[0] == '=' || (format[0] == '<' && poker_little_endian()))
        format++;
    if (!format[0] || format[1])
        return 0;
    char given = format[0];
    switch (kind) {
    case 'B': return view->itemsize == 1 && given == 'B';
    case 'b': return view->itemsize == 1 && given == 'b';
    case 'h': return view->itemsize == 2 && given == 'h';
    case 'i': return view->itemsize == 4 && (given == 'i' || (given == 'l' && sizeof(long) == 4));
    case 'q': return view->itemsize == 8 && (given == 'q' || (given == 'l' && sizeof(long) == 8));
    case 'd': return view->itemsize == 8 && given == 'd';
    default: return 0;
    }
}

/* Get `object`'s buffer of items of `kind` (poker_format_is), C-contiguous unless `flags` asks for strides
   (PyBUF_RECORDS_RO), writable if `flags` has PyBUF_WRITABLE; -1 with a ValueError naming `what` if not. */
static inline int
poker_buffer(PyObject *object, Py_buffer *view, int flags, char kind, const char *what)
{
    if (!(flags & PyBUF_STRIDES))
        flags |= PyBUF_C_CONTIGUOUS;
    if (PyObject_GetBuffer(object, view, flags | PyBUF_FORMAT) < 0)
        return -1;
    if (!poker_format_is(view, kind)) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "needs %s as a %sbuffer of format %c", what,
                     (flags & PyBUF_C_CONTIGUOUS) == PyBUF_C_CONTIGUOUS ? "contiguous " : "", kind);
        return -1;
    }
    return 0;
}

/* -1, with a ValueError: `what` holds `got` entries, not `low` (to `high`). */
static inline int
poker_count_error(const char *what, Py_ssize_t low, Py_ssize_t high, Py_ssize_t got)
{
    if (low == high)
        PyErr_Format(PyExc_ValueError, "needs %s of %zd entries, got %zd", what, low, got);
    else
        PyErr_Format(PyExc_ValueError, "needs %s of %zd to %zd entries, got %zd", what, low, high, got);
    return -1;
}

/* Get `object`'s C-contiguous buffer of `items` entries of `kind` (any number if `items` is -1), writable if
   `flags` has PyBUF_WRITABLE: -1 with a ValueError naming `what` if not. Not copied: for outputs, and for
   inputs read with the GIL held or made safe where they are read. */
static inline int
poker_read_array(PyObject *object, Py_buffer *view, int flags, char kind, Py_ssize_t items, const char *what)
{
    if (poker_buffer(object, view, flags, kind, what) < 0)
        return -1;
    if (items >= 0 && view->len != items * view->itemsize) {
        Py_ssize_t got = view->len / view->itemsize;
        PyBuffer_Release(view);
        return poker_count_error(what, items, items, got);
    }
    return 0;
}

/* Copy `object`'s buffer of entries of `kind` into `copy` (room for `high` of them) if it holds `low` to
   `high`: their count, or -1 with a ValueError naming `what`. */
static inline Py_ssize_t
poker_copy_array(PyObject *object, void *copy, char kind, Py_ssize_t low, Py_ssize_t high, const char *what)
{
    Py_buffer view;
    if (poker_buffer(object, &view, PyBUF_SIMPLE, kind, what) < 0)
        return -1;
    Py_ssize_t count = view.len / view.itemsize;
    int fits = count >= low && count <= high;
    if (fits)
        memcpy(copy, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    return fits ? count : poker_count_error(what, low, high, count);
}

/* A copy of `object`'s buffer of entries of `kind`, whatever their number (*count), for the caller to
   PyMem_Free; NULL with an exception if it is not such a buffer or memory runs out. */
static inline void *
poker_copy_new(PyObject *object, char kind, Py_ssize_t *count, const char *what)
{
    Py_buffer view;
    if (poker_buffer(object, &view, PyBUF_SIMPLE, kind, what) < 0)
        return NULL;
    void *copy = PyMem_Malloc(view.len ? (size_t)view.len : 1);
    if (copy)
        memcpy(copy, view.buf, (size_t)view.len);
    else
        PyErr_NoMemory();
    *count = view.len / view.itemsize;
    PyBuffer_Release(&view);
    return copy;
}

/* One writable array for poker_read_outputs: its object (NULL: none, skipped), kind, entries and name. */
typedef struct {
    PyObject *object;
    char kind;
    Py_ssize_t items;
    const char *what;
} PokerArray;

/* Get the `count` writable arrays (poker_read_array) into `views` (a skipped one's with no object): 0, or -1 with
   the first bad one's ValueError and none held. poker_release() releases them, skipped ones too. */
static inline int
poker_read_outputs(const PokerArray *arrays, int count, Py_buffer *views)
{
    for (int i = 0; i < count; i++) {
        views[i].obj = NULL;
        views[i].buf = NULL;
        if (arrays[i].object && poker_read_array(arrays[i].object, &views[i], PyBUF_WRITABLE, arrays[i].kind,
                                                 arrays[i].items, arrays[i].what) < 0) {
            while (i > 0)
                PyBuffer_Release(&views[--i]);
            return -1;
        }
    }
    return 0;
}

static inline void
poker_release(Py_buffer *views, int count)
{
    for (int i = 0; i < count; i++)
        PyBuffer_Release(&views[i]);  /* (nothing for a view with no object) */
}

/* Copy `object`'s card indices (a bytes-like buffer of `low` to `high` indices below 52, each above the one
   before it if `ascending`) into `cards` (room for `high`): their count, or -1 with a ValueError naming `what`. */
static inline int
poker_read_cards(PyObject *object, uint8_t *cards, const char *what, Py_ssize_t low, Py_ssize_t high,
                 int ascending)
{
    Py_ssize_t count = poker_copy_array(object, cards, 'B', low, high, what);
    int bad = 0;
    for (Py_ssize_t i = 0; !bad && i < count; i++)
        bad = cards[i] > 51 || (ascending && i && cards[i] <= cards[i - 1]);
    if (bad)
        PyErr_Format(PyExc_ValueError, "needs %zd to %zd %scard indices below 52 as %s", low, high,
                     ascending ? "ascending " : "", what);
    return bad ? -1 : (int)count;
}

/* The holdings, each a number, its two cards (first < second) and their card mask, and the number of each
   pair of cards (-1 for a card with itself). A module that needs it keeps one as its state (its
   PyModuleDef's m_size is sizeof(PokerHoldings)), built once when the module is made (poker_module) and
   only read after: a function finds it with PyModule_GetState(module). */
typedef struct {
    uint8_t first[POKER_HOLDINGS], second[POKER_HOLDINGS];
    uint64_t mask[POKER_HOLDINGS];
    int16_t number[52][52];
} PokerHoldings;

static inline void
poker_build_holdings(PokerHoldings *table)
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

/* The module of `definition` (each PyInit_ function's whole work): with the int constant `name` (unless NULL)
   of `value`, and its holding table built if that is its state. NULL with an exception if it fails. */
static inline PyObject *
poker_module(PyModuleDef *definition, const char *name, long value)
{
    PyObject *created = PyModule_Create(definition);
    if (created && name && PyModule_AddIntConstant(created, name, value) < 0)
        Py_CLEAR(created);
    if (created && definition->m_size == (Py_ssize_t)sizeof(PokerHoldings))
        poker_build_holdings(PyModule_GetState(created));
    return created;
}

/* With the GIL released (*state from PyEval_SaveThread): take it back, run the signal handlers and release it
   again. Nonzero if a handler raised (Ctrl-C's KeyboardInterrupt): its exception stays set, and the caller
   stops, takes the GIL back (PyEval_RestoreThread) and returns NULL. */
static inline int
poker_interrupted(PyThreadState **state)
{
    PyEval_RestoreThread(*state);
    int raised = PyErr_CheckSignals() < 0;
    *state = PyEval_SaveThread();
    return raised;
}

#endif
