/* Munchkin's observation encoder (`observation.encode_state`): its loops over the seats,
 * the hands, the tables and the card piles in C, written straight into the adapters'
 * float32 buffer.
 *
 * `write_fields` writes every piece but the run's and the offer's exactly as the Python
 * code of `observation._write_fields` does (the same floats: every value is a small
 * integer, exact in a float32), reading the same fields of the state. The figures the
 * rules work out (hand limits, strengths, the combat's sides) come in worked out by
 * `observation._rules`. `rules_key` packs the fields those figures are read from into
 * bytes, which `observation` memoizes them by. The Python code stays the reference and the
 * fallback where this module is not built; a test compares the two on every state of
 * random games. */

#include "../../kernel/_state_fields.h"

/* The offsets `write_fields` takes, in this order (`observation._NATIVE_PIECES`). */
enum {
    AT_ME, AT_TO_ACT, AT_TURN, AT_TURN_NUMBER, AT_PHASE, AT_WINDOW, AT_DECIDING,
    AT_DECIDING_SEAT, AT_LEVEL, AT_MALE, AT_DEAD, AT_READY, AT_DOORS, AT_TREASURES, AT_LIMIT,
    AT_STRENGTH, AT_WINNER, AT_DOOR_DECK, AT_TREASURE_DECK, AT_DOOR_PILE, AT_TREASURE_PILE,
    AT_COMBAT, AT_PLAYERS, AT_MONSTERS, AT_WINNING, AT_COUNT, AT_DEFEATED, AT_HELPER,
    AT_ASKED, AT_TRUNCATED, AT_HAND, AT_KNOWN, AT_TABLE, AT_EQUIPPED, AT_DOOR_DISCARD,
    AT_TREASURE_DISCARD, AT_MONSTER, AT_ENHANCER, AT_BODY, AT_HAUL, AT_LIMBO,
    AT_SIZE
};

/* The state's fields it reads, by their interned names. */
enum {
    N_TURN, N_TURN_NUMBER, N_PHASE, N_WINDOW, N_WINDOW_KIND, N_STACK, N_LEVEL, N_SEX, N_DEAD,
    N_READY, N_HANDS, N_TABLE, N_UNEQUIPPED, N_TRADES, N_PUBLIC_HAND, N_SEEN, N_WINNERS,
    N_DOOR_DECK, N_TREASURE_DECK, N_DOOR_DISCARD, N_TREASURE_DISCARD, N_MONSTERS, N_ENH,
    N_HELPER, N_CHARMED, N_TRUNCATED, N_BODY, N_HAUL, N_LIMBO,
    N_COUNT
};
static PyObject *names[N_COUNT];
static const char *const name_strings[N_COUNT] = {
    "turn", "turn_number", "phase", "window", "window_kind", "stack", "level", "sex", "dead",
    "ready", "hands", "table", "unequipped", "trades", "public_hand", "seen", "winners",
    "door_deck", "treasure_deck", "door_discard", "treasure_discard", "monsters", "enh",
    "helper", "charmed", "truncated", "body", "haul", "limbo",
};
/* The fields that are scalars (the rest are sequences). */
#define SCALAR(i) ((i) == N_TURN || (i) == N_TURN_NUMBER || (i) == N_PHASE || (i) == N_WINDOW \
    || (i) == N_WINDOW_KIND || (i) == N_HELPER || (i) == N_CHARMED || (i) == N_TRUNCATED)
static PyObject *kind_name, *seat_name, *hook_prefix;

#define MAX_CARDS 4096 /* the card ids a set may have (Munchkin's largest has 181) */
#define READY 2        /* `model.Setup.READY` */

typedef struct {
    float *values;
    Py_ssize_t size;
    long cards; /* the width of a card piece: ids are 0..cards-1 */
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

/* A value clipped to [low, high], as `observation._clip`. */
static inline double clip(double x, double low, double high) {
    return x < low ? low : x > high ? high : x;
}

/* The integer at `seq[i]` of a list or tuple (-1 with an exception set on failure). */
static inline long item(PyObject *seq, Py_ssize_t i) {
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_SetString(PyExc_IndexError, "index outside a field of the state");
        return -1;
    }
    return as_long(PySequence_Fast_GET_ITEM(seq, i));
}

/* A card id of `seq[i]`, refused outside the card pieces (-1 with an exception set). */
static inline long card_at(Buffer *b, PyObject *seq, Py_ssize_t i) {
    long card = item(seq, i);
    if (card == -1 && PyErr_Occurred())
        return -1;
    if (card < 0 || card >= b->cards) {
        PyErr_Format(PyExc_IndexError, "card %ld outside 0..%ld", card, b->cards - 1);
        return -1;
    }
    return card;
}

/* A seat of `seq[i]`, refused outside 0..n-1 (-1 with an exception set). */
static inline long seat_at(PyObject *seq, Py_ssize_t i, int n) {
    long seat = item(seq, i);
    if (seat == -1 && PyErr_Occurred())
        return -1;
    if (seat < 0 || seat >= n) {
        PyErr_Format(PyExc_IndexError, "seat %ld outside 0..%d", seat, n - 1);
        return -1;
    }
    return seat;
}

/* The one-hot index of `key` in an index dict (-1 with KeyError set when it is absent). */
static long index_of(PyObject *index, PyObject *key) {
    PyObject *found = PyDict_GetItemWithError(index, key);
    if (found == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetObject(PyExc_KeyError, key);
        return -1;
    }
    return as_long(found);
}

/* Sets the float of each card of `seq` in the card piece that begins at `start`. */
static int flag_cards(Buffer *b, Py_ssize_t start, PyObject *seq) {
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        long card = card_at(b, seq, i);
        if (card < 0 || put(b, start + card, 1.0) < 0)
            return -1;
    }
    return 0;
}

/* The list or tuple `seq[i]` of a nested field (a new reference; NULL on failure). */
static PyObject *row(PyObject *seq, Py_ssize_t i) {
    if (i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_SetString(PyExc_IndexError, "a seat without its row of a field");
        return NULL;
    }
    return PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i), "a seat's cards are not a sequence");
}

/* Where the state's class keeps each field of `names` (`_state_fields.h`). A declared
 * field is a slot (`MunchkinModel.fields`), read in place as `getattr` would read it. */
static Py_ssize_t slot_offset[N_COUNT];
static FieldSlots slots = {NULL, 0, N_COUNT, names, slot_offset};

#define CHECK(x) do { if ((x) == -1 && PyErr_Occurred()) goto done; } while (0)
#define TRY(x) do { if ((x) < 0) goto done; } while (0)

/* write_fields(values, state, seat, players, starts, rules, actors, doors, phase_index,
 * window_index, frame_index, hook, cards) */
static PyObject *write_fields(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 13) {
        PyErr_SetString(PyExc_TypeError, "write_fields takes 13 arguments");
        return NULL;
    }
    PyObject *target = args[0], *state = args[1], *at_tuple = args[4], *rules = args[5],
             *actors = args[6], *doors = args[7], *phase_index = args[8],
             *window_index = args[9], *frame_index = args[10];
    long seat, n, hook, cards;
    if ((seat = PyLong_AsLong(args[2])) == -1 && PyErr_Occurred())
        return NULL;
    if ((n = PyLong_AsLong(args[3])) == -1 && PyErr_Occurred())
        return NULL;
    if ((hook = PyLong_AsLong(args[11])) == -1 && PyErr_Occurred())
        return NULL;
    if ((cards = PyLong_AsLong(args[12])) == -1 && PyErr_Occurred())
        return NULL;
    if (!PyTuple_Check(at_tuple) || PyTuple_GET_SIZE(at_tuple) != AT_SIZE) {
        PyErr_SetString(PyExc_ValueError, "write_fields takes the offsets of _NATIVE_PIECES");
        return NULL;
    }
    if (!PyTuple_Check(rules) || !PyBytes_Check(doors) || !PyDict_Check(phase_index) ||
        !PyDict_Check(window_index) || !PyDict_Check(frame_index)) {
        PyErr_SetString(PyExc_TypeError, "write_fields: a table of the wrong type");
        return NULL;
    }
    if (n < 1 || seat < -1 || seat >= n || cards < 1 || cards > MAX_CARDS ||
        PyBytes_GET_SIZE(doors) > cards) {
        PyErr_SetString(PyExc_ValueError, "write_fields: a seat or a size out of range");
        return NULL;
    }
    Py_ssize_t at[AT_SIZE];
    for (int i = 0; i < AT_SIZE; i++) {
        at[i] = as_long(PyTuple_GET_ITEM(at_tuple, i));
        if (at[i] == -1 && PyErr_Occurred())
            return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(target, &view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        return NULL;
    PyObject *field[N_COUNT] = {NULL};
    PyObject *to_act = NULL, *hand = NULL, *result = NULL;
    if (view.itemsize != sizeof(float) || view.format == NULL || strcmp(view.format, "f") != 0) {
        PyErr_SetString(PyExc_TypeError, "write_fields writes into a float32 buffer");
        goto done;
    }
    Buffer b = {(float *)view.buf, view.len / (Py_ssize_t)sizeof(float), cards};
    if (refresh_field_slots(&slots, Py_TYPE(state)) < 0 || read_fields(&slots, state, field) < 0)
        goto done;
    for (int i = 0; i < N_COUNT; i++) {
        if (SCALAR(i))
            continue;
        Py_SETREF(field[i], PySequence_Fast(field[i], "a state field is not a sequence"));
        if (field[i] == NULL)
            goto done;
    }
    for (int i = N_LEVEL; i <= N_TABLE; i++) {
        if (PySequence_Fast_GET_SIZE(field[i]) < n) {
            PyErr_Format(PyExc_ValueError, "the state's %U holds fewer than %ld seats",
                         names[i], n);
            goto done;
        }
    }
    Py_ssize_t per_seat = n;
    if (PyTuple_GET_SIZE(rules) != 2 * per_seat && PyTuple_GET_SIZE(rules) != 2 * per_seat + 3) {
        PyErr_SetString(PyExc_ValueError, "the rules' figures: two per seat, three of a fight");
        goto done;
    }
    const char *door = PyBytes_AS_STRING(doors);
    Py_ssize_t known_cards = PyBytes_GET_SIZE(doors);

    /* Whose turn, who acts, where the game is. */
    if (seat >= 0)
        TRY(put(&b, at[AT_ME] + seat, 1.0));
    to_act = PySequence_Fast(actors, "the actors are not a sequence");
    if (to_act == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(to_act); i++) {
        long actor = seat_at(to_act, i, (int)n);
        CHECK(actor);
        TRY(put(&b, at[AT_TO_ACT] + actor, 1.0));
    }
    long turn = as_long(field[N_TURN]);
    CHECK(turn);
    if (turn < 0 || turn >= n) {
        PyErr_Format(PyExc_IndexError, "turn %ld outside 0..%ld", turn, n - 1);
        goto done;
    }
    TRY(put(&b, at[AT_TURN] + turn, 1.0));
    long turn_number = as_long(field[N_TURN_NUMBER]);
    CHECK(turn_number);
    TRY(put(&b, at[AT_TURN_NUMBER], (double)turn_number));
    long phase = index_of(phase_index, field[N_PHASE]);
    CHECK(phase);
    TRY(put(&b, at[AT_PHASE] + phase, 1.0));
    if (field[N_WINDOW] != Py_None) {
        long window = index_of(window_index, field[N_WINDOW_KIND]);
        CHECK(window);
        TRY(put(&b, at[AT_WINDOW] + window, 1.0));
    }
    PyObject *stack = field[N_STACK];
    if (PySequence_Fast_GET_SIZE(stack) > 0) {
        PyObject *top = PySequence_Fast_GET_ITEM(stack, PySequence_Fast_GET_SIZE(stack) - 1);
        PyObject *kind = PyObject_GetAttr(top, kind_name);
        if (kind == NULL)
            goto done;
        int hooked = PyUnicode_Check(kind)
                         ? (int)PyUnicode_Tailmatch(kind, hook_prefix, 0, PY_SSIZE_T_MAX, -1)
                         : 0;
        long deciding = hooked == 1 ? hook : hooked == 0 ? index_of(frame_index, kind) : -1;
        Py_DECREF(kind);
        CHECK(deciding);
        TRY(put(&b, at[AT_DECIDING] + deciding, 1.0));
        PyObject *decider = PyObject_GetAttr(top, seat_name);
        if (decider == NULL)
            goto done;
        if (decider != Py_None) {
            long who = as_long(decider);
            Py_DECREF(decider);
            CHECK(who);
            TRY(put(&b, at[AT_DECIDING_SEAT] + who, 1.0));
        } else {
            Py_DECREF(decider);
        }
    }

    /* The cards in hands the observer knows, and the items turned sideways. */
    unsigned char known[MAX_CARDS], sideways[MAX_CARDS];
    memset(known, 0, (size_t)cards);
    memset(sideways, 0, (size_t)cards);
    PyObject *public_hand = field[N_PUBLIC_HAND], *seen = field[N_SEEN];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(public_hand); i++) {
        long card = card_at(&b, public_hand, i);
        CHECK(card);
        known[card] = 1;
    }
    if (seat >= 0) {
        for (Py_ssize_t i = 0; i + 1 < PySequence_Fast_GET_SIZE(seen); i += 2) {
            long viewer = item(seen, i);
            CHECK(viewer);
            if (viewer != seat)
                continue;
            long card = card_at(&b, seen, i + 1);
            CHECK(card);
            known[card] = 1;
        }
    }
    PyObject *unequipped = field[N_UNEQUIPPED];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(unequipped); i++) {
        long card = card_at(&b, unequipped, i);
        CHECK(card);
        sideways[card] = 1;
    }

    /* The seats. */
    for (long p = 0; p < n; p++) {
        long level = item(field[N_LEVEL], p);
        CHECK(level);
        long sex = item(field[N_SEX], p);
        CHECK(sex);
        long dead = item(field[N_DEAD], p);
        CHECK(dead);
        long ready = item(field[N_READY], p);
        CHECK(ready);
        TRY(put(&b, at[AT_LEVEL] + p, (double)level));
        if (sex == 0)  /* `content.SEXES`: male first */
            TRY(put(&b, at[AT_MALE] + p, 1.0));
        if (dead)
            TRY(put(&b, at[AT_DEAD] + p, 1.0));
        if (ready == READY)
            TRY(put(&b, at[AT_READY] + p, 1.0));
        for (int k = 0; k < 2; k++) {  /* the hand limit, then the strength */
            double figure = PyFloat_AsDouble(PyTuple_GET_ITEM(rules, k * per_seat + p));
            CHECK(figure);
            TRY(put(&b, at[k == 0 ? AT_LIMIT : AT_STRENGTH] + p, figure));
        }
        Py_XSETREF(hand, row(field[N_HANDS], p));
        if (hand == NULL)
            goto done;
        Py_ssize_t held = PySequence_Fast_GET_SIZE(hand), door_cards = 0;
        for (Py_ssize_t i = 0; i < held; i++) {
            long card = card_at(&b, hand, i);
            CHECK(card);
            if (card >= known_cards) {
                PyErr_Format(PyExc_IndexError, "card %ld is not a card of the set", card);
                goto done;
            }
            door_cards += door[card];
            if (p != seat && known[card])
                TRY(put(&b, at[AT_KNOWN] + card * n + p, 1.0));
        }
        TRY(put(&b, at[AT_DOORS] + p, clip((double)door_cards, 0, (double)cards)));
        TRY(put(&b, at[AT_TREASURES] + p, clip((double)(held - door_cards), 0, (double)cards)));
        if (p == seat)
            TRY(flag_cards(&b, at[AT_HAND], hand));
        Py_XSETREF(hand, row(field[N_TABLE], p));
        if (hand == NULL)
            goto done;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(hand); i++) {
            long card = card_at(&b, hand, i);
            CHECK(card);
            TRY(put(&b, at[AT_TABLE] + card * n + p, 1.0));
            if (!sideways[card])
                TRY(put(&b, at[AT_EQUIPPED] + card, 1.0));
        }
    }
    PyObject *trades = field[N_TRADES];
    for (Py_ssize_t i = 0; i + 1 < PySequence_Fast_GET_SIZE(trades); i += 2) {
        long sender = seat_at(trades, i, (int)n);
        CHECK(sender);
        long receiver = seat_at(trades, i + 1, (int)n);
        CHECK(receiver);
        TRY(put(&b, at[AT_ASKED] + sender * n + receiver, 1.0));
    }
    PyObject *winners = field[N_WINNERS];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(winners); i++) {
        long winner = seat_at(winners, i, (int)n);
        CHECK(winner);
        TRY(put(&b, at[AT_WINNER] + winner, 1.0));
    }

    /* The decks and the discard piles. */
    TRY(put(&b, at[AT_DOOR_DECK], clip((double)PySequence_Fast_GET_SIZE(field[N_DOOR_DECK]), 0, (double)cards)));
    TRY(put(&b, at[AT_TREASURE_DECK], clip((double)PySequence_Fast_GET_SIZE(field[N_TREASURE_DECK]), 0, (double)cards)));
    TRY(put(&b, at[AT_DOOR_PILE], clip((double)PySequence_Fast_GET_SIZE(field[N_DOOR_DISCARD]), 0, (double)cards)));
    TRY(put(&b, at[AT_TREASURE_PILE], clip((double)PySequence_Fast_GET_SIZE(field[N_TREASURE_DISCARD]), 0, (double)cards)));
    TRY(flag_cards(&b, at[AT_DOOR_DISCARD], field[N_DOOR_DISCARD]));
    TRY(flag_cards(&b, at[AT_TREASURE_DISCARD], field[N_TREASURE_DISCARD]));

    /* The combat. */
    PyObject *monsters = field[N_MONSTERS], *enh = field[N_ENH];
    Py_ssize_t fighting = PySequence_Fast_GET_SIZE(monsters);
    if (fighting > 0) {
        if (PyTuple_GET_SIZE(rules) != 2 * per_seat + 3) {
            PyErr_SetString(PyExc_ValueError, "a fight without the rules' figures of its sides");
            goto done;
        }
        TRY(put(&b, at[AT_COMBAT], 1.0));
        for (int k = 0; k < 3; k++) {  /* the players' strength, the monsters', winning */
            double figure = PyFloat_AsDouble(PyTuple_GET_ITEM(rules, 2 * per_seat + k));
            CHECK(figure);
            TRY(put(&b, at[AT_PLAYERS + k], figure));
        }
        TRY(put(&b, at[AT_COUNT], (double)fighting));
        long charmed = as_long(field[N_CHARMED]);
        CHECK(charmed);
        TRY(put(&b, at[AT_DEFEATED], clip((double)charmed, 0, (double)cards)));
        long helper = as_long(field[N_HELPER]);
        CHECK(helper);
        if (helper >= 0)
            TRY(put(&b, at[AT_HELPER] + helper, 1.0));
        for (Py_ssize_t k = 0; k < fighting; k++) {
            long monster = card_at(&b, monsters, k);
            CHECK(monster);
            TRY(put(&b, at[AT_MONSTER] + monster, 1.0));
            for (Py_ssize_t i = 0; i + 1 < PySequence_Fast_GET_SIZE(enh); i += 2) {
                long on = item(enh, i + 1);
                CHECK(on);
                if (on != monster)
                    continue;
                long enhancer = card_at(&b, enh, i);
                CHECK(enhancer);
                TRY(put(&b, at[AT_ENHANCER] + enhancer, 1.0));
            }
        }
    }
    int truncated = PyObject_IsTrue(field[N_TRUNCATED]);
    CHECK(truncated);
    if (truncated)
        TRY(put(&b, at[AT_TRUNCATED], 1.0));
    TRY(flag_cards(&b, at[AT_BODY], field[N_BODY]));
    TRY(flag_cards(&b, at[AT_HAUL], field[N_HAUL]));
    TRY(flag_cards(&b, at[AT_LIMBO], field[N_LIMBO]));
    result = Py_NewRef(Py_None);
done:
    for (int i = 0; i < N_COUNT; i++)
        Py_XDECREF(field[i]);
    Py_XDECREF(to_act);
    Py_XDECREF(hand);
    PyBuffer_Release(&view);
    return result;
}

/* A growing array of 64-bit words, first on the stack. */
typedef struct {
    long long *words;
    Py_ssize_t used, room;
    long long local[512];
} Words;

static int emit(Words *w, long long x) {
    if (w->used == w->room) {
        Py_ssize_t room = w->room * 2;
        long long *bigger = PyMem_Malloc((size_t)room * sizeof(long long));
        if (bigger == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        memcpy(bigger, w->words, (size_t)w->used * sizeof(long long));
        if (w->words != w->local)
            PyMem_Free(w->words);
        w->words = bigger;
        w->room = room;
    }
    w->words[w->used++] = x;
    return 0;
}

/* Emits the integers of a list or tuple of integers, after its length. */
static int emit_ints(Words *w, PyObject *seq) {
    Py_ssize_t size = PySequence_Fast_GET_SIZE(seq);
    if (emit(w, size) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < size; i++) {
        PyObject *x = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyLong_Check(x)) {
            PyErr_SetString(PyExc_TypeError, "rules_key reads integers, lists of them, and lists of those");
            return -1;
        }
        long long value = as_long(x);
        if ((value == -1 && PyErr_Occurred()) || emit(w, value) < 0)
            return -1;
    }
    return 0;
}

/* Emits one field: 0 and an integer; 1 and a list of integers; 2 and a list of lists. */
static int emit_field(Words *w, PyObject *value) {
    if (PyLong_Check(value)) {
        long long x = as_long(value);
        return (x == -1 && PyErr_Occurred()) || emit(w, 0) < 0 ? -1 : emit(w, x);
    }
    if (!PyList_Check(value) && !PyTuple_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "rules_key reads integers, lists of them, and lists of those");
        return -1;
    }
    Py_ssize_t size = PySequence_Fast_GET_SIZE(value);
    int nested = size > 0 && (PyList_Check(PySequence_Fast_GET_ITEM(value, 0)) ||
                              PyTuple_Check(PySequence_Fast_GET_ITEM(value, 0)));
    if (!nested)
        return emit(w, 1) < 0 ? -1 : emit_ints(w, value);
    if (emit(w, 2) < 0 || emit(w, size) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < size; i++) {
        PyObject *inner = PySequence_Fast_GET_ITEM(value, i);
        if (!PyList_Check(inner) && !PyTuple_Check(inner)) {
            PyErr_SetString(PyExc_TypeError, "a list of lists holds only lists");
            return -1;
        }
        if (emit_ints(w, inner) < 0)
            return -1;
    }
    return 0;
}

/* rules_key(state, names) -> bytes: the named fields packed, each as its kind and its
 * integers (lists after their lengths), so two states give the same bytes exactly when
 * those fields hold the same integers. */
static PyObject *rules_key(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "rules_key(state, names: tuple)");
        return NULL;
    }
    Words w = {.used = 0, .room = 512};
    w.words = w.local;
    PyObject *result = NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args[1]); i++) {
        PyObject *value = PyObject_GetAttr(args[0], PyTuple_GET_ITEM(args[1], i));
        if (value == NULL)
            goto done;
        int failed = emit_field(&w, value);
        Py_DECREF(value);
        if (failed < 0)
            goto done;
    }
    result = PyBytes_FromStringAndSize((const char *)w.words, w.used * (Py_ssize_t)sizeof(long long));
done:
    if (w.words != w.local)
        PyMem_Free(w.words);
    return result;
}

static PyMethodDef methods[] = {
    {"write_fields", (PyCFunction)(void (*)(void))write_fields, METH_FASTCALL,
     "Write the pieces of a Munchkin observation but the run's and the offer's into a "
     "float32 buffer of zeros."},
    {"rules_key", (PyCFunction)(void (*)(void))rules_key, METH_FASTCALL,
     "The named integer fields of a state packed into bytes (the rules' figures' memo key)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_observe",
    "Munchkin's observation encoder: its loops in C (see observation.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__observe(void) {
    for (int i = 0; i < N_COUNT; i++) {
        names[i] = PyUnicode_InternFromString(name_strings[i]);
        if (names[i] == NULL)
            return NULL;
    }
    kind_name = PyUnicode_InternFromString("kind");
    seat_name = PyUnicode_InternFromString("seat");
    hook_prefix = PyUnicode_InternFromString("hook:");  /* model.HOOK_FRAME */
    if (kind_name == NULL || seat_name == NULL || hook_prefix == NULL)
        return NULL;
    return PyModule_Create(&module);
}
