/* Meow, Dark Lord!'s observation encoder (`observation.encode_state`) in C: the whole
 * observation in one call, read from the state's fields and written straight into the
 * adapters' float32 buffer.
 *
 * `encode_state(state, seat, values)` writes exactly the floats the Python
 * `observation._encode_state` writes (every value is a small integer, exact in a float32),
 * reading the same fields and nothing else: of a hand only its size and the cards the seat
 * may know (its own hand's, and those in `revealed`), of the Tower only its size. A target
 * that is not a float32 buffer (a list) it hands to that Python code, which stays the
 * reference, and the whole encoder where this module is not built; a test compares both
 * with `encode(view(seat))` on every state of random games, for every seat and the
 * spectator.
 *
 * `configure` hands it, once, what the Python module knows: where each piece starts for
 * each player count, the vocabularies (phases, pending choices, end reasons) in the order
 * of their one-hot pieces, and the Python code. Every index is checked against its piece
 * (a seat below the player count, a card below the number of cats) and every field's type,
 * so a state the game never makes is refused, never written outside its piece, and no
 * Python code runs while the lists are read.
 *
 * The fields are `__slots__` (`model.MeowModel`): read through `PyObject_GetAttr`, 19 of
 * them cost more than all the rest, so the slots' offsets are looked up once per class
 * (and again whenever the class changes) and read directly, as CPython's own specialized
 * attribute loads do. */

#include <stdint.h>
#include "../../kernel/_state_fields.h"

/* The pieces, in the order of `observation.pieces` (`configure` checks their sizes). */
enum {
    AT_ME, AT_TO_ACT, AT_TURN, AT_TURN_NUMBER, AT_COIN_TARGET, AT_PHASE, AT_PENDING,
    AT_PENDING_CARD, AT_PENDING_AMOUNT, AT_TREASURY, AT_TOWER, AT_SAFE_TOP, AT_RIGOR, AT_END,
    AT_COINS, AT_HAND, AT_CATS, AT_SEAT_HEARTS, AT_WINNER, AT_CARD_HAND, AT_CARD_DUNGEON,
    AT_GRAVEYARD, AT_CARD_HEARTS, AT_CARD_ACTED,
    AT_COUNT
};

/* The state's fields it reads, by their interned names. */
enum {
    F_NUM_PLAYERS, F_OPTIONS, F_TURN, F_TURN_NUMBER, F_PHASE, F_STACK, F_TREASURY, F_SAFE_TOP,
    F_END_REASON, F_WINNER,
    F_TOWER, F_TRACK, F_COINS, F_HEARTS, F_GRAVEYARD, F_ACTED, F_REVEALED, F_HANDS, F_DUNGEONS,
    F_COUNT
};
#define F_LISTS F_TOWER  /* the lists: from here on */
static const char *const field_names[F_COUNT] = {
    "num_players", "options", "turn", "turn_number", "phase", "stack", "treasury", "safe_top",
    "end_reason", "winner",
    "tower", "track", "coins", "hearts", "graveyard", "acted", "revealed", "hands", "dungeons",
};
static PyObject *names[F_COUNT];
static PyObject *coin_target_key, *check_seat_name, *actors_name;

#define MOST_SEATS 16
#define MOST_CARDS 256

/* Set by `configure`. */
static PyObject *fallback;  /* `observation._encode_state`, for targets that are not float32 */
static PyObject *meow_actors;  /* the function `MeowState.actors` */
static Py_ssize_t starts[MOST_SEATS + 1][AT_COUNT];  /* per player count */
static Py_ssize_t lengths[MOST_SEATS + 1];  /* the observation's length; 0: no layout */
static PyObject *phases, *pending_kinds, *end_reasons;  /* tuples of str */
static Py_ssize_t over_phase;  /* the index of Phase.OVER in `phases` */
static long num_cats;

/* Where the last class seen keeps each field, and whether its `actors` is
 * `MeowState.actors`, which `encode_state` follows in C (found with the slots). */
static Py_ssize_t offsets[F_COUNT];
static FieldSlots slots = {NULL, 0, F_COUNT, names, offsets};
static int own_actors;

/* Whether `type`'s `actors` is `MeowState.actors`, read as it is by attribute (a class
 * with a `__getattribute__` of its own is asked); on failure, the slots are looked up
 * again next time. */
static int find_own_actors(PyTypeObject *type) {
    PyObject *actors = PyObject_GetAttr((PyObject *)type, actors_name);
    if (actors == NULL) {
        slots.type = NULL;
        return -1;
    }
    own_actors = type->tp_getattro == PyObject_GenericGetAttr && actors == meow_actors;
    Py_DECREF(actors);
    return 0;
}

/* A seat's hand or dungeon: a list or a tuple, borrowed (NULL with an exception set). */
static inline PyObject *seat_cards(PyObject *cards) {
    if (PyList_Check(cards) || PyTuple_Check(cards))
        return cards;
    PyErr_SetString(PyExc_TypeError, "a seat's cards are not a list");
    return NULL;
}

static PyObject *encode_state(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode_state(state, seat, values) takes 3 arguments");
        return NULL;
    }
    if (fallback == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "encode_state before configure");
        return NULL;
    }
    PyObject *state = args[0], *seat_arg = args[1], *target = args[2];
    if (!PyObject_CheckBuffer(target))  /* a list: the Python code writes it */
        return PyObject_Vectorcall(fallback, args, 3, NULL);
    Py_buffer view;
    if (PyObject_GetBuffer(target, &view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        return NULL;
    if (view.itemsize != sizeof(float) || view.format == NULL || strcmp(view.format, "f") != 0) {
        PyBuffer_Release(&view);  /* another buffer (of doubles): the Python code writes it */
        return PyObject_Vectorcall(fallback, args, 3, NULL);
    }
    float *values = (float *)view.buf;
    PyObject *field[F_COUNT] = {NULL};
    PyObject *result = NULL;
    int found = refresh_field_slots(&slots, Py_TYPE(state));
    if (found < 0 || (found && find_own_actors(Py_TYPE(state)) < 0)
        || read_fields(&slots, state, field) < 0)
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
    if (!own_actors) {  /* a class of its own is asked (first: Python code runs) */
        PyObject *actors = PyObject_CallMethodNoArgs(state, actors_name);
        if (actors == NULL)
            goto done;
        PyObject *seats = PySequence_Fast(actors, "actors() is not a sequence");
        Py_DECREF(actors);
        if (seats == NULL)
            goto done;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seats); i++) {
            long actor = bounded(PySequence_Fast_GET_ITEM(seats, i), n, "acting seat");
            if (actor == -1 && PyErr_Occurred()) {
                Py_DECREF(seats);
                goto done;
            }
            values[at[AT_TO_ACT] + actor] = 1.0f;
        }
        Py_DECREF(seats);
    }

    if (seat >= 0)
        values[at[AT_ME] + seat] = 1.0f;
    Py_ssize_t phase = index_in(phases, field[F_PHASE]);
    if (phase < 0) {
        PyErr_Format(PyExc_KeyError, "phase %R", field[F_PHASE]);
        goto done;
    }
    PyObject *stack = field[F_STACK];
    if (!PyList_Check(stack)) {
        PyErr_SetString(PyExc_TypeError, "the stack is not a list");
        goto done;
    }
    PyObject *top = NULL;  /* the top step: a Frame (kind, seat, args) */
    if (PyList_GET_SIZE(stack) > 0) {
        top = PyList_GET_ITEM(stack, PyList_GET_SIZE(stack) - 1);
        if (!PyTuple_Check(top) || PyTuple_GET_SIZE(top) != 3) {
            PyErr_SetString(PyExc_TypeError, "a step is not a Frame");
            goto done;
        }
    }
    long turn = bounded(field[F_TURN], n, "turn");
    CHECK(turn);
    /* `MeowState.actors`: none once over, else the top step's seat, else whose turn it is */
    if (own_actors) {
        if (phase != over_phase) {
            long actor = top != NULL ? bounded(PyTuple_GET_ITEM(top, 1), n, "acting seat") : turn;
            CHECK(actor);
            values[at[AT_TO_ACT] + actor] = 1.0f;
        }
    }
    values[at[AT_TURN] + turn] = 1.0f;
    long number = as_long(field[F_TURN_NUMBER]);
    CHECK(number);
    values[at[AT_TURN_NUMBER]] = F(number);
    PyObject *options = field[F_OPTIONS];
    if (!PyDict_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "the options are not a dict");
        goto done;
    }
    PyObject *target_coins = PyDict_GetItemWithError(options, coin_target_key);
    if (target_coins == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_KeyError, "coin_target");
        goto done;
    }
    long coin_target = as_long(target_coins);
    CHECK(coin_target);
    values[at[AT_COIN_TARGET]] = F(coin_target);
    values[at[AT_PHASE] + phase] = 1.0f;
    if (top != NULL) {
        Py_ssize_t kind = index_in(pending_kinds, PyTuple_GET_ITEM(top, 0));
        if (kind >= 0) {  /* a choice (`abilities.is_choice`): its args are (card, amount) */
            PyObject *step_args = PyTuple_GET_ITEM(top, 2);
            if (!PyTuple_Check(step_args) || PyTuple_GET_SIZE(step_args) != 2
                || !PyLong_CheckExact(PyTuple_GET_ITEM(step_args, 0))
                || !PyLong_CheckExact(PyTuple_GET_ITEM(step_args, 1))) {
                PyErr_SetString(PyExc_TypeError, "a choice's args are not (card, amount)");
                goto done;
            }
            long card = bounded(PyTuple_GET_ITEM(step_args, 0), num_cats, "a step's card");
            CHECK(card);
            long amount = as_long(PyTuple_GET_ITEM(step_args, 1));
            CHECK(amount);
            values[at[AT_PENDING] + kind] = 1.0f;
            values[at[AT_PENDING_CARD] + card] = 1.0f;
            values[at[AT_PENDING_AMOUNT]] = F(amount);
        }
    }
    long treasury = as_long(field[F_TREASURY]);
    CHECK(treasury);
    values[at[AT_TREASURY]] = F(treasury);
    values[at[AT_TOWER]] = F(PySequence_Fast_GET_SIZE(field[F_TOWER]));  /* its size only */
    long safe_top = as_long(field[F_SAFE_TOP]);
    CHECK(safe_top);
    values[at[AT_SAFE_TOP]] = F(safe_top);
    values[at[AT_RIGOR]] = F(PySequence_Fast_GET_SIZE(field[F_TRACK]));
    if (!PyUnicode_Check(field[F_END_REASON])) {
        PyErr_SetString(PyExc_TypeError, "the end reason is not a string");
        goto done;
    }
    if (PyUnicode_GET_LENGTH(field[F_END_REASON]) > 0) {  /* "" until the game is over */
        Py_ssize_t reason = index_in(end_reasons, field[F_END_REASON]);
        if (reason < 0) {
            PyErr_Format(PyExc_KeyError, "end reason %R", field[F_END_REASON]);
            goto done;
        }
        values[at[AT_END] + reason] = 1.0f;
    }
    long winner = as_long(field[F_WINNER]);
    CHECK(winner);
    if (winner >= 0) {
        CHECK(bounded(field[F_WINNER], n, "winner"));
        values[at[AT_WINNER] + winner] = 1.0f;
    }

    /* The cards everybody saw go into a hand, and the cats that have acted: by card id
     * (an id outside the cats matches no card of a hand or a dungeon). */
    uint64_t revealed[MOST_CARDS / 64] = {0}, acted[MOST_CARDS / 64] = {0};
    for (int list = F_ACTED; list <= F_REVEALED; list++) {
        uint64_t *flags = list == F_ACTED ? acted : revealed;
        PyObject *cards = field[list];
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(cards); i++) {
            long card = as_long(PySequence_Fast_GET_ITEM(cards, i));
            CHECK(card);
            if (card >= 0 && card < num_cats)
                flags[card >> 6] |= (uint64_t)1 << (card & 63);
        }
    }
    PyObject *hands = field[F_HANDS], *dungeons = field[F_DUNGEONS];
    PyObject *coins = field[F_COINS], *hearts = field[F_HEARTS];
    if (PySequence_Fast_GET_SIZE(hands) < n || PySequence_Fast_GET_SIZE(dungeons) < n
        || PySequence_Fast_GET_SIZE(coins) < n || PySequence_Fast_GET_SIZE(hearts) < num_cats) {
        PyErr_SetString(PyExc_IndexError, "a field of the state shorter than the table");
        goto done;
    }
    for (long s = 0; s < n; s++) {
        PyObject *hand = seat_cards(PySequence_Fast_GET_ITEM(hands, s));
        if (hand == NULL)
            goto done;
        Py_ssize_t size = PySequence_Fast_GET_SIZE(hand);
        for (Py_ssize_t i = 0; i < size; i++) {
            long card = bounded(PySequence_Fast_GET_ITEM(hand, i), num_cats, "a card in a hand");
            CHECK(card);
            /* What the seat may know of the hand: its own, and the cards seen going in. */
            if (s == seat || (revealed[card >> 6] >> (card & 63) & 1))
                values[at[AT_CARD_HAND] + card * n + s] = 1.0f;
        }
        values[at[AT_HAND] + s] = F(size);
        long coins_held = as_long(PySequence_Fast_GET_ITEM(coins, s));
        CHECK(coins_held);
        values[at[AT_COINS] + s] = F(coins_held);

        PyObject *dungeon = seat_cards(PySequence_Fast_GET_ITEM(dungeons, s));
        if (dungeon == NULL)
            goto done;
        size = PySequence_Fast_GET_SIZE(dungeon);
        long total = 0;
        for (Py_ssize_t i = 0; i < size; i++) {
            long card = bounded(PySequence_Fast_GET_ITEM(dungeon, i), num_cats, "a dungeon cat");
            CHECK(card);
            long on = as_long(PySequence_Fast_GET_ITEM(hearts, card));
            CHECK(on);
            total += on;
            values[at[AT_CARD_DUNGEON] + card * n + s] = 1.0f;
            values[at[AT_CARD_HEARTS] + card] = F(on);
            if (acted[card >> 6] >> (card & 63) & 1)
                values[at[AT_CARD_ACTED] + card] = 1.0f;
        }
        values[at[AT_CATS] + s] = F(size);
        values[at[AT_SEAT_HEARTS] + s] = F(total);
    }
    PyObject *graveyard = field[F_GRAVEYARD];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(graveyard); i++) {
        long card = bounded(PySequence_Fast_GET_ITEM(graveyard, i), num_cats,
                            "a card in the Graveyard");
        CHECK(card);
        values[at[AT_GRAVEYARD] + card] = 1.0f;
    }
    result = Py_NewRef(Py_None);
done:
    for (int i = 0; i < F_COUNT; i++)
        Py_XDECREF(field[i]);
    PyBuffer_Release(&view);
    return result;
}

/* configure(layouts, phases, over, pending, end_reasons, cats, actors, fallback): `layouts`
 * maps a player count to the pieces' (start, size) in the order of
 * `observation._NATIVE_PIECES`, then the observation's length; `actors` is the function
 * `MeowState.actors`, `fallback` the Python code (`observation._encode_state`). */
static PyObject *configure(PyObject *module, PyObject *args) {
    PyObject *layouts, *phase_tuple, *pending_tuple, *end_tuple, *actors, *python_code;
    Py_ssize_t over;
    long cats;
    if (!PyArg_ParseTuple(args, "O!O!nO!O!lOO", &PyDict_Type, &layouts, &PyTuple_Type,
                          &phase_tuple, &over, &PyTuple_Type, &pending_tuple, &PyTuple_Type,
                          &end_tuple, &cats, &actors, &python_code))
        return NULL;
    if (!PyCallable_Check(python_code)) {
        PyErr_SetString(PyExc_TypeError, "the fallback is not callable");
        return NULL;
    }
    if (cats < 1 || cats > MOST_CARDS) {
        PyErr_Format(PyExc_ValueError, "between 1 and %d cats", MOST_CARDS);
        return NULL;
    }
    if (over < 0 || over >= PyTuple_GET_SIZE(phase_tuple)) {
        PyErr_SetString(PyExc_ValueError, "the over phase is not one of the phases");
        return NULL;
    }
    PyObject *vocabularies[3] = {phase_tuple, pending_tuple, end_tuple};
    for (int v = 0; v < 3; v++)
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(vocabularies[v]); i++)
            if (!PyUnicode_Check(PyTuple_GET_ITEM(vocabularies[v], i))) {
                PyErr_SetString(PyExc_TypeError, "a vocabulary holds strings");
                return NULL;
            }
    Py_ssize_t new_starts[MOST_SEATS + 1][AT_COUNT];
    Py_ssize_t new_lengths[MOST_SEATS + 1] = {0};
    PyObject *key, *layout;
    Py_ssize_t pos = 0;
    while (PyDict_Next(layouts, &pos, &key, &layout)) {
        long n = as_long(key);
        if (n == -1 && PyErr_Occurred())
            return NULL;
        if (n < 1 || n > MOST_SEATS) {
            PyErr_Format(PyExc_ValueError, "between 1 and %d players", MOST_SEATS);
            return NULL;
        }
        if (!PyTuple_Check(layout) || PyTuple_GET_SIZE(layout) != AT_COUNT + 1) {
            PyErr_Format(PyExc_ValueError, "a layout is %d (start, size) pairs and a length",
                         AT_COUNT);
            return NULL;
        }
        /* The size each piece must have, as `write` indexes it. */
        const Py_ssize_t C = cats, P = PyTuple_GET_SIZE(phase_tuple);
        const Py_ssize_t K = PyTuple_GET_SIZE(pending_tuple), E = PyTuple_GET_SIZE(end_tuple);
        const Py_ssize_t sizes[AT_COUNT] = {
            n, n, n, 1, 1, P, K, C, 1, 1, 1, 1, 1, E, n, n, n, n, n, C * n, C * n, C, C, C,
        };
        Py_ssize_t length = PyLong_AsSsize_t(PyTuple_GET_ITEM(layout, AT_COUNT));
        if (length == -1 && PyErr_Occurred())
            return NULL;
        for (int i = 0; i < AT_COUNT; i++) {
            Py_ssize_t start, size;
            if (!PyArg_ParseTuple(PyTuple_GET_ITEM(layout, i), "nn", &start, &size))
                return NULL;
            if (size != sizes[i] || start < 0 || start + size > length) {
                PyErr_Format(PyExc_ValueError,
                             "piece %d of the %ld-player layout: (%zd, %zd), not of size %zd"
                             " within %zd", i, n, start, size, sizes[i], length);
                return NULL;
            }
            new_starts[n][i] = start;
        }
        new_lengths[n] = length;
    }
    memcpy(starts, new_starts, sizeof starts);
    memcpy(lengths, new_lengths, sizeof lengths);
    Py_XSETREF(phases, Py_NewRef(phase_tuple));
    Py_XSETREF(pending_kinds, Py_NewRef(pending_tuple));
    Py_XSETREF(end_reasons, Py_NewRef(end_tuple));
    over_phase = over;
    num_cats = cats;
    Py_XSETREF(meow_actors, Py_NewRef(actors));
    Py_XSETREF(fallback, Py_NewRef(python_code));
    slots.type = NULL;  /* what each class does is looked up again */
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"encode_state", (PyCFunction)(void (*)(void))encode_state, METH_FASTCALL,
     "encode_state(state, seat, values): write `encode(view(seat))` into `values`, a float32 "
     "buffer of zeros as long as the observation (anything else: the Python code writes it)."},
    {"configure", configure, METH_VARARGS,
     "Hand over the layouts and the vocabularies of the observation, once."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_observe",
    "Meow, Dark Lord!'s observation encoder in C (see observation.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__observe(void) {
    for (int i = 0; i < F_COUNT; i++) {
        names[i] = PyUnicode_InternFromString(field_names[i]);
        if (names[i] == NULL)
            return NULL;
    }
    coin_target_key = PyUnicode_InternFromString("coin_target");
    check_seat_name = PyUnicode_InternFromString("check_seat");
    actors_name = PyUnicode_InternFromString("actors");
    if (coin_target_key == NULL || check_seat_name == NULL || actors_name == NULL)
        return NULL;
    return PyModule_Create(&module);
}
