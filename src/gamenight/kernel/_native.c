/* The kernel's hot loops in C, each with a Python fallback that gives the same results.
 *
 * - SplitMix64 draws for `gamenight.kernel.rng.Rng`: the same numbers as its Python code,
 *   at a fraction of the cost of 64-bit arithmetic on Python integers. The generator's
 *   state stays a Python integer owned by `Rng`; each function takes it and returns the
 *   state after its draws, so a clone, a snapshot and the Python code see one stream.
 * - `clone` for `gamenight.kernel.state.State.clone` (`fields.copy_state`): a new state
 *   with the kernel's and a game's declared fields (dozens of small lists) copied, its
 *   generator and event log too, without a line of Python.
 * - `seen_by` for `gamenight.kernel.state.State.determinize`: a world's event log and
 *   history as one seat knows them. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
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

static PyObject *str_copy; /* "copy", made once */

/* A copy of one list field: a list's own items (shared), or `value.copy()` for another
 * kind of sequence. */
static PyObject *copy_list(PyObject *value) {
    if (PyList_CheckExact(value)) return PyList_GetSlice(value, 0, PyList_GET_SIZE(value));
    return PyObject_CallMethodNoArgs(value, str_copy);
}

static PyObject *field(PyObject *fields, PyObject *name) {
    PyObject *value = PyDict_GetItemWithError(fields, name);
    if (!value && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, name);
    return value;
}

/* Replace the value of the field `name` of the dict `fields` by `copy` (a new reference,
 * NULL when making it failed). */
static int replace(PyObject *fields, PyObject *name, PyObject *copy) {
    if (!copy) return -1;
    int failed = PyDict_SetItem(fields, name, copy);
    Py_DECREF(copy);
    return failed;
}

/* A copy of a list of lists, two levels deep. */
static PyObject *copy_nested(PyObject *rows) {
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
    return copy;
}

/* A copy of an object of one slot (`descr`, its member descriptor): a new instance of the
 * slot's class (an instance of a subclass gives a plain one), holding the same value, or
 * its own copy of a list. No Python code runs. */
static PyObject *copy_slotted(PyObject *value, PyObject *descr) {
    if (!Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyErr_SetString(PyExc_TypeError, "a slotted field names its slot's member descriptor");
        return NULL;
    }
    PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
    PyTypeObject *type = PyDescr_TYPE(descr);
    if (!PyObject_TypeCheck(value, type) || member->type != T_OBJECT_EX) {
        PyErr_Format(PyExc_TypeError, "expected a %s, got %R", type->tp_name, value);
        return NULL;
    }
    PyObject *held = *(PyObject **)((char *)value + member->offset);
    if (!held) {
        PyErr_Format(PyExc_AttributeError, "%s has no %s", type->tp_name, member->name);
        return NULL;
    }
    PyObject *copy = PyList_CheckExact(held) ? copy_list(held) : Py_NewRef(held);
    PyObject *new = copy ? type->tp_alloc(type, 0) : NULL;
    if (!new) {
        Py_XDECREF(copy);
        return NULL;
    }
    *(PyObject **)((char *)new + member->offset) = copy;
    return new;
}

/* Drop from `fields` every entry not named in `names` (a value a clone does not carry, such
 * as a cache): first those named in `known` (one lookup each), then, if the count is still
 * wrong, whatever else a scan finds; a KeyError names a field of `names` that `fields`
 * lacks. */
static int keep_only(PyObject *fields, PyObject *names, PyObject *known) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(known); i++) {
        PyObject *name = PyTuple_GET_ITEM(known, i);
        int present = PyDict_Contains(fields, name);
        if (present < 0 || (present && PyDict_DelItem(fields, name) < 0)) return -1;
    }
    if (PyDict_GET_SIZE(fields) == PySet_GET_SIZE(names)) return 0;
    PyObject *dropped = PyList_New(0);
    if (!dropped) return -1;
    PyObject *name, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(fields, &pos, &name, &value)) {
        int kept = PySet_Contains(names, name);
        if (kept < 0 || (!kept && PyList_Append(dropped, name) < 0)) goto failed;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(dropped); i++) {
        if (PyDict_DelItem(fields, PyList_GET_ITEM(dropped, i)) < 0) goto failed;
    }
    Py_DECREF(dropped);
    if (PyDict_GET_SIZE(fields) == PySet_GET_SIZE(names)) return 0;
    PyObject *each = PyObject_GetIter(names);
    if (!each) return -1;
    while ((name = PyIter_Next(each))) {
        int present = PyDict_Contains(fields, name);
        if (present <= 0) {
            if (present == 0) PyErr_SetObject(PyExc_KeyError, name);
            Py_DECREF(name);
            break;
        }
        Py_DECREF(name);
    }
    Py_DECREF(each);
    return -1;
failed:
    Py_DECREF(dropped);
    return -1;
}

/* clone(source, plan) -> a new instance of source's class: its instance dict is a copy of
 * source's holding the fields named in plan.names only; lists copied one level deep,
 * nested lists two, parts by their `copy()` (None stays None), slotted objects by
 * `copy_slotted`, every other field shared. `plan` is `fields.ClonePlan`: (names, shared,
 * lists, nested, parts, slotted, dropped); `shared` is for the Python code. */
static PyObject *clone_state(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyTuple_Check(args[1]) || PyTuple_GET_SIZE(args[1]) != 7) {
        PyErr_SetString(PyExc_TypeError, "clone(source, plan: ClonePlan)");
        return NULL;
    }
    PyObject *source = args[0], *plan = args[1];
    PyObject *names = PyTuple_GET_ITEM(plan, 0), *lists = PyTuple_GET_ITEM(plan, 2);
    PyObject *nested = PyTuple_GET_ITEM(plan, 3), *parts = PyTuple_GET_ITEM(plan, 4);
    PyObject *slotted = PyTuple_GET_ITEM(plan, 5), *dropped = PyTuple_GET_ITEM(plan, 6);
    if (!PyFrozenSet_CheckExact(names) || !PyTuple_CheckExact(lists) ||
        !PyTuple_CheckExact(nested) || !PyTuple_CheckExact(parts) ||
        !PyTuple_CheckExact(slotted) || !PyTuple_CheckExact(dropped)) {
        PyErr_SetString(PyExc_TypeError,
                        "a clone plan is (names: frozenset, shared, lists, nested, parts, "
                        "slotted, dropped: tuple)");
        return NULL;
    }
    PyObject *mine = PyObject_GenericGetDict(source, NULL);
    if (!mine) return NULL;
    /* One copy of the whole dict (its table copied as it is, no insertion one by one),
     * then only the fields that are not shared replaced. The values read below are the
     * source's, which the source keeps alive. */
    PyObject *theirs = PyDict_Copy(mine);
    Py_DECREF(mine);
    if (!theirs) return NULL;
    if (PyDict_GET_SIZE(theirs) != PySet_GET_SIZE(names) && keep_only(theirs, names, dropped) < 0)
        goto failed;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(lists); i++) {
        PyObject *name = PyTuple_GET_ITEM(lists, i), *value = field(theirs, name);
        if (!value || replace(theirs, name, copy_list(value)) < 0) goto failed;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(nested); i++) {
        PyObject *name = PyTuple_GET_ITEM(nested, i), *value = field(theirs, name);
        if (!value || replace(theirs, name, copy_nested(value)) < 0) goto failed;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(parts); i++) {
        PyObject *name = PyTuple_GET_ITEM(parts, i), *value = field(theirs, name);
        if (!value) goto failed;
        if (value != Py_None && replace(theirs, name, PyObject_CallMethodNoArgs(value, str_copy)) < 0)
            goto failed;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(slotted); i++) {
        PyObject *pair = PyTuple_GET_ITEM(slotted, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "a slotted field is a (name, descriptor) pair");
            goto failed;
        }
        PyObject *name = PyTuple_GET_ITEM(pair, 0), *value = field(theirs, name);
        if (!value || replace(theirs, name, copy_slotted(value, PyTuple_GET_ITEM(pair, 1))) < 0)
            goto failed;
    }
    /* The bare allocation of `object.__new__` (no Python `__init__`); the instance then
     * takes the finished dict as its own. */
    PyTypeObject *type = Py_TYPE(source);
    PyObject *new = type->tp_alloc(type, 0);
    if (!new) goto failed;
    if (PyObject_GenericSetDict(new, theirs, NULL) < 0) {
        Py_DECREF(new);
        goto failed;
    }
    Py_DECREF(theirs);
    return new;
failed:
    Py_DECREF(theirs);
    return NULL;
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
    {"clone", (PyCFunction)(void (*)(void))clone_state, METH_FASTCALL, "clone(source, plan) -> copy"},
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

PyMODINIT_FUNC PyInit__native(void) {
    str_copy = PyUnicode_InternFromString("copy");
    return str_copy ? PyModule_Create(&module) : NULL;
}
