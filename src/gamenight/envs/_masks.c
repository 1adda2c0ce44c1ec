/* The RL adapters' action masks and legal ids (`encoding.Encoding.mask`, `legal_ids`) in C.
 *
 * Both find each action of `legal` by the action object's identity: `index_by_id` maps
 * ``id(action)`` to its codec id for the codec's own instances, which games hand out. An
 * action that is not one of them gives ``None``: the caller then looks the actions up by
 * value. A Ninja Master seat may choose among a hundred actions, and the Python loop
 * costs more than the rest of the observation. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The codec id of each of the `n` actions into `ids`: 0 when all are found, 1 when one is
 * not the codec's own instance, -1 with an exception set. */
static int find_ids(PyObject *actions, PyObject *index_by_id, Py_ssize_t size, Py_ssize_t *ids) {
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(actions); i++) {
        PyObject *key = PyLong_FromVoidPtr(PySequence_Fast_GET_ITEM(actions, i));
        if (key == NULL)
            return -1;
        PyObject *index = PyDict_GetItemWithError(index_by_id, key);
        Py_DECREF(key);
        if (index == NULL)
            return PyErr_Occurred() ? -1 : 1;
        Py_ssize_t at = PyLong_AsSsize_t(index);
        if (at == -1 && PyErr_Occurred())
            return -1;
        if (at < 0 || at >= size) {
            PyErr_Format(PyExc_IndexError, "codec id %zd outside 0..%zd", at, size - 1);
            return -1;
        }
        ids[i] = at;
    }
    return 0;
}

/* Parses ``(legal, index_by_id, size)`` and finds the ids (see `find_ids`); on 0 the caller
 * owns `*actions` and `*ids` (PyMem). */
static int parse_and_find(PyObject *args, PyObject **actions, Py_ssize_t **ids, Py_ssize_t *size) {
    PyObject *legal, *index_by_id;
    if (!PyArg_ParseTuple(args, "OO!n", &legal, &PyDict_Type, &index_by_id, size))
        return -1;
    *actions = PySequence_Fast(legal, "legal actions must be a sequence");
    if (*actions == NULL)
        return -1;
    *ids = PyMem_New(Py_ssize_t, PySequence_Fast_GET_SIZE(*actions) + 1);
    if (*ids == NULL) {
        Py_DECREF(*actions);
        PyErr_NoMemory();
        return -1;
    }
    int found = find_ids(*actions, index_by_id, *size, *ids);
    if (found != 0) {
        Py_DECREF(*actions);
        PyMem_Free(*ids);
    }
    return found;
}

static PyObject *mask(PyObject *module, PyObject *args) {
    PyObject *actions;
    Py_ssize_t *ids, size;
    int found = parse_and_find(args, &actions, &ids, &size);
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
    int found = parse_and_find(args, &actions, &found_ids, &size);
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

static PyMethodDef methods[] = {
    {"mask", mask, METH_VARARGS,
     "The mask's bytes of the legal actions, by identity; None for an action built elsewhere."},
    {"ids", ids, METH_VARARGS,
     "The sorted codec ids of the legal actions, by identity; None for an action built "
     "elsewhere."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_masks",
    "The RL adapters' action masks and legal ids in C (see encoding.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__masks(void) { return PyModule_Create(&module); }
