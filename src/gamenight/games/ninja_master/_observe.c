/* Ninja Master's observation encoder (`observation.encode_state`) in C: the whole call,
 * read from the state's fields and written straight into the adapters' float32 buffer.
 *
 * `encode_state(state, seat, values)` writes exactly the floats the Python code of
 * `observation._encode_state` writes (every value is an int, exact in a float32 at the
 * sizes the options allow), reading the same fields and nothing else: never the sealed
 * proposals (hidden from every other seat), never the generator that rolls the next dice.
 * A target that is not a float32 buffer (a list) goes to that Python code, the reference
 * and the fallback where this module is not built; a test compares both with
 * `encode(view(seat))` on every state of random games, for every seat and the spectator.
 *
 * `configure` hands it, once, what the Python module knows: where each piece starts for
 * each player count, the faces of a die, the values of `Phase.OVER` and
 * `SmokeRule.PARITY`, and the Python code. Every index is checked against its piece (a
 * seat below the player count, a face below the faces of a die), so a state the game never
 * makes is refused, never written outside its piece. */

#include "../../kernel/_state_fields.h"

/* The pieces, in the order of `observation.pieces` (`configure` checks their sizes). */
enum {
    AT_ME, AT_TO_ACT, AT_ROUND, AT_TARGET, AT_NOW, AT_FLOOR, AT_TIME_LIMIT, AT_TIE_WINDOW,
    AT_PARITY, AT_DIE_FACE, AT_TOKEN_HOLDER, AT_TOKEN_MS, AT_CALL_MADE, AT_CALL_TOTAL,
    AT_CALL_MS, AT_KATANA, AT_SHURIKEN, AT_SCORE, AT_SUDDEN_DEATH, AT_OVER, AT_WINNER,
    AT_COUNT
};
/* Each piece's size: a scalar, one per seat, or set by `configure` from the layout. */
enum { SIZE_ONE = 1, SIZE_SEATS = -1, SIZE_FREE = 0 };
static const int piece_sizes[AT_COUNT] = {
    SIZE_SEATS, SIZE_SEATS, SIZE_ONE, SIZE_ONE, SIZE_ONE, SIZE_ONE, SIZE_ONE, SIZE_ONE,
    SIZE_ONE, SIZE_FREE, SIZE_FREE, SIZE_FREE, SIZE_SEATS, SIZE_SEATS,
    SIZE_SEATS, SIZE_SEATS, SIZE_SEATS, SIZE_SEATS, SIZE_ONE, SIZE_ONE, SIZE_SEATS,
};

/* The state's fields it reads, by their interned names. */
enum {
    F_NUM_PLAYERS, F_OPTIONS, F_ROUND, F_NOW, F_FLOOR, F_DICE, F_KATANA_OWNER, F_SHURIKEN,
    F_SUDDEN_DEATH, F_PHASE,
    F_GRABBING, F_HOLDER, F_TAKEN_AT, F_CALLS, F_SCORES, F_WINNERS, /* the lists */
    F_COUNT
};
#define F_LISTS F_GRABBING /* the lists: from here on */
static const char *const field_names[F_COUNT] = {
    "num_players", "options", "round", "now", "floor", "dice", "katana_owner", "shuriken",
    "sudden_death", "phase",
    "grabbing", "holder", "taken_at", "calls", "scores", "winners",
};
static PyObject *names[F_COUNT];

/* The options it reads. */
enum { O_TARGET, O_START_SCORE, O_TIME_LIMIT, O_TIE_WINDOW, O_SMOKE_RULE, O_COUNT };
static const char *const option_names[O_COUNT] = {
    "target", "start_score", "time_limit_ms", "tie_window_ms", "smoke_rule",
};
static PyObject *option_keys[O_COUNT];
static PyObject *faces_name, *check_seat_name;

#define MOST_SEATS 16

/* Set by `configure`. */
static int configured = 0;
static Py_ssize_t starts[MOST_SEATS + 1][AT_COUNT];  /* per player count */
static Py_ssize_t lengths[MOST_SEATS + 1];  /* the observation's length; 0: no layout */
static long faces, dice, tokens;  /* the faces of a die, the dice, the tokens */
static PyObject *over_phase, *parity_rule;  /* `Phase.OVER`, `SmokeRule.PARITY` */
static PyObject *fallback;  /* `observation._encode_state`, for any other target */

/* Where the last class seen keeps each field (`_state_fields.h`). */
static Py_ssize_t offsets[F_COUNT];
static FieldSlots slots = {NULL, 0, F_COUNT, names, offsets};

/* An option's value (a borrowed reference; NULL with an exception set if it is missing). */
static PyObject *option(PyObject *options, int i) {
    PyObject *value = PyDict_GetItemWithError(options, option_keys[i]);
    if (value == NULL && !PyErr_Occurred())
        PyErr_Format(PyExc_KeyError, "option %s", option_names[i]);
    return value;
}

static PyObject *encode_state(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode_state(state, seat, values) takes 3 arguments");
        return NULL;
    }
    PyObject *state = args[0], *seat_arg = args[1], *target = args[2];
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "encode_state before configure");
        return NULL;
    }
    if (!PyObject_CheckBuffer(target))
        return PyObject_Vectorcall(fallback, args, nargs, NULL);
    Py_buffer view;
    if (PyObject_GetBuffer(target, &view, PyBUF_CONTIG | PyBUF_FORMAT) < 0)
        return NULL;
    if (view.itemsize != sizeof(float) || view.format == NULL || strcmp(view.format, "f") != 0) {
        PyBuffer_Release(&view);
        return PyObject_Vectorcall(fallback, args, nargs, NULL);
    }
    float *values = (float *)view.buf;
    PyObject *field[F_COUNT] = {NULL};
    PyObject *rolled = NULL, *call = NULL;
    PyObject *result = NULL;
    if (refresh_field_slots(&slots, Py_TYPE(state)) < 0 || read_fields(&slots, state, field) < 0)
        goto done;
    if (fast_fields(field, F_LISTS, F_COUNT) < 0)
        goto done;

    /* The seat, as `State.check_seat` takes it: which raises its own error. */
    long n = as_long(field[F_NUM_PLAYERS]);
    CHECK(n);
    long seat = viewer_seat(state, seat_arg, n, check_seat_name);
    if (seat == -2)
        goto done;
    if (n < 1 || n > MOST_SEATS || lengths[n] == 0) {
        PyErr_Format(PyExc_ValueError, "no observation layout for %ld players", n);
        goto done;
    }
    if (view.len / (Py_ssize_t)sizeof(float) < lengths[n]) {
        PyErr_Format(PyExc_IndexError, "an observation of %zd floats, in a buffer of %zd",
                     lengths[n], view.len / (Py_ssize_t)sizeof(float));
        goto done;
    }
    const Py_ssize_t *at = starts[n];

    if (seat >= 0)
        values[at[AT_ME] + seat] = 1.0f;
    PyObject *grabbing = field[F_GRABBING];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(grabbing); i++) {
        long s = bounded(PySequence_Fast_GET_ITEM(grabbing, i), n, "a grabbing seat");
        CHECK(s);
        values[at[AT_TO_ACT] + s] = 1.0f;
    }
    static const int scalars[][2] = {{F_ROUND, AT_ROUND}, {F_NOW, AT_NOW}, {F_FLOOR, AT_FLOOR}};
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
        long x = as_long(field[scalars[i][0]]);
        CHECK(x);
        values[at[scalars[i][1]]] = F(x);
    }

    PyObject *options = field[F_OPTIONS];
    if (!PyDict_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "the options are not a dict");
        goto done;
    }
    long option_value[O_SMOKE_RULE];
    for (int i = 0; i < O_SMOKE_RULE; i++) {
        PyObject *value = option(options, i);
        if (value == NULL)
            goto done;
        option_value[i] = as_long(value);
        CHECK(option_value[i]);
    }
    values[at[AT_TARGET]] = F(option_value[O_TARGET]);
    values[at[AT_TIME_LIMIT]] = F(option_value[O_TIME_LIMIT]);
    values[at[AT_TIE_WINDOW]] = F(option_value[O_TIE_WINDOW]);
    PyObject *rule = option(options, O_SMOKE_RULE);
    if (rule == NULL)
        goto done;
    int parity = PyObject_RichCompareBool(rule, parity_rule, Py_EQ);
    CHECK(parity);
    if (parity)
        values[at[AT_PARITY]] = 1.0f;

    /* The dice: the face each shows (the state keeps a `dice.Roll`). */
    rolled = PyObject_GetAttr(field[F_DICE], faces_name);
    if (rolled == NULL)
        goto done;
    Py_SETREF(rolled, fast(rolled));
    if (rolled == NULL)
        goto done;
    if (PySequence_Fast_GET_SIZE(rolled) != dice) {
        PyErr_Format(PyExc_ValueError, "a roll of %zd dice, not %ld",
                     PySequence_Fast_GET_SIZE(rolled), dice);
        goto done;
    }
    for (long die = 0; die < dice; die++) {
        long face = bounded(PySequence_Fast_GET_ITEM(rolled, die), faces, "a face");
        CHECK(face);
        values[at[AT_DIE_FACE] + die * faces + face] = 1.0f;
    }

    /* The tokens: who took each, and when. */
    PyObject *holders = field[F_HOLDER], *taken_at = field[F_TAKEN_AT];
    Py_ssize_t held = PySequence_Fast_GET_SIZE(holders);
    if (held > tokens || PySequence_Fast_GET_SIZE(taken_at) < held) {
        PyErr_SetString(PyExc_IndexError, "a token field of the state does not fit the tokens");
        goto done;
    }
    for (Py_ssize_t token = 0; token < held; token++) {
        long holder = as_long(PySequence_Fast_GET_ITEM(holders, token));
        CHECK(holder);
        if (holder < 0)
            continue;
        CHECK(bounded(PySequence_Fast_GET_ITEM(holders, token), n, "a token's holder"));
        long ms = as_long(PySequence_Fast_GET_ITEM(taken_at, token));
        CHECK(ms);
        values[at[AT_TOKEN_HOLDER] + token * n + holder] = 1.0f;
        values[at[AT_TOKEN_MS] + token] = F(ms);
    }

    /* The calls, [seat, total, ms] in time order: a later call of a seat replaces its
     * earlier one. */
    PyObject *calls = field[F_CALLS];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(calls); i++) {
        call = fast(PySequence_Fast_GET_ITEM(calls, i));
        if (call == NULL)
            goto done;
        if (PySequence_Fast_GET_SIZE(call) != 3) {
            PyErr_SetString(PyExc_ValueError, "a call is not [seat, total, ms]");
            goto done;
        }
        long caller = bounded(PySequence_Fast_GET_ITEM(call, 0), n, "a caller");
        CHECK(caller);
        long total = as_long(PySequence_Fast_GET_ITEM(call, 1));
        CHECK(total);
        long ms = as_long(PySequence_Fast_GET_ITEM(call, 2));
        CHECK(ms);
        Py_CLEAR(call);
        values[at[AT_CALL_MADE] + caller] = 1.0f;
        values[at[AT_CALL_TOTAL] + caller] = F(total);
        values[at[AT_CALL_MS] + caller] = F(ms);
    }

    long katana = bounded(field[F_KATANA_OWNER], n, "the Katana's owner");
    CHECK(katana);
    values[at[AT_KATANA] + katana] = 1.0f;
    long shuriken = bounded(field[F_SHURIKEN], n, "the Shuriken's holder");
    CHECK(shuriken);
    values[at[AT_SHURIKEN] + shuriken] = 1.0f;

    /* Scores above `observation.score_cap` show as it. */
    long top = option_value[O_TARGET] > option_value[O_START_SCORE] ? option_value[O_TARGET]
                                                                    : option_value[O_START_SCORE];
    if (top > LONG_MAX / 4) {
        PyErr_SetString(PyExc_OverflowError, "the target is too large");
        goto done;
    }
    long cap = 2 * top + 50;
    PyObject *scores = field[F_SCORES];
    if (PySequence_Fast_GET_SIZE(scores) > n) {
        PyErr_SetString(PyExc_IndexError, "more scores than seats");
        goto done;
    }
    for (Py_ssize_t s = 0; s < PySequence_Fast_GET_SIZE(scores); s++) {
        long score = as_long(PySequence_Fast_GET_ITEM(scores, s));
        CHECK(score);
        values[at[AT_SCORE] + s] = F(cap < score ? cap : score);
    }
    int sudden_death = PyObject_IsTrue(field[F_SUDDEN_DEATH]);
    CHECK(sudden_death);
    if (sudden_death)
        values[at[AT_SUDDEN_DEATH]] = 1.0f;
    int over = PyObject_RichCompareBool(field[F_PHASE], over_phase, Py_EQ);
    CHECK(over);
    if (over)
        values[at[AT_OVER]] = 1.0f;
    PyObject *winners = field[F_WINNERS];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(winners); i++) {
        long s = bounded(PySequence_Fast_GET_ITEM(winners, i), n, "a winner");
        CHECK(s);
        values[at[AT_WINNER] + s] = 1.0f;
    }
    result = Py_NewRef(Py_None);
done:
    Py_XDECREF(call);
    Py_XDECREF(rolled);
    for (int i = 0; i < F_COUNT; i++)
        Py_XDECREF(field[i]);
    PyBuffer_Release(&view);
    return result;
}

/* configure(layouts, faces, over, parity, python): `layouts` maps a player count to the
 * pieces' (start, size) in the order of `observation._NATIVE_PIECES`, then the
 * observation's length; `python` encodes any target but a float32 buffer. */
static PyObject *configure(PyObject *module, PyObject *args) {
    PyObject *layouts, *over, *parity, *python;
    long die_faces;
    if (!PyArg_ParseTuple(args, "O!lOOO", &PyDict_Type, &layouts, &die_faces, &over, &parity,
                          &python))
        return NULL;
    if (!PyCallable_Check(python)) {
        PyErr_SetString(PyExc_TypeError, "the Python encoder is not callable");
        return NULL;
    }
    if (die_faces < 1) {
        PyErr_SetString(PyExc_ValueError, "a die has faces");
        return NULL;
    }
    Py_ssize_t new_starts[MOST_SEATS + 1][AT_COUNT], new_lengths[MOST_SEATS + 1] = {0};
    long new_dice = -1, new_tokens = -1;
    PyObject *key, *layout;
    Py_ssize_t pos = 0;
    while (PyDict_Next(layouts, &pos, &key, &layout)) {
        long n = PyLong_AsLong(key);
        if (n == -1 && PyErr_Occurred())
            return NULL;
        if (n < 1 || n > MOST_SEATS || !PyTuple_Check(layout)
            || PyTuple_GET_SIZE(layout) != AT_COUNT + 1) {
            PyErr_SetString(PyExc_ValueError, "a layout per player count: (start, size) per piece, then the length");
            return NULL;
        }
        Py_ssize_t length = PyLong_AsSsize_t(PyTuple_GET_ITEM(layout, AT_COUNT));
        if (length == -1 && PyErr_Occurred())
            return NULL;
        Py_ssize_t size[AT_COUNT];
        for (int i = 0; i < AT_COUNT; i++) {
            Py_ssize_t start;
            if (!PyArg_ParseTuple(PyTuple_GET_ITEM(layout, i), "nn", &start, &size[i]))
                return NULL;
            long expected = piece_sizes[i] == SIZE_SEATS ? n : piece_sizes[i];
            if (start < 0 || size[i] < 1 || start + size[i] > length
                || (expected != SIZE_FREE && size[i] != expected)) {
                PyErr_Format(PyExc_ValueError, "piece %d of the layout for %ld players does not fit", i, n);
                return NULL;
            }
            new_starts[n][i] = start;
        }
        /* The dice's and the tokens' pieces give their counts, the same at every count. */
        if (size[AT_DIE_FACE] % die_faces != 0 || size[AT_TOKEN_HOLDER] != size[AT_TOKEN_MS] * n
            || (new_dice >= 0 && (new_dice != size[AT_DIE_FACE] / die_faces
                                  || new_tokens != size[AT_TOKEN_MS]))) {
            PyErr_Format(PyExc_ValueError, "the dice or tokens of the layout for %ld players do not fit", n);
            return NULL;
        }
        new_dice = size[AT_DIE_FACE] / die_faces;
        new_tokens = size[AT_TOKEN_MS];
        new_lengths[n] = length;
    }
    memcpy(starts, new_starts, sizeof starts);
    memcpy(lengths, new_lengths, sizeof lengths);
    faces = die_faces;
    dice = new_dice;
    tokens = new_tokens;
    Py_XSETREF(over_phase, Py_NewRef(over));
    Py_XSETREF(parity_rule, Py_NewRef(parity));
    Py_XSETREF(fallback, Py_NewRef(python));
    configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"encode_state", (PyCFunction)(void (*)(void))encode_state, METH_FASTCALL,
     "encode_state(state, seat, values)\n--\n\n"
     "Write `encode(view(seat))` into `values` (zeros, as long as the observation)."},
    {"configure", configure, METH_VARARGS,
     "Hand over the pieces' layout per player count, a die's faces and the vocabularies."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_observe",
    "Ninja Master's observation encoder in C (see observation.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__observe(void) {
    for (int i = 0; i < F_COUNT; i++)
        if ((names[i] = PyUnicode_InternFromString(field_names[i])) == NULL)
            return NULL;
    for (int i = 0; i < O_COUNT; i++)
        if ((option_keys[i] = PyUnicode_InternFromString(option_names[i])) == NULL)
            return NULL;
    if ((faces_name = PyUnicode_InternFromString("faces")) == NULL
        || (check_seat_name = PyUnicode_InternFromString("check_seat")) == NULL)
        return NULL;
    return PyModule_Create(&module);
}
