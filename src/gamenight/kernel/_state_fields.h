/* Reading a game state's fields from C: what the games' observation encoders
 * (`games/<game>/_observe.c`) share. Header only, each extension its own copy.
 *
 * - `refresh_field_slots`, `read_fields`: every named field of a state, read at its
 *   slot's offset where the class keeps it in a slot (looked up once per class, again
 *   when the class changes), by attribute otherwise;
 * - `as_long`, `bounded`: an int of the state as a C long, refusing anything but an int
 *   (so that no Python code runs) or a value outside its range;
 * - `fast`, `fast_fields`: a list or tuple field as it is, another sequence copied into a
 *   list;
 * - `viewer_seat`: the seat an encoder is asked for, refused as `State.check_seat` does;
 * - `index_in`: a member's index in a tuple of strings;
 * - `F`: the float a Python int becomes in a float32 buffer; `CHECK`: jump to `done` on
 *   a failed read. */

#ifndef GAMENIGHT_STATE_FIELDS_H
#define GAMENIGHT_STATE_FIELDS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#ifndef Py_T_OBJECT_EX /* before 3.12 */
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif
#ifndef Py_ALWAYS_INLINE /* before 3.11 */
#define Py_ALWAYS_INLINE
#endif

/* Where the last class seen keeps each of `count` fields: a slot's offset in the object
 * (-1: read by attribute). Valid while the class keeps its version tag, which any change
 * to the class resets (as CPython's own attribute caches are). */
typedef struct {
    PyTypeObject *type; /* the class looked up (borrowed; NULL: none valid) */
    unsigned int tag;   /* its version tag then */
    int count;
    PyObject **names;    /* the fields' names, interned by the module's `configure` */
    Py_ssize_t *offsets; /* `count` of them */
} FieldSlots;

/* Look up where `type` keeps each field: a slot (`__slots__`'s member descriptor, which an
 * instance's dict cannot shadow) of a class with no `__getattribute__` of its own, or
 * anything else, read by attribute. */
static inline int find_field_slots(FieldSlots *slots, PyTypeObject *type) {
    slots->type = NULL;
    int generic = type->tp_getattro == PyObject_GenericGetAttr;
    for (int i = 0; i < slots->count; i++) {
        slots->offsets[i] = -1;
        PyObject *found = PyObject_GetAttr((PyObject *)type, slots->names[i]);
        if (found == NULL) {
            if (!PyErr_ExceptionMatches(PyExc_AttributeError))
                return -1;
            PyErr_Clear();
            continue;
        }
        if (generic && Py_IS_TYPE(found, &PyMemberDescr_Type)) {
            PyMemberDef *member = ((PyMemberDescrObject *)found)->d_member;
            if (member->type == Py_T_OBJECT_EX && PyType_IsSubtype(type, PyDescr_TYPE(found)))
                slots->offsets[i] = member->offset;
        }
        Py_DECREF(found);
    }
    if (PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG)) {
        slots->type = type;
        slots->tag = type->tp_version_tag;
    }
    return 0;
}

/* Make `slots` describe `type`, looking it up again if it is another class or has
 * changed: 1 when looked up, 0 when not, -1 with an exception set. */
static inline int refresh_field_slots(FieldSlots *slots, PyTypeObject *type) {
    if (type == slots->type && type->tp_version_tag == slots->tag &&
        PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG))
        return 0;
    return find_field_slots(slots, type) < 0 ? -1 : 1;
}

/* Every field of `state` (whose class `slots` describes: `refresh_field_slots`) into
 * `field`, new references that the caller releases, NULLs included: 0, or -1 with an
 * exception set (an unset slot raises getattr's AttributeError). */
static inline int read_fields(const FieldSlots *slots, PyObject *state, PyObject **field) {
    for (int i = 0; i < slots->count; i++) {
        PyObject *value = NULL;
        if (slots->offsets[i] >= 0)
            value = *(PyObject **)((char *)state + slots->offsets[i]);
        field[i] = value != NULL ? Py_NewRef(value) : PyObject_GetAttr(state, slots->names[i]);
        if (field[i] == NULL)
            return -1;
    }
    return 0;
}

/* An int of the state as a C long (-1 with an exception set on failure). A small int is
 * read at once; anything but an int is refused (so that no Python code runs). */
static inline long as_long(PyObject *value) {
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(value) && PyUnstable_Long_IsCompact((PyLongObject *)value))
        return (long)PyUnstable_Long_CompactValue((PyLongObject *)value);
#else
    if (PyLong_CheckExact(value)) {
        Py_ssize_t size = Py_SIZE(value);
        if (size == 0)
            return 0;
        if (size == 1 || size == -1) {
            long digit = (long)((PyLongObject *)value)->ob_digit[0];
            return size == 1 ? digit : -digit;
        }
    }
#endif
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "an int of the state is a %.200s", Py_TYPE(value)->tp_name);
        return -1;
    }
    return PyLong_AsLong(value);
}

/* An int, which must lie in 0..bound-1 (-1 with an exception set otherwise). */
static Py_ALWAYS_INLINE inline long bounded(PyObject *value, long bound, const char *what) {
    long x = as_long(value);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < 0 || x >= bound) {
        PyErr_Format(PyExc_IndexError, "%s %ld outside 0..%ld", what, x, bound - 1);
        return -1;
    }
    return x;
}

/* A field that is a list or a tuple, as a new reference; another sequence is copied into
 * a list. */
static inline PyObject *fast(PyObject *field) {
    if (PyList_Check(field) || PyTuple_Check(field))
        return Py_NewRef(field);
    return PySequence_Fast(field, "a field of the state is not a sequence");
}

/* Make `field[first]` .. `field[end - 1]` lists or tuples (`fast`): -1 with an exception
 * set on failure. */
static inline int fast_fields(PyObject **field, int first, int end) {
    for (int i = first; i < end; i++) {
        Py_SETREF(field[i], fast(field[i]));
        if (field[i] == NULL)
            return -1;
    }
    return 0;
}

/* The seat `seat` names at a table of `n`, as `State.check_seat` takes it: -1 for None (a
 * spectator); for a seat it refuses, -2 with the error `state.check_seat` raises (whose
 * name is `check_seat_name`). */
static inline long viewer_seat(PyObject *state, PyObject *seat, long n,
                               PyObject *check_seat_name) {
    if (seat == Py_None)
        return -1;
    int overflow;
    long at = PyLong_CheckExact(seat) ? PyLong_AsLongAndOverflow(seat, &overflow) : -1;
    if (at >= 0 && at < n)
        return at;
    PyObject *ok = PyObject_CallMethodOneArg(state, check_seat_name, seat);
    if (ok != NULL) {
        Py_DECREF(ok);
        PyErr_Format(PyExc_ValueError, "there is no seat %R", seat);
    }
    return -2;
}

/* The index of `value` in a tuple of strings (the vocabulary's members, so mostly found
 * by identity; a loaded snapshot's plain strings compare by value), or -1 if absent. */
static inline Py_ssize_t index_in(PyObject *vocabulary, PyObject *value) {
    Py_ssize_t size = PyTuple_GET_SIZE(vocabulary);
    for (Py_ssize_t i = 0; i < size; i++)
        if (PyTuple_GET_ITEM(vocabulary, i) == value)
            return i;
    if (!PyUnicode_Check(value))
        return -1;
    for (Py_ssize_t i = 0; i < size; i++)
        if (PyUnicode_Compare(PyTuple_GET_ITEM(vocabulary, i), value) == 0)
            return i;
    return -1;
}

#define CHECK(x) do { if ((x) == -1 && PyErr_Occurred()) goto done; } while (0)

/* The float a Python int becomes in a float32 buffer: through a double, as Python does. */
#define F(x) ((float)(double)(x))

#endif
