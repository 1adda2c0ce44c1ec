/* The RL adapters' action masks (`encoding.Encoding.mask`) in C.
 *
 * `mask(legal, index_by_id, size)` is the int8 mask's bytes: 1 at the codec id of each
 * action of `legal`, found by the action object's identity (`index_by_id` maps
 * ``id(action)`` to its codec id for the codec's own instances, which games hand out).
 * An action that is not one of them gives ``None``: the caller then looks the actions up
 * by value. A Ninja Master seat may choose among a hundred actions, and the Python loop
 * costs more than the rest of the observation. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *mask(PyObject *module, PyObject *args) {
    PyObject *legal, *index_by_id;
    Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "OO!n", &legal, &PyDict_Type, &index_by_id, &size))
        return NULL;
    PyObject *actions = PySequence_Fast(legal, "legal actions must be a sequence");
    if (actions == NULL)
        return NULL;
    PyObject *result = PyByteArray_FromStringAndSize(NULL, size);
    if (result == NULL) {
        Py_DECREF(actions);
        return NULL;
    }
    char *bytes = PyByteArray_AS_STRING(result);
    memset(bytes, 0, (size_t)size);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(actions); i++) {
        PyObject *key = PyLong_FromVoidPtr(PySequence_Fast_GET_ITEM(actions, i));
        if (key == NULL)
            goto fail;
        PyObject *index = PyDict_GetItemWithError(index_by_id, key);
        Py_DECREF(key);
        if (index == NULL) {
            if (PyErr_Occurred())
                goto fail;
            Py_DECREF(actions);
            Py_DECREF(result);
            Py_RETURN_NONE;  /* not one of the codec's instances */
        }
        Py_ssize_t at = PyLong_AsSsize_t(index);
        if (at == -1 && PyErr_Occurred())
            goto fail;
        if (at < 0 || at >= size) {
            PyErr_Format(PyExc_IndexError, "codec id %zd outside 0..%zd", at, size - 1);
            goto fail;
        }
        bytes[at] = 1;
    }
    Py_DECREF(actions);
    return result;
fail:
    Py_DECREF(actions);
    Py_DECREF(result);
    return NULL;
}

static PyMethodDef methods[] = {
    {"mask", mask, METH_VARARGS,
     "The mask's bytes of the legal actions, by identity; None for an action built elsewhere."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_masks", "The RL adapters' action masks in C (see encoding.py).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__masks(void) { return PyModule_Create(&module); }
