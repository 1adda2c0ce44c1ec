/* The kernel's hot loops in C, each with a Python fallback that gives the same results.
 *
 * - SplitMix64 draws for `gamenight.kernel.rng.Rng`: the same numbers as its Python code,
 *   at a fraction of the cost of 64-bit arithmetic on Python integers. The generator's
 *   state stays a Python integer owned by `Rng`; each function takes it and returns the
 *   state after its draws, so a clone, a snapshot and the Python code see one stream.
 * - `clone` for `gamenight.kernel.state.State.clone` (`fields.copy_state`): a new state
 *   with the kernel's and a game's declared fields (dozens of small lists) copied, its
 *   generator, event log and decision stack too, without a line of Python: the fields
 *   are slots, read and written by the offsets of the class's `Layout`.
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

/* ----- AppendLog: a list that grows at its end, whose copies share their beginning ----- */

/* A state's history and event log grow by one entry an action and are copied by every
 * clone: a search clones millions of times, and a Munchkin game runs to thousands of
 * entries. The entries are kept as full chunks of CHUNK entries (tuples, never changed,
 * held in a tuple that copies share) and a tail of fewer (a list), so a copy costs a tail,
 * not the whole log. A copy shares the tail too until one of the logs changes it: the log
 * that changes a tail another holds (its reference count says so) takes its own copy
 * first, so a clone that is dropped unchanged copies nothing. */
#define CHUNK 32

typedef struct {
    PyObject_HEAD
    PyObject *chunks; /* a tuple of CHUNK-tuples, shared by copies */
    PyObject *tail;   /* a list of under CHUNK entries, maybe shared (`own_tail`) */
} AppendLog;

static PyTypeObject AppendLogType;

static Py_ssize_t log_length(AppendLog *self) {
    return PyTuple_GET_SIZE(self->chunks) * CHUNK + PyList_GET_SIZE(self->tail);
}

/* Entry `i` (0 <= i < length), borrowed. */
static PyObject *log_at(AppendLog *self, Py_ssize_t i) {
    Py_ssize_t full = PyTuple_GET_SIZE(self->chunks) * CHUNK;
    if (i >= full) return PyList_GET_ITEM(self->tail, i - full);
    return PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->chunks, i / CHUNK), i % CHUNK);
}

/* The entries of a log (a list or an AppendLog: `is_log`) read in order, a run of cells at
 * a time: each sealed chunk, then the tail. */
typedef struct {
    PyObject *log;
    Py_ssize_t run;     /* the next run: a chunk's index, or the tail's */
    PyObject **cells;   /* the current run's */
    Py_ssize_t at, end; /* the next cell of the current run, and its size */
} Reader;

static int is_log(PyObject *log) {
    return PyList_CheckExact(log) || Py_IS_TYPE(log, &AppendLogType);
}

static Py_ssize_t entries_in(PyObject *log) {
    return PyList_CheckExact(log) ? PyList_GET_SIZE(log) : log_length((AppendLog *)log);
}

/* The next entry (borrowed), or NULL after the last. */
static PyObject *next_entry(Reader *reader) {
    while (reader->at == reader->end) {
        PyObject *log = reader->log, *run;
        Py_ssize_t sealed = PyList_CheckExact(log) ? 0 : PyTuple_GET_SIZE(((AppendLog *)log)->chunks);
        if (reader->run > sealed) return NULL;
        if (reader->run < sealed) {
            run = PyTuple_GET_ITEM(((AppendLog *)log)->chunks, reader->run);
            reader->cells = ((PyTupleObject *)run)->ob_item;
            reader->end = CHUNK;
        } else {
            run = PyList_CheckExact(log) ? log : ((AppendLog *)log)->tail;
            reader->cells = ((PyListObject *)run)->ob_item;
            reader->end = PyList_GET_SIZE(run);
        }
        reader->run++;
        reader->at = 0;
    }
    return reader->cells[reader->at++];
}

static AppendLog *log_alloc(PyObject *chunks, PyObject *tail) {
    AppendLog *new = PyObject_GC_New(AppendLog, &AppendLogType);
    if (!new) {
        Py_DECREF(chunks);
        Py_DECREF(tail);
        return NULL;
    }
    new->chunks = chunks;
    new->tail = tail;
    PyObject_GC_Track(new);
    return new;
}

/* Move a full tail into the chunks (a new tuple of chunks: copies keep the old one). The
 * tail's references move to the chunk, and the tail keeps its buffer for the next one. */
static int log_seal(AppendLog *self) {
    Py_ssize_t size = PyList_GET_SIZE(self->tail), count = PyTuple_GET_SIZE(self->chunks);
    PyObject *chunk = PyTuple_New(size);
    PyObject *chunks = chunk ? PyTuple_New(count + 1) : NULL;
    if (!chunks) {
        Py_XDECREF(chunk);
        return -1;
    }
    PyObject **entries = ((PyListObject *)self->tail)->ob_item;
    for (Py_ssize_t i = 0; i < size; i++) PyTuple_SET_ITEM(chunk, i, entries[i]);
    Py_SET_SIZE(self->tail, 0);
    for (Py_ssize_t c = 0; c < count; c++)
        PyTuple_SET_ITEM(chunks, c, Py_NewRef(PyTuple_GET_ITEM(self->chunks, c)));
    PyTuple_SET_ITEM(chunks, count, chunk);
    Py_SETREF(self->chunks, chunks);
    return 0;
}

/* Make the tail the log's own before changing it: a copy of it while another log holds it
 * too (a reference of each), the other keeping the old one. */
static int own_tail(AppendLog *self) {
    if (Py_REFCNT(self->tail) == 1) return 0;
    PyObject *tail = PyList_GetSlice(self->tail, 0, PyList_GET_SIZE(self->tail));
    if (!tail) return -1;
    Py_SETREF(self->tail, tail);
    return 0;
}

static PyObject *log_append(AppendLog *self, PyObject *entry) {
    if (own_tail(self) < 0 || PyList_Append(self->tail, entry) < 0) return NULL;
    if (PyList_GET_SIZE(self->tail) == CHUNK && log_seal(self) < 0) return NULL;
    Py_RETURN_NONE;
}

/* A new log of the `count` entries at `items`, sealed in chunks at once. With `steal`, the
 * references at `items` move into it (and are released if it cannot be made). */
static PyObject *log_of(PyObject *const *items, Py_ssize_t count, int steal) {
    Py_ssize_t sealed = count / CHUNK, moved = 0;
    PyObject *chunks = PyTuple_New(sealed);
    PyObject *tail = chunks ? PyList_New(count - sealed * CHUNK) : NULL;
    if (!tail) goto failed;
    for (Py_ssize_t c = 0; c < sealed; c++) {
        PyObject *chunk = PyTuple_New(CHUNK);
        if (!chunk) goto failed;
        for (Py_ssize_t i = 0; i < CHUNK; i++, moved++)
            PyTuple_SET_ITEM(chunk, i, steal ? items[moved] : Py_NewRef(items[moved]));
        PyTuple_SET_ITEM(chunks, c, chunk);
    }
    for (Py_ssize_t i = 0; moved < count; i++, moved++)
        PyList_SET_ITEM(tail, i, steal ? items[moved] : Py_NewRef(items[moved]));
    return (PyObject *)log_alloc(chunks, tail);
failed: /* the entries moved so far go with the chunks */
    Py_XDECREF(chunks);
    Py_XDECREF(tail);
    for (; steal && moved < count; moved++) Py_DECREF(items[moved]);
    return NULL;
}

static PyObject *log_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *entries = NULL;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "AppendLog() takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_UnpackTuple(args, "AppendLog", 0, 1, &entries)) return NULL;
    if (!entries) return log_of(NULL, 0, 0);
    PyObject *items = PySequence_Fast(entries, "an AppendLog is made of an iterable");
    if (!items) return NULL;
    PyObject *new = log_of(PySequence_Fast_ITEMS(items), PySequence_Fast_GET_SIZE(items), 0);
    Py_DECREF(items);
    return new;
}

/* A copy: the chunks shared, and the tail until either log changes it (`own_tail`). */
static PyObject *log_copy(AppendLog *self, PyObject *unused) {
    return (PyObject *)log_alloc(Py_NewRef(self->chunks), Py_NewRef(self->tail));
}

static PyObject *log_pop(AppendLog *self, PyObject *unused) {
    if (own_tail(self) < 0) return NULL;
    if (PyList_GET_SIZE(self->tail) == 0) {
        Py_ssize_t count = PyTuple_GET_SIZE(self->chunks);
        if (count == 0) {
            PyErr_SetString(PyExc_IndexError, "pop from an empty AppendLog");
            return NULL;
        }
        /* Unseal the last chunk into the tail. */
        PyObject *last = PyTuple_GET_ITEM(self->chunks, count - 1);
        PyObject *chunks = PyTuple_GetSlice(self->chunks, 0, count - 1);
        if (!chunks || PyList_SetSlice(self->tail, 0, 0, last) < 0) {
            Py_XDECREF(chunks);
            return NULL;
        }
        Py_SETREF(self->chunks, chunks);
    }
    Py_ssize_t end = PyList_GET_SIZE(self->tail) - 1;
    PyObject *entry = Py_NewRef(PyList_GET_ITEM(self->tail, end));
    if (PyList_SetSlice(self->tail, end, end + 1, NULL) < 0) {
        Py_DECREF(entry);
        return NULL;
    }
    return entry;
}

static PyObject *log_clear(AppendLog *self, PyObject *unused) {
    PyObject *empty = PyTuple_New(0), *tail = empty ? PyList_New(0) : NULL;
    if (!tail) {
        Py_XDECREF(empty);
        return NULL;
    }
    Py_SETREF(self->chunks, empty);
    Py_SETREF(self->tail, tail); /* a new one: another log may hold the old */
    Py_RETURN_NONE;
}

/* Every entry, as a new list. */
static PyObject *log_list(AppendLog *self) {
    PyObject *list = PyList_New(log_length(self)), *entry;
    Reader reader = {(PyObject *)self, 0, NULL, 0, 0};
    for (Py_ssize_t i = 0; list && (entry = next_entry(&reader)); i++)
        PyList_SET_ITEM(list, i, Py_NewRef(entry));
    return list;
}

static PyObject *log_item(AppendLog *self, Py_ssize_t i) {
    if (i < 0 || i >= log_length(self)) {
        PyErr_SetString(PyExc_IndexError, "AppendLog index out of range");
        return NULL;
    }
    return Py_NewRef(log_at(self, i));
}

static PyObject *log_subscript(AppendLog *self, PyObject *key) {
    if (PyIndex_Check(key)) {
        Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
        if (i == -1 && PyErr_Occurred()) return NULL;
        if (i < 0) i += log_length(self);
        return log_item(self, i);
    }
    if (!PySlice_Check(key)) {
        PyErr_Format(PyExc_TypeError, "AppendLog indices must be integers or slices, not %.200s",
                     Py_TYPE(key)->tp_name);
        return NULL;
    }
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(key, &start, &stop, &step) < 0) return NULL;
    Py_ssize_t count = PySlice_AdjustIndices(log_length(self), &start, &stop, step);
    PyObject *list = PyList_New(count);
    for (Py_ssize_t k = 0; list && k < count; k++)
        PyList_SET_ITEM(list, k, Py_NewRef(log_at(self, start + k * step)));
    return list;
}

static PyObject *log_iter(AppendLog *self) {
    PyObject *list = log_list(self); /* a snapshot: appending while iterating is safe */
    if (!list) return NULL;
    PyObject *iterator = PyObject_GetIter(list);
    Py_DECREF(list);
    return iterator;
}

static PyObject *log_richcompare(AppendLog *self, PyObject *other, int op) {
    if ((op != Py_EQ && op != Py_NE) ||
        (!PyList_Check(other) && !PyObject_TypeCheck(other, &AppendLogType)))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *mine = log_list(self);
    PyObject *theirs = !mine ? NULL
                       : PyList_Check(other) ? Py_NewRef(other)
                                              : log_list((AppendLog *)other);
    PyObject *result = theirs ? PyObject_RichCompare(mine, theirs, op) : NULL;
    Py_XDECREF(mine);
    Py_XDECREF(theirs);
    return result;
}

static PyObject *log_repr(AppendLog *self) {
    PyObject *list = log_list(self);
    if (!list) return NULL;
    PyObject *text = PyUnicode_FromFormat("AppendLog(%R)", list);
    Py_DECREF(list);
    return text;
}

static PyObject *log_reduce(AppendLog *self, PyObject *unused) {
    PyObject *list = log_list(self);
    if (!list) return NULL;
    PyObject *result = Py_BuildValue("(O(N))", (PyObject *)Py_TYPE(self), list);
    return result;
}

static int log_traverse(AppendLog *self, visitproc visit, void *arg) {
    Py_VISIT(self->chunks);
    Py_VISIT(self->tail);
    return 0;
}

static int log_tp_clear(AppendLog *self) {
    Py_CLEAR(self->chunks);
    Py_CLEAR(self->tail);
    return 0;
}

static void log_dealloc(AppendLog *self) {
    PyObject_GC_UnTrack(self);
    log_tp_clear(self);
    PyObject_GC_Del(self);
}

static PySequenceMethods log_as_sequence = {
    .sq_length = (lenfunc)log_length,
    .sq_item = (ssizeargfunc)log_item,
};

static PyMappingMethods log_as_mapping = {
    .mp_length = (lenfunc)log_length,
    .mp_subscript = (binaryfunc)log_subscript,
};

static PyMethodDef log_methods[] = {
    {"append", (PyCFunction)log_append, METH_O, "Add an entry at the end."},
    {"pop", (PyCFunction)log_pop, METH_NOARGS, "Remove and return the last entry."},
    {"clear", (PyCFunction)log_clear, METH_NOARGS, "Remove every entry."},
    {"copy", (PyCFunction)log_copy, METH_NOARGS,
     "A copy that shares the sealed beginning (unchanging) and owns the rest."},
    {"__reduce__", (PyCFunction)log_reduce, METH_NOARGS, NULL},
    {"__class_getitem__", Py_GenericAlias, METH_O | METH_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject AppendLogType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gamenight.kernel.appendlog.AppendLog",
    .tp_basicsize = sizeof(AppendLog),
    .tp_dealloc = (destructor)log_dealloc,
    .tp_repr = (reprfunc)log_repr,
    .tp_as_sequence = &log_as_sequence,
    .tp_as_mapping = &log_as_mapping,
    .tp_hash = PyObject_HashNotImplemented,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_SEQUENCE,
    .tp_doc = "AppendLog(entries=()): a list that grows at its end (append, pop, clear), "
              "whose copies share their unchanging beginning.",
    .tp_traverse = (traverseproc)log_traverse,
    .tp_clear = (inquiry)log_tp_clear,
    .tp_richcompare = (richcmpfunc)log_richcompare,
    .tp_iter = (getiterfunc)log_iter,
    .tp_methods = log_methods,
    .tp_new = log_new,
};

/* A copy of one list field: a list's own items (shared), an AppendLog's copy, or
 * `value.copy()` for another kind of sequence. */
static PyObject *copy_list(PyObject *value) {
    if (PyList_CheckExact(value)) return PyList_GetSlice(value, 0, PyList_GET_SIZE(value));
    if (Py_IS_TYPE(value, &AppendLogType)) return log_copy((AppendLog *)value, NULL);
    return PyObject_CallMethodNoArgs(value, str_copy);
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

/* A new instance of `type`, a list subclass of no other state (checked by `layout`),
 * holding `value`'s items: what `value.copy()` of a `DecisionStack` gives, without the
 * Python call. */
static PyObject *copy_stack(PyObject *value, PyTypeObject *type) {
    PyObject *new = type->tp_alloc(type, 0);
    Py_ssize_t size = PyList_GET_SIZE(value);
    if (!new || !size) return new;
    PyObject **items = PyMem_New(PyObject *, size);
    if (!items) {
        Py_DECREF(new);
        return PyErr_NoMemory();
    }
    PyObject **from = ((PyListObject *)value)->ob_item;
    for (Py_ssize_t i = 0; i < size; i++) items[i] = Py_NewRef(from[i]);
    ((PyListObject *)new)->ob_item = items;
    ((PyListObject *)new)->allocated = size;
    Py_SET_SIZE(new, size);
    return new;
}

/* How a clone copies one slot of a state (`Layout`). */
enum step_kind {
    SHARE,   /* the same object (immutable) */
    LIST,    /* a list copied one level deep */
    NESTED,  /* a list of lists, two levels */
    STACK,   /* a list subclass of no other state (`DecisionStack`): `copy_stack` */
    FLAT,    /* a part of slots (`Window`, `Offers`): `copy_flat` */
    PART,    /* `value.copy()`, None staying None */
    SLOTTED, /* an object of one slot (`Rng`, `EventLog`): `copy_slotted` */
};

typedef struct {
    enum step_kind kind;
    Py_ssize_t offset;  /* of the slot in the state */
    PyObject *name;     /* the field's, for errors */
    PyTypeObject *type; /* STACK, FLAT: the part's class; SLOTTED: the one-slot class */
    Py_ssize_t inner;   /* SLOTTED: the offset of that class's slot; FLAT: its slots */
    Py_ssize_t *inners; /* FLAT: the offsets of the class's slots (`inner` of them) */
} Step;

/* A class's clone plan as offsets and kinds: a clone reads and writes slots by offset,
 * with no lookup by name. */
typedef struct {
    PyObject_VAR_HEAD
    PyTypeObject *owner; /* the class (or a base) whose instances it copies */
    Step steps[1];
} Layout;

static void layout_dealloc(Layout *self) {
    for (Py_ssize_t i = 0; i < Py_SIZE(self); i++) {
        Py_XDECREF(self->steps[i].name);
        Py_XDECREF(self->steps[i].type);
        PyMem_Free(self->steps[i].inners);
    }
    Py_XDECREF(self->owner);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject LayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gamenight.kernel._native.Layout",
    .tp_basicsize = sizeof(Layout) - sizeof(Step),
    .tp_itemsize = sizeof(Step),
    .tp_dealloc = (destructor)layout_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A class's clone plan as slot offsets (made by `layout`).",
};

/* The member descriptor of an object slot of `owner` (or of `owner` = NULL: any class). */
static PyMemberDef *object_slot(PyObject *descr, PyTypeObject *owner) {
    if (!Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "expected a slot's member descriptor, got %R", descr);
        return NULL;
    }
    PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
    if (member->type != T_OBJECT_EX || member->flags & READONLY ||
        (owner && !PyType_IsSubtype(owner, PyDescr_TYPE(descr)))) {
        PyErr_Format(PyExc_TypeError, "%R is no writable object slot of %s", descr,
                     owner ? owner->tp_name : "its class");
        return NULL;
    }
    return member;
}

/* Whether a list subclass's instances hold nothing but the list (no dict, no slot). */
static int bare_list_class(PyObject *cls) {
    return PyType_Check(cls) && PyType_IsSubtype((PyTypeObject *)cls, &PyList_Type) &&
           ((PyTypeObject *)cls)->tp_basicsize == PyList_Type.tp_basicsize &&
           ((PyTypeObject *)cls)->tp_dictoffset == 0 &&
           ((PyTypeObject *)cls)->tp_weaklistoffset == 0;
}

/* The slot offsets of a part copied flat: `slots`, a tuple of member descriptors of
 * `type`'s slots (`step->inner` of them, in `step->inners`). */
static int flat_slots(Step *step, PyTypeObject *type, PyObject *slots) {
    if (!PyTuple_Check(slots) || type->tp_dictoffset != 0) {
        PyErr_Format(PyExc_TypeError, "a flat part is a class of slots only, got %s",
                     type->tp_name);
        return -1;
    }
    step->inners = PyMem_New(Py_ssize_t, PyTuple_GET_SIZE(slots) ? PyTuple_GET_SIZE(slots) : 1);
    if (!step->inners) {
        PyErr_NoMemory();
        return -1;
    }
    step->inner = PyTuple_GET_SIZE(slots);
    for (Py_ssize_t i = 0; i < step->inner; i++) {
        PyMemberDef *member = object_slot(PyTuple_GET_ITEM(slots, i), type);
        if (!member) return -1;
        step->inners[i] = member->offset;
    }
    return 0;
}

/* layout(owner, shared, lists, nested, parts, slotted) -> Layout. Each of shared, lists
 * and nested is a tuple of member descriptors of owner's slots; parts of (descriptor,
 * class) pairs, or (descriptor, class, its slots' member descriptors) for a part copied
 * flat; slotted of (descriptor, the one-slot class's member descriptor) pairs. */
static PyObject *layout(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    static const enum step_kind plain[] = {SHARE, LIST, NESTED};
    if (nargs != 6 || !PyType_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "layout(owner: type, shared, lists, nested, parts, slotted)");
        return NULL;
    }
    Py_ssize_t count = 0;
    for (int g = 1; g < 6; g++) {
        if (!PyTuple_CheckExact(args[g])) {
            PyErr_SetString(PyExc_TypeError, "layout takes tuples of fields");
            return NULL;
        }
        count += PyTuple_GET_SIZE(args[g]);
    }
    PyTypeObject *owner = (PyTypeObject *)args[0];
    Layout *plan = PyObject_NewVar(Layout, &LayoutType, count ? count : 1);
    if (!plan) return NULL;
    Py_SET_SIZE(plan, 0); /* counts the steps filled, for a dealloc midway */
    plan->owner = (PyTypeObject *)Py_NewRef(owner);
    for (int g = 1; g < 6; g++) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args[g]); i++) {
            PyObject *item = PyTuple_GET_ITEM(args[g], i), *descr = item, *other = NULL;
            if (g >= 4) {
                Py_ssize_t size = PyTuple_Check(item) ? PyTuple_GET_SIZE(item) : 0;
                if (size != 2 && !(g == 4 && size == 3)) {
                    PyErr_SetString(PyExc_TypeError,
                                    "a slotted field is a pair, a part a pair or a triple");
                    goto failed;
                }
                descr = PyTuple_GET_ITEM(item, 0);
                other = PyTuple_GET_ITEM(item, 1);
            }
            PyMemberDef *member = object_slot(descr, owner);
            if (!member) goto failed;
            Step *step = &plan->steps[Py_SIZE(plan)];
            step->offset = member->offset;
            step->name = Py_NewRef(PyDescr_NAME(descr));
            step->type = NULL;
            step->inner = 0;
            step->inners = NULL;
            Py_SET_SIZE(plan, Py_SIZE(plan) + 1);
            if (g <= 3) {
                step->kind = plain[g - 1];
            } else if (g == 4 && PyTuple_GET_SIZE(item) == 3) {
                if (!PyType_Check(other)) {
                    PyErr_SetString(PyExc_TypeError, "a flat part's kind is a class");
                    goto failed;
                }
                step->kind = FLAT;
                step->type = (PyTypeObject *)Py_NewRef(other);
                if (flat_slots(step, step->type, PyTuple_GET_ITEM(item, 2)) < 0) goto failed;
            } else if (g == 4) {
                step->kind = bare_list_class(other) ? STACK : PART;
                if (step->kind == STACK) step->type = (PyTypeObject *)Py_NewRef(other);
            } else {
                PyMemberDef *slot = object_slot(other, NULL);
                if (!slot) goto failed;
                step->kind = SLOTTED;
                step->type = (PyTypeObject *)Py_NewRef(PyDescr_TYPE(other));
                step->inner = slot->offset;
            }
        }
    }
    return (PyObject *)plan;
failed:
    Py_DECREF(plan);
    return NULL;
}

/* A copy of an object of one slot (`step->type`, its slot at `step->inner`): a new
 * instance of that class (an instance of a subclass gives a plain one), holding the same
 * value, or its own copy of a list or an AppendLog. No Python code runs. */
static PyObject *copy_slotted(PyObject *value, const Step *step) {
    PyTypeObject *type = step->type;
    if (!PyObject_TypeCheck(value, type)) {
        PyErr_Format(PyExc_TypeError, "%U must be a %s, got %R", step->name, type->tp_name, value);
        return NULL;
    }
    PyObject *held = *(PyObject **)((char *)value + step->inner);
    if (!held) {
        PyErr_Format(PyExc_AttributeError, "the %s of %U is empty", type->tp_name, step->name);
        return NULL;
    }
    PyObject *copy = PyList_CheckExact(held) || Py_IS_TYPE(held, &AppendLogType)
                         ? copy_list(held)
                         : Py_NewRef(held);
    PyObject *new = copy ? type->tp_alloc(type, 0) : NULL;
    if (!new) {
        Py_XDECREF(copy);
        return NULL;
    }
    *(PyObject **)((char *)new + step->inner) = copy;
    return new;
}

/* A new instance of a part's class (`step->type`) holding `value`'s slots, a list or a
 * dict copied one level (what its `copy` does), without the Python call. */
static PyObject *copy_flat(PyObject *value, const Step *step) {
    PyTypeObject *type = step->type;
    PyObject *new = type->tp_alloc(type, 0);
    for (Py_ssize_t i = 0; new && i < step->inner; i++) {
        PyObject *held = *(PyObject **)((char *)value + step->inners[i]), *copy;
        if (!held) continue; /* an unset slot stays unset */
        if (PyList_CheckExact(held))
            copy = copy_list(held);
        else if (PyDict_CheckExact(held))
            copy = PyDict_Copy(held);
        else
            copy = Py_NewRef(held);
        if (!copy) Py_CLEAR(new);
        else *(PyObject **)((char *)new + step->inners[i]) = copy;
    }
    return new;
}

/* `value.copy()` of a part, None staying None. */
static PyObject *copy_part(PyObject *value) {
    if (value == Py_None) return Py_NewRef(value);
    return PyObject_CallMethodNoArgs(value, str_copy);
}

static PyObject *copy_step(PyObject *value, const Step *step) {
    switch (step->kind) {
    case SHARE:
        return Py_NewRef(value);
    case LIST:
        return copy_list(value);
    case NESTED:
        return copy_nested(value);
    /* A STACK or FLAT part of another class (a subclass, None) is copied as a part. */
    case STACK:
        return Py_IS_TYPE(value, step->type) ? copy_stack(value, step->type) : copy_part(value);
    case FLAT:
        return Py_IS_TYPE(value, step->type) ? copy_flat(value, step) : copy_part(value);
    case PART:
        return copy_part(value);
    case SLOTTED:
        return copy_slotted(value, step);
    }
    Py_UNREACHABLE();
}

/* clone(source, plan) -> a new instance of source's class (no `__init__` run) holding
 * the fields of `plan` (`fields.ClonePlan`, its last item the `Layout`), each copied as
 * its kind says; nothing else of source's (its instance dict: caches) is carried. */
static PyObject *clone_state(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *plan = nargs == 2 && PyTuple_Check(args[1]) && PyTuple_GET_SIZE(args[1])
                         ? PyTuple_GET_ITEM(args[1], PyTuple_GET_SIZE(args[1]) - 1)
                         : NULL;
    if (!plan || !Py_IS_TYPE(plan, &LayoutType)) {
        PyErr_SetString(PyExc_TypeError, "clone(source, plan: ClonePlan with its layout)");
        return NULL;
    }
    PyObject *source = args[0];
    const Layout *layout = (Layout *)plan;
    if (!PyObject_TypeCheck(source, layout->owner)) {
        PyErr_Format(PyExc_TypeError, "this clone plan copies a %s, got %R",
                     layout->owner->tp_name, source);
        return NULL;
    }
    /* The bare allocation of `object.__new__`; an instance dict, if the class has one,
     * is made when a value is first set in it. */
    PyTypeObject *type = Py_TYPE(source);
    PyObject *new = type->tp_alloc(type, 0);
    if (!new) return NULL;
    for (Py_ssize_t i = 0; i < Py_SIZE(layout); i++) {
        const Step *step = &layout->steps[i];
        PyObject *value = *(PyObject **)((char *)source + step->offset);
        if (!value) {
            PyErr_Format(PyExc_AttributeError, "%s has no field %U", type->tp_name, step->name);
            goto failed;
        }
        PyObject *copy = copy_step(value, step);
        if (!copy) goto failed;
        *(PyObject **)((char *)new + step->offset) = copy;
    }
    return new;
failed:
    Py_DECREF(new);
    return NULL;
}

/* Whether `value` equals the seat `me` (-1: none): by value for an int, as Python compares
 * otherwise. */
static int is_seat(PyObject *value, Py_ssize_t me, PyObject *seat) {
    if (PyLong_CheckExact(value)) {
        Py_ssize_t index = PyLong_AsSsize_t(value);
        if (index == -1 && PyErr_Occurred()) return -1;
        return index == me;
    }
    if (me < 0) return 0;
    return PyObject_RichCompareBool(value, seat, Py_EQ); /* -1: its error goes up */
}

/* seen_by(entries, history, seat, hidden) -> (entries, history), AppendLogs: the log entries
 * ``(kind, data, to)`` that `seat` may see (``to`` is None, or holds `seat`; a spectator,
 * None, sees the public ones), and the history with every other seat's entry replaced by
 * ``hidden[that seat]``. */
static PyObject *seen_by(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !is_log(args[0]) || !is_log(args[1]) || !PyList_CheckExact(args[3]) ||
        (args[2] != Py_None && !PyLong_Check(args[2]))) {
        PyErr_SetString(PyExc_TypeError, "seen_by(entries: list | AppendLog, history: list | "
                                         "AppendLog, seat: int | None, hidden: list)");
        return NULL;
    }
    PyObject *entries = args[0], *history = args[1], *seat = args[2], *hidden = args[3];
    Py_ssize_t me = -1;
    if (seat != Py_None) {
        me = PyLong_AsSsize_t(seat);
        if (me == -1 && PyErr_Occurred()) return NULL;
    }
    /* The entries kept, owned, then moved into the new logs. */
    Py_ssize_t count = entries_in(entries), kept = 0, told_count = entries_in(history), told = 0;
    PyObject **seen = PyMem_New(PyObject *, count + told_count + 1), **told_cells, *result = NULL;
    if (!seen) return PyErr_NoMemory();
    told_cells = seen + count;
    Reader reader = {entries, 0, NULL, 0, 0};
    for (PyObject *entry; (entry = next_entry(&reader));) {
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 3) {
            PyErr_SetString(PyExc_TypeError, "a log entry is a (kind, data, to) tuple");
            goto failed;
        }
        PyObject *to = PyTuple_GET_ITEM(entry, 2);
        int visible = to == Py_None;
        if (!visible && me >= 0) {
            if (!PyTuple_Check(to)) {
                PyErr_SetString(PyExc_TypeError, "a log entry's `to` is None or a tuple of seats");
                goto failed;
            }
            for (Py_ssize_t j = 0; !visible && j < PyTuple_GET_SIZE(to); j++) {
                visible = is_seat(PyTuple_GET_ITEM(to, j), me, seat);
                if (visible < 0) goto failed;
            }
        }
        if (visible) seen[kept++] = Py_NewRef(entry);
    }
    reader = (Reader){history, 0, NULL, 0, 0};
    for (PyObject *entry; (entry = next_entry(&reader));) {
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2) {
            PyErr_SetString(PyExc_TypeError, "a history entry is a (seat, action) tuple");
            goto failed;
        }
        PyObject *actor = PyTuple_GET_ITEM(entry, 0);
        Py_ssize_t index = PyLong_AsSsize_t(actor);
        if (index == -1 && PyErr_Occurred()) goto failed;
        if (me < 0 || index != me) {
            if (index < 0 || index >= PyList_GET_SIZE(hidden)) {
                PyErr_SetString(PyExc_IndexError, "a history entry names no seat of the table");
                goto failed;
            }
            entry = PyList_GET_ITEM(hidden, index);
        }
        told_cells[told++] = Py_NewRef(entry);
    }
    /* The kept entries move into the logs (a log not made releases its own). */
    PyObject *entries_seen = log_of(seen, kept, 1);
    PyObject *history_told = log_of(told_cells, told, 1);
    kept = told = 0;
    if (entries_seen && history_told) result = PyTuple_Pack(2, entries_seen, history_told);
    Py_XDECREF(entries_seen);
    Py_XDECREF(history_told);
failed:
    for (Py_ssize_t i = 0; i < kept; i++) Py_DECREF(seen[i]);
    for (Py_ssize_t i = 0; i < told; i++) Py_DECREF(told_cells[i]);
    PyMem_Free(seen);
    return result;
}

static PyMethodDef methods[] = {
    {"seen_by", (PyCFunction)(void (*)(void))seen_by, METH_FASTCALL,
     "seen_by(entries, history, seat, hidden) -> (entries, history), AppendLogs"},
    {"clone", (PyCFunction)(void (*)(void))clone_state, METH_FASTCALL, "clone(source, plan) -> copy"},
    {"layout", (PyCFunction)(void (*)(void))layout, METH_FASTCALL,
     "layout(owner, shared, lists, nested, parts, slotted) -> Layout"},
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
    if (!str_copy || PyType_Ready(&LayoutType) < 0 || PyType_Ready(&AppendLogType) < 0)
        return NULL;
    PyObject *created = PyModule_Create(&module);
    if (created && PyModule_AddObjectRef(created, "AppendLog", (PyObject *)&AppendLogType) < 0)
        Py_CLEAR(created);
    return created;
}
