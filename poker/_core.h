/* What every C file of the compiled core shares: reading a caller's buffers, and staying interruptible.

   The rules each C file follows (its header comment says how):
   - A buffer is taken for its format, not only its item size: poker_buffer() gets it C-contiguous (or with
     any strides, if asked) and refuses any format but the one named, in native or little-endian order, so
     float32 is no int32 and int64 no float64.
   - What a function checks and then reads with the GIL released (Py_BEGIN_ALLOW_THREADS), another thread of
     the caller may change meanwhile: a small control array (card lists, holding numbers, hero rows, weights)
     is copied first and the copy is checked and read; a large data buffer (a batch of hands) is read where
     it lies, and then every value read from it is made safe at the read (masked to the range the tables
     cover, or copied into a local and checked there), so that whatever it holds no read or write leaves its
     bounds and no arithmetic is undefined. Each function's comment says which it does.
   - A long loop gives signals a chance: poker_interrupted() takes the GIL back now and then (every chunk of
     its items, some 15 to 30 ms of work; each function's optional last argument ``chunk`` sets it, for the
     tests) to run Python's signal handlers, and a Ctrl-C stops the call with KeyboardInterrupt. */
#ifndef POKER_CORE_H
#define POKER_CORE_H

#include <Python.h>
#include <string.h>

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

/* Copy `object`'s card indices (a bytes-like buffer of `low` to `high` indices below 52, each above the one
   before it if `ascending`) into `cards` (room for `high`): their count, or -1 with a ValueError naming `what`. */
static inline int
poker_read_cards(PyObject *object, uint8_t *cards, const char *what, Py_ssize_t low, Py_ssize_t high,
                 int ascending)
{
    Py_buffer view;
    if (poker_buffer(object, &view, PyBUF_SIMPLE, 'B', what) < 0)
        return -1;
    Py_ssize_t count = view.len;
    int bad = count < low || count > high;
    if (!bad)
        memcpy(cards, view.buf, (size_t)count);
    PyBuffer_Release(&view);
    for (Py_ssize_t i = 0; !bad && i < count; i++)
        bad = cards[i] > 51 || (ascending && i && cards[i] <= cards[i - 1]);
    if (bad) {
        PyErr_Format(PyExc_ValueError, "needs %zd to %zd %scard indices below 52 as %s", low, high,
                     ascending ? "ascending " : "", what);
        return -1;
    }
    return (int)count;
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
