/* The RL adapters' action masks and legal ids (`encoding.Encoding.mask`, `legal_ids`) in C.
 *
 * Both find each action of `legal` by the action object's identity in an `Index` of the
 * codec's own instances (which games hand out): a table from object address to codec id,
 * probed in C with no Python object made per action. An action that is not one of them
 * gives ``None``: the caller then looks the actions up by value. A Ninja Master seat may
 * choose among a hundred actions, and a Python loop costs more than the rest of the
 * observation. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* An open-addressing table from the address of each of `actions` to its position; it
 * holds `actions` so that no address is reused while the table lives. */
typedef struct {
    PyObject_HEAD
    PyObject *actions; /* the codec's tuple of actions */
    PyObject **keys;   /* NULL: an empty slot */
    Py_ssize_t *values;
    size_t mask;       /* the table's size minus one (a power of two) */
} Index;

static size_t slot_of(const Index *index, const PyObject *key) {
    /* Objects are 16-byte aligned: the low bits carry nothing. */
    return (size_t)(((uintptr_t)key >> 4) * (uintptr_t)0x9E3779B97F4A7C15ull) & index->mask;
}

/* The codec id of `key`, or -1 when it is not one of the index's actions. */
static Py_ssize_t lookup(const Index *index, const PyObject *key) {
    for (size_t at = slot_of(index, key);; at = (at + 1) & index->mask) {
        if (index->keys[at] == key)
            return index->values[at];
        if (index->keys[at] == NULL)
            return -1;
    }
}

static void Index_dealloc(Index *self) {
    Py_XDECREF(self->actions);
    PyMem_Free(self->keys);
    PyMem_Free(self->values);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Index_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *actions;
    if (!PyArg_ParseTuple(args, "O!:Index", &PyTuple_Type, &actions))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(actions);
    size_t size = 8;
    while (size < 2 * (size_t)n)
        size *= 2;
    Index *self = (Index *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->keys = PyMem_Calloc(size, sizeof(PyObject *));
    self->values = PyMem_Calloc(size, sizeof(Py_ssize_t));
    if (self->keys == NULL || self->values == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    self->mask = size - 1;
    Py_INCREF(actions);
    self->actions = actions;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *key = PyTuple_GET_ITEM(actions, i);
        size_t at = slot_of(self, key);
        while (self->keys[at] != NULL && self->keys[at] != key)
            at = (at + 1) & self->mask;
        if (self->keys[at] == NULL) { /* an object listed twice keeps its first id */
            self->keys[at] = key;
            self->values[at] = i;
        }
    }
    return (PyObject *)self;
}

static PyObject *Index_size(Index *self, void *closure) {
    return PyLong_FromSsize_t(PyTuple_GET_SIZE(self->actions));
}

static PyGetSetDef Index_getset[] = {
    {"size", (getter)Index_size, NULL, "how many actions the index holds", NULL},
    {NULL},
};

static PyTypeObject IndexType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gamenight.envs._masks.Index",
    .tp_basicsize = sizeof(Index),
    .tp_dealloc = (destructor)Index_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Index(actions: tuple): each action object's position, by identity.",
    .tp_new = Index_new,
    .tp_getset = Index_getset,
};

/* Parses ``(legal, index)`` into a fast sequence and the codec id of each action, in a
 * new PyMem array: 0 when all are found, 1 when one is not the codec's own instance (the
 * caller gets nothing to free), -1 with an exception set. */
static int find_ids(PyObject *args, PyObject **actions, Py_ssize_t **ids, Py_ssize_t *size) {
    PyObject *legal;
    Index *index;
    if (!PyArg_ParseTuple(args, "OO!", &legal, &IndexType, &index))
        return -1;
    *actions = PySequence_Fast(legal, "legal actions must be a sequence");
    if (*actions == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(*actions);
    *ids = PyMem_New(Py_ssize_t, n + 1);
    if (*ids == NULL) {
        Py_DECREF(*actions);
        PyErr_NoMemory();
        return -1;
    }
    *size = PyTuple_GET_SIZE(index->actions);
    for (Py_ssize_t i = 0; i < n; i++) {
        (*ids)[i] = lookup(index, PySequence_Fast_GET_ITEM(*actions, i));
        if ((*ids)[i] < 0) {
            Py_DECREF(*actions);
            PyMem_Free(*ids);
            return 1;
        }
    }
    return 0;
}

static PyObject *mask(PyObject *module, PyObject *args) {
    PyObject *actions;
    Py_ssize_t *ids, size;
    int found = find_ids(args, &actions, &ids, &size);
    if (found != 0) {
        if (found < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    PyObject *result = PyByteArray_FromStringAndSize(NULL, size);
    if (result != NULL) {
        char *bytes = PyByteArray_AS_STRING(result);
        memset(bytes, 0, (size_t)size);
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(actions); i++)
            bytes[ids[i]] = 1;
    }
    Py_DECREF(actions);
    PyMem_Free(ids);
    return result;
}

static int compare_ids(const void *a, const void *b) {
    Py_ssize_t x = *(const Py_ssize_t *)a, y = *(const Py_ssize_t *)b;
    return (x > y) - (x < y);
}

static PyObject *ids(PyObject *module, PyObject *args) {
    PyObject *actions;
    Py_ssize_t *found_ids, size;
    int found = find_ids(args, &actions, &found_ids, &size);
    if (found != 0) {
        if (found < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(actions);
    Py_DECREF(actions);
    qsort(found_ids, (size_t)n, sizeof(Py_ssize_t), compare_ids);
    PyObject *result = PyList_New(n);
    for (Py_ssize_t i = 0; result != NULL && i < n; i++) {
        PyObject *id = PyLong_FromSsize_t(found_ids[i]);
        if (id == NULL)
            Py_CLEAR(result);
        else
            PyList_SET_ITEM(result, i, id);
    }
    PyMem_Free(found_ids);
    return result;
}

/* floats(tensor) -> the list of Python floats of a float32 buffer, as `tolist` gives it,
 * for OpenSpiel's `observation_tensor`. An observation is mostly zeros and ones: those two
 * (and a value repeating the one before) are one shared float object each, not a new
 * float per entry. */
static PyObject *zero_float, *one_float;

static PyObject *floats(PyObject *module, PyObject *tensor) {
    Py_buffer view;
    if (PyObject_GetBuffer(tensor, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (view.itemsize != 4 || view.format == NULL || strcmp(view.format, "f") != 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "floats() takes a C-contiguous float32 array");
        return NULL;
    }
    Py_ssize_t n = view.len / 4;
    const char *values = view.buf;
    PyObject *result = PyList_New(n);
    PyObject *last = NULL; /* the latest float made, held by the list */
    uint32_t last_bits = 0;
    for (Py_ssize_t i = 0; result != NULL && i < n; i++) {
        uint32_t bits;
        float value;
        memcpy(&bits, values + 4 * i, 4); /* by bits: -0.0 is not 0.0 */
        memcpy(&value, values + 4 * i, 4);
        PyObject *item;
        if (bits == 0)
            item = Py_NewRef(zero_float);
        else if (bits == 0x3f800000u) /* 1.0f */
            item = Py_NewRef(one_float);
        else if (last != NULL && bits == last_bits)
            item = Py_NewRef(last);
        else {
            item = PyFloat_FromDouble((double)value);
            if (item == NULL) {
                Py_CLEAR(result);
                break;
            }
            last = item;
            last_bits = bits;
        }
        PyList_SET_ITEM(result, i, item);
    }
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef methods[] = {
    {"floats", floats, METH_O,
     "floats(tensor): the list of floats of a C-contiguous float32 array (as tolist)."},
    {"mask", mask, METH_VARARGS,
     "mask(legal, index): the mask's bytes of the legal actions, by identity; None for an "
     "action built elsewhere."},
    {"ids", ids, METH_VARARGS,
     "ids(legal, index): the sorted codec ids of the legal actions, by identity; None for "
     "an action built elsewhere."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_masks",
    "The RL adapters' action masks, legal ids and float lists in C (see encoding.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__masks(void) {
    if (PyType_Ready(&IndexType) < 0)
        return NULL;
    if (zero_float == NULL) {
        zero_float = PyFloat_FromDouble(0.0);
        one_float = PyFloat_FromDouble(1.0);
        if (zero_float == NULL || one_float == NULL)
            return NULL;
    }
    PyObject *created = PyModule_Create(&module);
    if (created == NULL)
        return NULL;
    Py_INCREF(&IndexType);
    if (PyModule_AddObject(created, "Index", (PyObject *)&IndexType) < 0) {
        Py_DECREF(&IndexType);
        Py_DECREF(created);
        return NULL;
    }
    return created;
}
