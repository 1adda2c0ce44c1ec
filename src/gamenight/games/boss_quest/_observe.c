/* Boss Quest's observation encoder (`observation.encode_state`): its loops over the spell
 * slots and the seats in C, written straight into the adapters' float32 buffer.
 *
 * `write_tables` writes the pieces from ``slot.present`` to ``seat.visible`` exactly as
 * the Python loops of `observation._write_tables` do (the same floats: every value is a
 * small integer, exact in a float32), reading the same fields of the state. The Python
 * code stays the reference and the fallback where this module is not built; a test
 * compares the two on every state of random games. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The offsets `write_tables` takes, in this order (`observation._TABLE_PIECES`). */
enum {
    AT_PRESENT, AT_MYSTERY, AT_SPELL, AT_STATUS, AT_TARGET, AT_DISCARD,
    AT_HEARTS, AT_KEYS, AT_WEAPONS, AT_BONUS, AT_SHOWN, AT_ATTACK, AT_LO, AT_HI,
    AT_KNOWN, AT_BUST, AT_VISITED, AT_WINNER, AT_LOSER, AT_HIDDEN, AT_VISIBLE,
    AT_COUNT
};

/* The state's fields it reads, by their interned names. */
enum {
    N_SLOTS, N_MYSTERY, N_SLOT_STATUS, N_SLOT_TARGET, N_SPELL_DISCARD, N_VISIBLE, N_HEARTS,
    N_KEYS, N_HIDDEN_LO, N_HIDDEN_HI, N_BUST, N_VISITED, N_KNOWN, N_HIDDEN, N_WINNERS, N_LOSERS,
    N_COUNT
};
static PyObject *names[N_COUNT];
static const char *const name_strings[N_COUNT] = {
    "slots", "mystery", "slot_status", "slot_target", "spell_discard", "visible", "hearts",
    "keys", "hidden_lo", "hidden_hi", "bust", "visited", "known", "hidden", "winners", "losers",
};

typedef struct {
    float *values;
    Py_ssize_t size;
} Buffer;

/* values[i] = x, refusing an index outside the buffer (a layout that does not fit). */
static inline int put(Buffer *b, Py_ssize_t i, double x) {
    if (i < 0 || i >= b->size) {
        PyErr_Format(PyExc_IndexError, "observation index %zd outside 0..%zd", i, b->size - 1);
        return -1;
    }
    b->values[i] = (float)x;
    return 0;
}

/* The integer at `seq[i]` of a list or tuple (-1 with an exception set on failure). */
static inline long item(PyObject *seq, Py_ssize_t i) {
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_SetString(PyExc_IndexError, "index outside a field of the state");
        return -1;
    }
    return PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
}

#define CHECK(x) do { if ((x) == -1 && PyErr_Occurred()) goto done; } while (0)

static PyObject *write_tables(PyObject *module, PyObject *args) {
    PyObject *target, *state, *at_tuple, *bonuses, *status_index, *spell_of_id, *dark_of_id,
        *weapon_value;
    int seat, n, keys, statuses, weapons;
    if (!PyArg_ParseTuple(args, "OOiiO!O!O!O!O!O!iii", &target, &state, &seat, &n,
                          &PyTuple_Type, &at_tuple, &PyList_Type, &bonuses, &PyDict_Type,
                          &status_index, &PyTuple_Type, &spell_of_id, &PyTuple_Type,
                          &dark_of_id, &PyTuple_Type, &weapon_value, &keys, &statuses, &weapons))
        return NULL;
    if (PyTuple_GET_SIZE(at_tuple) != AT_COUNT) {
        PyErr_SetString(PyExc_ValueError, "write_tables takes the offsets of _TABLE_PIECES");
        return NULL;
    }
    Py_ssize_t at[AT_COUNT];
    for (int i = 0; i < AT_COUNT; i++) {
        at[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(at_tuple, i));
        if (at[i] == -1 && PyErr_Occurred())
            return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(target, &view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        return NULL;
    PyObject *field[N_COUNT] = {NULL};
    PyObject *result = NULL;
    if (view.itemsize != sizeof(float) || view.format == NULL || strcmp(view.format, "f") != 0) {
        PyErr_SetString(PyExc_TypeError, "write_tables writes into a float32 buffer");
        goto done;
    }
    Buffer b = {(float *)view.buf, view.len / (Py_ssize_t)sizeof(float)};
    for (int i = 0; i < N_COUNT; i++) {
        field[i] = PyObject_GetAttr(state, names[i]);
        if (field[i] == NULL)
            goto done;
        if (i == N_MYSTERY)
            continue;
        PyObject *fast = PySequence_Fast(field[i], "a state field is not a sequence");
        Py_SETREF(field[i], fast);
        if (field[i] == NULL)
            goto done;
    }
    if (PyList_GET_SIZE(bonuses) < n) {
        PyErr_SetString(PyExc_ValueError, "one attack bonus per seat");
        goto done;
    }

    /* The spell slots. */
    long mystery = PyLong_AsLong(field[N_MYSTERY]);
    CHECK(mystery);
    PyObject *slots = field[N_SLOTS];
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(slots); k++) {
        long spell = item(slots, k);
        CHECK(spell);
        CHECK(put(&b, at[AT_PRESENT] + k, 1.0));
        if (k == mystery) {
            CHECK(put(&b, at[AT_MYSTERY] + k, 1.0));
        } else {
            long key = item(spell_of_id, spell);
            CHECK(key);
            CHECK(put(&b, at[AT_SPELL] + k * keys + key, 1.0));
            if (spell < 0 || spell >= PyTuple_GET_SIZE(dark_of_id)) {
                PyErr_SetString(PyExc_IndexError, "observe: a spell id out of range");
                goto done;
            }
            int dark = PyObject_IsTrue(PyTuple_GET_ITEM(dark_of_id, spell));
            CHECK(dark);
            long given_to = item(field[N_SLOT_TARGET], k);
            CHECK(given_to);
            if (dark && given_to >= 0)
                CHECK(put(&b, at[AT_TARGET] + k * n + given_to, 1.0));
        }
        if (k >= PySequence_Fast_GET_SIZE(field[N_SLOT_STATUS])) {
            PyErr_SetString(PyExc_IndexError, "a slot without its status");
            goto done;
        }
        PyObject *status = PyDict_GetItemWithError(
            status_index, PySequence_Fast_GET_ITEM(field[N_SLOT_STATUS], k));
        if (status == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "a slot status outside SlotStatus");
            goto done;
        }
        long status_at = PyLong_AsLong(status);
        CHECK(status_at);
        CHECK(put(&b, at[AT_STATUS] + k * statuses + status_at, 1.0));
    }
    PyObject *discard = field[N_SPELL_DISCARD];
    long discarded[64] = {0};  /* per spell key (there are 21) */
    if (keys > 64) {
        PyErr_SetString(PyExc_ValueError, "more spell keys than write_tables counts");
        goto done;
    }
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(discard); i++) {
        long spell = item(discard, i);
        CHECK(spell);
        long key = item(spell_of_id, spell);
        CHECK(key);
        if (key < 0 || key >= keys) {
            PyErr_SetString(PyExc_IndexError, "a spell key outside the keys");
            goto done;
        }
        Py_ssize_t where = at[AT_DISCARD] + key;
        CHECK(put(&b, where, 0.0));  /* checks the index */
        b.values[where] = (float)(discarded[key] += 1);
    }

    /* The seats. */
    for (int s = 0; s < n; s++) {
        long shown = PyLong_AsLong(PyList_GET_ITEM(bonuses, s));
        CHECK(shown);
        long bonus = shown;
        if (s >= PySequence_Fast_GET_SIZE(field[N_VISIBLE])) {
            PyErr_SetString(PyExc_IndexError, "a seat without its weapons");
            goto done;
        }
        PyObject *visible = PySequence_Fast(PySequence_Fast_GET_ITEM(field[N_VISIBLE], s),
                                            "a seat's weapons are not a sequence");
        if (visible == NULL)
            goto done;
        Py_ssize_t row = at[AT_VISIBLE] + (Py_ssize_t)s * weapons;
        Py_ssize_t count = PySequence_Fast_GET_SIZE(visible);
        for (Py_ssize_t i = 0; i < count; i++) {
            long weapon = item(visible, i);
            long value = weapon == -1 && PyErr_Occurred() ? -1 : item(weapon_value, weapon);
            if ((value == -1 && PyErr_Occurred()) || put(&b, row + weapon, 1.0) < 0) {
                Py_DECREF(visible);
                goto done;
            }
            shown += value;
        }
        Py_DECREF(visible);
        long hearts = item(field[N_HEARTS], s), keys_held = item(field[N_KEYS], s);
        long lo = item(field[N_HIDDEN_LO], s), hi = item(field[N_HIDDEN_HI], s);
        long known = item(field[N_KNOWN], s);
        if (PyErr_Occurred())
            goto done;
        CHECK(put(&b, at[AT_HEARTS] + s, (double)hearts));
        CHECK(put(&b, at[AT_KEYS] + s, (double)keys_held));
        CHECK(put(&b, at[AT_WEAPONS] + s, (double)(1 + count)));
        CHECK(put(&b, at[AT_BONUS] + s, (double)bonus));
        CHECK(put(&b, at[AT_SHOWN] + s, (double)shown));
        CHECK(put(&b, at[AT_LO] + s, (double)lo));
        CHECK(put(&b, at[AT_HI] + s, (double)hi));
        for (int flag = N_BUST; flag <= N_VISITED; flag++) {
            if (s >= PySequence_Fast_GET_SIZE(field[flag])) {
                PyErr_SetString(PyExc_IndexError, "a seat without its flags");
                goto done;
            }
            int on = PyObject_IsTrue(PySequence_Fast_GET_ITEM(field[flag], s));
            CHECK(on);
            if (on)
                CHECK(put(&b, at[flag == N_BUST ? AT_BUST : AT_VISITED] + s, 1.0));
        }
        if (seat >= 0 && (known >> seat & 1)) {
            long hidden = item(field[N_HIDDEN], s);
            CHECK(hidden);
            long value = item(weapon_value, hidden);
            CHECK(value);
            CHECK(put(&b, at[AT_ATTACK] + s, (double)(shown + value)));
            CHECK(put(&b, at[AT_KNOWN] + s, 1.0));
            CHECK(put(&b, at[AT_HIDDEN] + (Py_ssize_t)s * weapons + hidden, 1.0));
        }
    }
    for (int list = N_WINNERS; list <= N_LOSERS; list++) {
        Py_ssize_t start = at[list == N_WINNERS ? AT_WINNER : AT_LOSER];
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(field[list]); i++) {
            long s = item(field[list], i);
            CHECK(s);
            CHECK(put(&b, start + s, 1.0));
        }
    }
    result = Py_NewRef(Py_None);
done:
    for (int i = 0; i < N_COUNT; i++)
        Py_XDECREF(field[i]);
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef methods[] = {
    {"write_tables", write_tables, METH_VARARGS,
     "Write the slot and seat pieces of a Boss Quest observation into a float32 buffer."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_observe",
    "Boss Quest's observation encoder: its loops in C (see observation.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__observe(void) {
    for (int i = 0; i < N_COUNT; i++) {
        names[i] = PyUnicode_InternFromString(name_strings[i]);
        if (names[i] == NULL)
            return NULL;
    }
    return PyModule_Create(&module);
}
