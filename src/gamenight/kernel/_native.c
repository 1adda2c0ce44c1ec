/* The kernel's hot loops in C, each with a Python fallback that gives the same results.
 *
 * - SplitMix64 draws for `gamenight.kernel.rng.Rng`: the same numbers as its Python code,
 *   at a fraction of the cost of 64-bit arithmetic on Python integers. The generator's
 *   state stays a Python integer owned by `Rng`; each function takes it and returns the
 *   state after its draws, so a clone, a snapshot and the Python code see one stream.
 * - `copy_fields` for `gamenight.kernel.fields.Fields.copy_into`: a clone copies a game's
 *   declared fields (dozens of small lists) without a Python loop.
 * - `seen_by` for `gamenight.kernel.state.State.determinize`: a world's event log and
 *   history as one seat knows them. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The high 64 bits of z * n: a uniform integer in 0..n-1 (multiply-shift). */
static inline uint64_t scale(uint64_t z, uint64_t n) {
    return (uint64_t)(((unsigned __int128)z * n) >> 64);
}

/* (state, value) as a tuple of two Python integers. */
static PyObject *pair(uint64_t state, uint64_t value) {
    PyObject *a = PyLong_FromUnsignedLongLong(state);
    PyObject *b = a ? PyLong_FromUnsignedLongLong(value) : NULL;
    if (!b) {
        Py_XDECREF(a);
        return NULL;
    }
    PyObject *result = PyTuple_Pack(2, a, b);
    Py_DECREF(a);
    Py_DECREF(b);
    return result;
}

static int read_u64(PyObject *value, uint64_t *out) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "expected an integer");
        return -1;
    }
    *out = PyLong_AsUnsignedLongLong(value);
    return (*out == (uint64_t)-1 && PyErr_Occurred()) ? -1 : 0;
}

/* below(state, n) -> (state, value): one draw in 0..n-1, for 0 <= n < 2**64. */
static PyObject *below(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t state, n;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "below(state, n)");
        return NULL;
    }
    if (read_u64(args[0], &state) < 0 || read_u64(args[1], &n) < 0) return NULL;
    state += 0x9E3779B97F4A7C15ULL;
    uint64_t value = scale(mix(state), n);
    return pair(state, value);
}

/* next64(state) -> (state, value): the next 64-bit unsigned integer. */
static PyObject *next64(PyObject *self, PyObject *arg) {
    uint64_t state;
    if (read_u64(arg, &state) < 0) return NULL;
    state += 0x9E3779B97F4A7C15ULL;
    uint64_t value = mix(state);
    return pair(state, value);
}

/* shuffle(state, items) -> state: Fisher-Yates on a list in place. */
static PyObject *shuffle(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t state;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffle(state, items)");
        return NULL;
    }
    if (read_u64(args[0], &state) < 0) return NULL;
    PyObject *items = args[1];
    if (!PyList_CheckExact(items)) {
        PyErr_SetString(PyExc_TypeError, "shuffle takes a list");
        return NULL;
    }
    /* Swapping two entries moves no reference: no Python code runs meanwhile, so the
     * list cannot change size under us. */
    PyObject **cells = ((PyListObject *)items)->ob_item;
    for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i > 0; i--) {
        state += 0x9E3779B97F4A7C15ULL;
        Py_ssize_t j = (Py_ssize_t)scale(mix(state), (uint64_t)i + 1);
        PyObject *held = cells[i];
        cells[i] = cells[j];
        cells[j] = held;
    }
    return PyLong_FromUnsignedLongLong(state);
}

/* A copy of one list field: a list's own items (shared), or `value.copy()` for another
 * kind of sequence. */
static PyObject *copy_list(PyObject *value) {
    if (PyList_CheckExact(value)) return PyList_GetSlice(value, 0, PyList_GET_SIZE(value));
    return PyObject_CallMethod(value, "copy", NULL);
}

static PyObject *field(PyObject *mine, PyObject *name) {
    PyObject *value = PyDict_GetItemWithError(mine, name);
    if (!value && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, name);
    return value;
}

/* copy_fields(mine, theirs, scalars, lists, nested): into the instance dict `theirs`, the
 * fields of `mine` named in each tuple: scalars shared, lists copied one level deep,
 * nested lists two levels. */
static PyObject *copy_fields(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 || !PyDict_CheckExact(args[0]) || !PyDict_CheckExact(args[1]) ||
        !PyTuple_CheckExact(args[2]) || !PyTuple_CheckExact(args[3]) ||
        !PyTuple_CheckExact(args[4])) {
        PyErr_SetString(PyExc_TypeError,
                        "copy_fields(mine: dict, theirs: dict, scalars, lists, nested: tuple)");
        return NULL;
    }
    PyObject *mine = args[0], *theirs = args[1];
    PyObject *scalars = args[2], *lists = args[3], *nested = args[4];
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(scalars); i++) {
        PyObject *name = PyTuple_GET_ITEM(scalars, i);
        PyObject *value = field(mine, name);
        if (!value || PyDict_SetItem(theirs, name, value) < 0) return NULL;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(lists); i++) {
        PyObject *name = PyTuple_GET_ITEM(lists, i);
        PyObject *value = field(mine, name);
        PyObject *copy = value ? copy_list(value) : NULL;
        if (!copy) return NULL;
        int failed = PyDict_SetItem(theirs, name, copy);
        Py_DECREF(copy);
        if (failed < 0) return NULL;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(nested); i++) {
        PyObject *name = PyTuple_GET_ITEM(nested, i);
        PyObject *rows = field(mine, name);
        if (!rows) return NULL;
        PyObject *copy = PySequence_List(rows);
        if (!copy) return NULL;
        for (Py_ssize_t r = 0; r < PyList_GET_SIZE(copy); r++) {
            PyObject *row = copy_list(PyList_GET_ITEM(copy, r));
            if (!row) {
                Py_DECREF(copy);
                return NULL;
            }
            PyList_SetItem(copy, r, row); /* steals `row`, releases the shared one */
        }
        int failed = PyDict_SetItem(theirs, name, copy);
        Py_DECREF(copy);
        if (failed < 0) return NULL;
    }
    Py_RETURN_NONE;
}

/* seen_by(entries, history, seat, hidden) -> (entries, history): the log entries
 * ``(kind, data, to)`` that `seat` may see (``to`` is None, or holds `seat`; a spectator,
 * None, sees the public ones), and the history with every other seat's entry replaced by
 * ``hidden[that seat]``. */
static PyObject *seen_by(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyList_CheckExact(args[0]) || !PyList_CheckExact(args[1]) ||
        !PyList_CheckExact(args[3])) {
        PyErr_SetString(PyExc_TypeError, "seen_by(entries: list, history: list, seat, hidden: list)");
        return NULL;
    }
    PyObject *entries = args[0], *history = args[1], *seat = args[2], *hidden = args[3];
    PyObject *seen = PyList_New(0);
    PyObject *told = seen ? PyList_New(PyList_GET_SIZE(history)) : NULL;
    if (!told) goto failed;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(entries); i++) {
        PyObject *entry = PyList_GET_ITEM(entries, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 3) {
            PyErr_SetString(PyExc_TypeError, "a log entry is a (kind, data, to) tuple");
            goto failed;
        }
        PyObject *to = PyTuple_GET_ITEM(entry, 2);
        int visible = to == Py_None;
        if (!visible && seat != Py_None) {
            visible = PySequence_Contains(to, seat);
            if (visible < 0) goto failed;
        }
        if (visible && PyList_Append(seen, entry) < 0) goto failed;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(history); i++) {
        PyObject *entry = PyList_GET_ITEM(history, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2) {
            PyErr_SetString(PyExc_TypeError, "a history entry is a (seat, action) tuple");
            goto failed;
        }
        PyObject *actor = PyTuple_GET_ITEM(entry, 0);
        int own = PyObject_RichCompareBool(actor, seat, Py_EQ);
        if (own < 0) goto failed;
        if (!own) {
            Py_ssize_t index = PyLong_AsSsize_t(actor);
            if (index == -1 && PyErr_Occurred()) goto failed;
            if (index < 0 || index >= PyList_GET_SIZE(hidden)) {
                PyErr_SetString(PyExc_IndexError, "a history entry names no seat of the table");
                goto failed;
            }
            entry = PyList_GET_ITEM(hidden, index);
        }
        Py_INCREF(entry);
        PyList_SET_ITEM(told, i, entry);
    }
    PyObject *result = PyTuple_Pack(2, seen, told);
    Py_DECREF(seen);
    Py_DECREF(told);
    return result;
failed:
    Py_XDECREF(seen);
    Py_XDECREF(told);
    return NULL;
}

static PyMethodDef methods[] = {
    {"seen_by", (PyCFunction)(void (*)(void))seen_by, METH_FASTCALL,
     "seen_by(entries, history, seat, hidden) -> (entries, history)"},
    {"copy_fields", (PyCFunction)(void (*)(void))copy_fields, METH_FASTCALL,
     "copy_fields(mine, theirs, scalars, lists, nested) -> None"},
    {"below", (PyCFunction)(void (*)(void))below, METH_FASTCALL,
     "below(state, n) -> (state, value)"},
    {"next64", next64, METH_O, "next64(state) -> (state, value)"},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL,
     "shuffle(state, items) -> state"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "The kernel's hot loops in C (gamenight.kernel.rng, .fields, .state).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }
