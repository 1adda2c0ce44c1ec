/* Boss Quest's observation encoder (`observation.encode_state`) in C: the whole call,
 * read from the state's fields and written straight into the adapters' float32 buffer.
 * Its view (`views.view`) too, below, from the same fields.
 *
 * `encode_state(state, seat, values)` writes exactly the floats the Python code of
 * `observation._encode_state` writes (every value is a small integer, exact in a float32),
 * reading the same fields and nothing else: of a face-down weapon only what `known` lets
 * the seat see, of the Mystery spell only its slot, of the weapon deck its size and the
 * top card only for the seats in `top_known`. A target that is not a float32 buffer (a
 * list) goes to that Python code, the reference and the fallback where this module is not
 * built; a test compares both with `encode(view(seat))` on every state of random games,
 * for every seat and the spectator.
 *
 * `configure` hands it, once, what the Python module knows: where each piece starts for
 * each player count, the vocabularies of the one-hot pieces, the tables of the spells, the
 * weapons and the bosses, and the Python code. Every index is checked against its piece
 * (a seat below the player count, a weapon below the weapons...), so a state the game
 * never makes is refused, never written outside its piece. */

#include "../../kernel/_state_fields.h"

/* The pieces, in the order of `observation._NATIVE_PIECES` (`configure` checks their sizes). */
enum {
    AT_ME, AT_TO_ACT, AT_ARMORER, AT_ROUND, AT_KEY_TARGET, AT_PHASE, AT_BASE_HP, AT_HP,
    AT_BOSSES, AT_WEAPON_DECK, AT_LAST_EQUIP_DONE, AT_PENDING, AT_LAST_CALL, AT_DECK_TOP,
    AT_PRESENT, AT_MYSTERY, AT_SPELL, AT_STATUS, AT_TARGET, AT_DISCARD, AT_HEARTS, AT_KEYS,
    AT_WEAPONS, AT_BONUS, AT_SHOWN, AT_ATTACK, AT_LO, AT_HI, AT_KNOWN, AT_BUST, AT_VISITED,
    AT_WINNER, AT_LOSER, AT_HIDDEN, AT_VISIBLE,
    AT_COUNT
};
/* What each piece's size is (`configure` checks it). */
enum { ONE, SEATS, PHASES, SLOTS, WEAPONS, KEYS, SLOT_KEYS, SLOT_STATUSES, SLOT_SEATS, SEAT_WEAPONS };
static const int piece_sizes[AT_COUNT] = {
    SEATS, SEATS, SEATS, ONE, ONE, PHASES, ONE, ONE,
    ONE, ONE, ONE, SLOTS, SEATS, WEAPONS,
    SLOTS, SLOTS, SLOT_KEYS, SLOT_STATUSES, SLOT_SEATS, KEYS, SEATS, SEATS,
    SEATS, SEATS, SEATS, SEATS, SEATS, SEATS, SEATS, SEATS, SEATS,
    SEATS, SEATS, SEAT_WEAPONS, SEAT_WEAPONS,
};

/* The state's fields it reads, by their interned names. */
enum {
    F_NUM_PLAYERS, F_OPTIONS, F_PHASE, F_DECISIONS, F_TURN, F_ARMORER, F_ROUND, F_BOSS,
    F_LAST_EQUIP_DONE, F_TOP_KNOWN, F_MYSTERY,
    /* the lists */
    F_BOSS_DECK, F_WEAPON_DECK, F_LAST_CALL_QUEUE, F_SLOTS, F_SLOT_STATUS, F_SLOT_TARGET,
    F_SPELL_DISCARD, F_VISIBLE, F_HEARTS, F_KEYS, F_HIDDEN_LO, F_HIDDEN_HI, F_BUST, F_VISITED,
    F_KNOWN, F_HIDDEN, F_WINNERS, F_LOSERS,
    F_COUNT
};
#define F_LISTS F_BOSS_DECK
static const char *const field_names[F_COUNT] = {
    "num_players", "options", "phase", "decisions", "turn", "armorer", "round", "boss",
    "last_equip_done", "top_known", "mystery",
    "boss_deck", "weapon_deck", "last_call_queue", "slots", "slot_status", "slot_target",
    "spell_discard", "visible", "hearts", "keys", "hidden_lo", "hidden_hi", "bust", "visited",
    "known", "hidden", "winners", "losers",
};
static PyObject *names[F_COUNT];
static PyObject *key_target_key, *check_seat_name;

#define MOST_SEATS 16
#define MOST_SPELLS 64  /* spell ids, and spell keys */
#define MOST_WEAPONS 64
#define MOST_BOSSES 64

/* Set by `configure`. */
static int configured = 0;
static Py_ssize_t starts[MOST_SEATS + 1][AT_COUNT];  /* per player count */
static Py_ssize_t lengths[MOST_SEATS + 1];  /* the observation's length; 0: no layout */
static PyObject *phases, *statuses;  /* tuples of str, in the order of their pieces */
static Py_ssize_t over_phase, active_status;  /* Phase.OVER's and SlotStatus.ACTIVE's index */
static long num_slots, num_keys, num_spells, num_weapons, num_bosses;
static long spell_key[MOST_SPELLS], hp_shift[MOST_SPELLS], attack_shift[MOST_SPELLS];
static int dark[MOST_SPELLS];
static long weapon_value[MOST_WEAPONS], boss_hp[MOST_BOSSES];
static PyObject *fallback;  /* `observation._encode_state`, for any other target */

/* Where the last class seen keeps each field (`_state_fields.h`). */
static Py_ssize_t offsets[F_COUNT];
static FieldSlots slots = {NULL, 0, F_COUNT, names, offsets};

/* The item `i` of a list field, which must be as long as the table (checked before). */
#define AT(list, i) PySequence_Fast_GET_ITEM(field[list], i)

/* Read `state`'s fields into `field` (lists made fast) and its table size into `*n`, and
 * check what both the encoder and the view index by seat: the seat `seat_arg` names (-1 for
 * the spectator), or -2 with an exception set (`State.check_seat`'s own for a seat it
 * refuses; `refused`, a format of the table size, for a size out of range). */
static long read_state(PyObject *state, PyObject *seat_arg, PyObject **field, long *n,
                       const char *refused) {
    if (refresh_field_slots(&slots, Py_TYPE(state)) < 0 || read_fields(&slots, state, field) < 0
        || fast_fields(field, F_LISTS, F_COUNT) < 0)
        return -2;
    *n = as_long(field[F_NUM_PLAYERS]);
    if (*n == -1 && PyErr_Occurred())
        return -2;
    long seat = viewer_seat(state, seat_arg, *n, check_seat_name);
    if (seat == -2)
        return -2;
    if (*n < 1 || *n > MOST_SEATS) {
        PyErr_Format(PyExc_ValueError, refused, *n);
        return -2;
    }
    static const int per_seat[] = {F_HEARTS, F_KEYS, F_HIDDEN_LO, F_HIDDEN_HI, F_BUST,
                                   F_VISITED, F_KNOWN, F_HIDDEN, F_VISIBLE};
    for (size_t i = 0; i < sizeof per_seat / sizeof per_seat[0]; i++)
        if (PySequence_Fast_GET_SIZE(field[per_seat[i]]) < *n) {
            PyErr_Format(PyExc_IndexError, "state.%s is shorter than the table",
                         field_names[per_seat[i]]);
            return -2;
        }
    return seat;
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
    /* Contiguous, with its shape: a memoryview gives its format only so. */
    Py_buffer view;
    if (PyObject_GetBuffer(target, &view, PyBUF_CONTIG | PyBUF_FORMAT) < 0)
        return NULL;
    if (view.itemsize != sizeof(float) || view.format == NULL || strcmp(view.format, "f") != 0) {
        PyBuffer_Release(&view);
        return PyObject_Vectorcall(fallback, args, nargs, NULL);
    }
    float *values = (float *)view.buf;
    PyObject *field[F_COUNT] = {NULL};
    PyObject *weapons = NULL;
    PyObject *result = NULL;
    long n, seat = read_state(state, seat_arg, field, &n, "no observation layout for %ld players");
    if (seat == -2)
        goto done;
    if (lengths[n] == 0) {
        PyErr_Format(PyExc_ValueError, "no observation layout for %ld players", n);
        goto done;
    }
    if (view.len / (Py_ssize_t)sizeof(float) < lengths[n]) {
        PyErr_Format(PyExc_IndexError, "an observation of %zd floats, in a buffer of %zd",
                     lengths[n], view.len / (Py_ssize_t)sizeof(float));
        goto done;
    }
    Py_ssize_t slots = PySequence_Fast_GET_SIZE(field[F_SLOTS]);
    if (slots > num_slots || PySequence_Fast_GET_SIZE(field[F_SLOT_STATUS]) < slots
        || PySequence_Fast_GET_SIZE(field[F_SLOT_TARGET]) < slots) {
        PyErr_SetString(PyExc_IndexError, "the spell slots do not fit the observation");
        goto done;
    }
    const Py_ssize_t *at = starts[n];

    if (seat >= 0)
        values[at[AT_ME] + seat] = 1.0f;
    Py_ssize_t phase = index_in(phases, field[F_PHASE]);
    if (phase < 0) {
        PyErr_Format(PyExc_KeyError, "phase %R", field[F_PHASE]);
        goto done;
    }
    PyObject *stack = field[F_DECISIONS];
    if (!PyList_Check(stack)) {
        PyErr_SetString(PyExc_TypeError, "the decisions are not a list");
        goto done;
    }
    PyObject *top = NULL;  /* the top decision: a Frame (kind, seat, args) */
    if (PyList_GET_SIZE(stack) > 0) {
        top = PyList_GET_ITEM(stack, PyList_GET_SIZE(stack) - 1);
        if (!PyTuple_Check(top) || PyTuple_GET_SIZE(top) != 3) {
            PyErr_SetString(PyExc_TypeError, "a decision is not a Frame");
            goto done;
        }
    }
    /* `BossQuestState.actors`: none once over, else the top decision's seat, else whose
     * turn it is. */
    if (phase != over_phase) {
        long actor = bounded(top != NULL ? PyTuple_GET_ITEM(top, 1) : field[F_TURN], n,
                             "the acting seat");
        CHECK(actor);
        values[at[AT_TO_ACT] + actor] = 1.0f;
    }
    long armorer = bounded(field[F_ARMORER], n, "the Armorer");
    CHECK(armorer);
    values[at[AT_ARMORER] + armorer] = 1.0f;
    long round = as_long(field[F_ROUND]);
    CHECK(round);
    values[at[AT_ROUND]] = F(round);
    PyObject *options = field[F_OPTIONS];
    if (!PyDict_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "the options are not a dict");
        goto done;
    }
    PyObject *key_target = PyDict_GetItemWithError(options, key_target_key);
    if (key_target == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_KeyError, "key_target");
        goto done;
    }
    long keys_to_win = as_long(key_target);
    CHECK(keys_to_win);
    values[at[AT_KEY_TARGET]] = F(keys_to_win);
    values[at[AT_PHASE] + phase] = 1.0f;

    /* The slots' statuses, and the spells active (`BossQuestModel.boss_hp`,
     * `attack_bonuses`). */
    long boss = bounded(field[F_BOSS], num_bosses, "the boss");
    CHECK(boss);
    long hp = boss_hp[boss], bonus[MOST_SEATS] = {0};
    Py_ssize_t status_of[MOST_SPELLS];
    long spell_of[MOST_SPELLS];
    for (Py_ssize_t k = 0; k < slots; k++) {
        spell_of[k] = bounded(AT(F_SLOTS, k), num_spells, "a spell id");
        CHECK(spell_of[k]);
        status_of[k] = index_in(statuses, AT(F_SLOT_STATUS, k));
        if (status_of[k] < 0) {
            PyErr_Format(PyExc_KeyError, "slot status %R", AT(F_SLOT_STATUS, k));
            goto done;
        }
        if (status_of[k] == active_status) {
            hp += hp_shift[spell_of[k]];
            if (attack_shift[spell_of[k]] != 0) {
                long given_to = bounded(AT(F_SLOT_TARGET, k), n, "an attack spell's seat");
                CHECK(given_to);
                bonus[given_to] += attack_shift[spell_of[k]];
            }
        }
    }
    values[at[AT_BASE_HP]] = F(boss_hp[boss]);
    values[at[AT_HP]] = F(hp);
    values[at[AT_BOSSES]] = F(PySequence_Fast_GET_SIZE(field[F_BOSS_DECK]));
    PyObject *deck = field[F_WEAPON_DECK];
    Py_ssize_t deck_size = PySequence_Fast_GET_SIZE(deck);
    values[at[AT_WEAPON_DECK]] = F(deck_size);
    int last_equip_done = PyObject_IsTrue(field[F_LAST_EQUIP_DONE]);
    CHECK(last_equip_done);
    if (last_equip_done)
        values[at[AT_LAST_EQUIP_DONE]] = 1.0f;
    if (top != NULL) {  /* `spells.target_slot`: a target is being chosen for the slot */
        PyObject *frame_args = PyTuple_GET_ITEM(top, 2);
        if (!PyTuple_Check(frame_args) || PyTuple_GET_SIZE(frame_args) != 1
            || !PyLong_CheckExact(PyTuple_GET_ITEM(frame_args, 0))) {
            PyErr_SetString(PyExc_TypeError, "a decision's args are not (slot,)");
            goto done;
        }
        long slot = bounded(PyTuple_GET_ITEM(frame_args, 0), num_slots, "a pending slot");
        CHECK(slot);
        values[at[AT_PENDING] + slot] = 1.0f;
    }
    PyObject *queue = field[F_LAST_CALL_QUEUE];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(queue); i++) {
        long s = bounded(PySequence_Fast_GET_ITEM(queue, i), n, "a seat owed a last action");
        CHECK(s);
        values[at[AT_LAST_CALL] + s] = 1.0f;
    }
    /* The deck's top card, to the seats that know it (`views.knows`: a spectator, when
     * everybody does). */
    long top_known = as_long(field[F_TOP_KNOWN]);
    CHECK(top_known);
    int knows_top = seat >= 0 ? (int)(top_known >> seat & 1) : top_known == (1L << n) - 1;
    if (deck_size > 0 && knows_top) {
        long weapon = bounded(PySequence_Fast_GET_ITEM(deck, deck_size - 1), num_weapons,
                              "the deck's top weapon");
        CHECK(weapon);
        values[at[AT_DECK_TOP] + weapon] = 1.0f;
    }

    /* The spell slots: the face-down Mystery shows as such, nothing of its spell. */
    long mystery = as_long(field[F_MYSTERY]);
    CHECK(mystery);
    for (Py_ssize_t k = 0; k < slots; k++) {
        values[at[AT_PRESENT] + k] = 1.0f;
        if (k == mystery) {
            values[at[AT_MYSTERY] + k] = 1.0f;
        } else {
            long spell = spell_of[k];
            values[at[AT_SPELL] + k * num_keys + spell_key[spell]] = 1.0f;
            long given_to = as_long(AT(F_SLOT_TARGET, k));
            CHECK(given_to);
            if (dark[spell] && given_to >= 0) {
                CHECK(bounded(AT(F_SLOT_TARGET, k), n, "a dark spell's seat"));
                values[at[AT_TARGET] + k * n + given_to] = 1.0f;
            }
        }
        values[at[AT_STATUS] + k * PyTuple_GET_SIZE(statuses) + status_of[k]] = 1.0f;
    }
    PyObject *discard = field[F_SPELL_DISCARD];
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(discard); i++) {
        long spell = bounded(PySequence_Fast_GET_ITEM(discard, i), num_spells, "a spell id");
        CHECK(spell);
        values[at[AT_DISCARD] + spell_key[spell]] += 1.0f;
    }

    /* The seats: a hidden weapon only to the seats that know it. */
    for (long s = 0; s < n; s++) {
        weapons = fast(AT(F_VISIBLE, s));
        if (weapons == NULL)
            goto done;
        long shown = bonus[s];
        Py_ssize_t row = at[AT_VISIBLE] + s * num_weapons;
        Py_ssize_t count = PySequence_Fast_GET_SIZE(weapons);
        for (Py_ssize_t i = 0; i < count; i++) {
            long weapon = bounded(PySequence_Fast_GET_ITEM(weapons, i), num_weapons, "a weapon");
            CHECK(weapon);
            shown += weapon_value[weapon];
            values[row + weapon] = 1.0f;
        }
        Py_CLEAR(weapons);
        long hearts = as_long(AT(F_HEARTS, s)), keys_held = as_long(AT(F_KEYS, s));
        long lo = as_long(AT(F_HIDDEN_LO, s)), hi = as_long(AT(F_HIDDEN_HI, s));
        long known = as_long(AT(F_KNOWN, s));
        if (PyErr_Occurred())
            goto done;
        values[at[AT_HEARTS] + s] = F(hearts);
        values[at[AT_KEYS] + s] = F(keys_held);
        values[at[AT_WEAPONS] + s] = F(1 + count);
        values[at[AT_BONUS] + s] = F(bonus[s]);
        values[at[AT_SHOWN] + s] = F(shown);
        values[at[AT_LO] + s] = F(lo);
        values[at[AT_HI] + s] = F(hi);
        int bust = PyObject_IsTrue(AT(F_BUST, s));
        CHECK(bust);
        if (bust)
            values[at[AT_BUST] + s] = 1.0f;
        int visited = PyObject_IsTrue(AT(F_VISITED, s));
        CHECK(visited);
        if (visited)
            values[at[AT_VISITED] + s] = 1.0f;
        if (seat >= 0 && (known >> seat & 1)) {
            long hidden = bounded(AT(F_HIDDEN, s), num_weapons, "a hidden weapon");
            CHECK(hidden);
            values[at[AT_ATTACK] + s] = F(shown + weapon_value[hidden]);
            values[at[AT_KNOWN] + s] = 1.0f;
            values[at[AT_HIDDEN] + s * num_weapons + hidden] = 1.0f;
        }
    }
    for (int list = F_WINNERS; list <= F_LOSERS; list++) {
        Py_ssize_t start = at[list == F_WINNERS ? AT_WINNER : AT_LOSER];
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(field[list]); i++) {
            long s = bounded(AT(list, i), n, list == F_WINNERS ? "a winner" : "a loser");
            CHECK(s);
            values[start + s] = 1.0f;
        }
    }
    result = Py_NewRef(Py_None);
done:
    Py_XDECREF(weapons);
    for (int i = 0; i < F_COUNT; i++)
        Py_XDECREF(field[i]);
    PyBuffer_Release(&view);
    return result;
}

/* A tuple of ints into `table` (at most `most`), its size into `size`. */
static int read_table(PyObject *tuple, long *table, long most, long *size, const char *what) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) < 1 || PyTuple_GET_SIZE(tuple) > most) {
        PyErr_Format(PyExc_ValueError, "%s: a tuple of 1 to %ld ints", what, most);
        return -1;
    }
    *size = (long)PyTuple_GET_SIZE(tuple);
    for (long i = 0; i < *size; i++) {
        table[i] = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (table[i] == -1 && PyErr_Occurred())
            return -1;
    }
    return 0;
}

/* configure(layouts, slots, phases, over, statuses, active, spell_keys, dark, hp_shift,
 * attack, weapon_values, boss_hp, python): `layouts` maps a player count to the pieces'
 * (start, size) in the order of `observation._NATIVE_PIECES`, then the observation's
 * length; per spell id its key's index, whether it is dark, its shift of the boss's HP and
 * of an attack; per weapon id its value; per boss its printed HP; `python` encodes any
 * target but a float32 buffer. */
static PyObject *configure(PyObject *module, PyObject *args) {
    PyObject *layouts, *phase_tuple, *status_tuple, *key_tuple, *dark_tuple, *hp_tuple,
        *attack_tuple, *value_tuple, *boss_tuple, *python;
    long slot_count;
    Py_ssize_t over, active;
    if (!PyArg_ParseTuple(args, "O!lO!nO!nOOOOOOO", &PyDict_Type, &layouts, &slot_count,
                          &PyTuple_Type, &phase_tuple, &over, &PyTuple_Type, &status_tuple,
                          &active, &key_tuple, &dark_tuple, &hp_tuple, &attack_tuple,
                          &value_tuple, &boss_tuple, &python))
        return NULL;
    if (!PyCallable_Check(python)) {
        PyErr_SetString(PyExc_TypeError, "the Python encoder is not callable");
        return NULL;
    }
    if (over < 0 || over >= PyTuple_GET_SIZE(phase_tuple) || active < 0
        || active >= PyTuple_GET_SIZE(status_tuple) || slot_count < 1 || slot_count > MOST_SPELLS) {
        PyErr_SetString(PyExc_ValueError, "the phase over or the status active out of range");
        return NULL;
    }
    for (int v = 0; v < 2; v++) {
        PyObject *vocabulary = v ? status_tuple : phase_tuple;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(vocabulary); i++)
            if (!PyUnicode_Check(PyTuple_GET_ITEM(vocabulary, i))) {
                PyErr_SetString(PyExc_TypeError, "a vocabulary of strings");
                return NULL;
            }
    }
    long keys_of[MOST_SPELLS], dark_of[MOST_SPELLS], hp_of[MOST_SPELLS], attack_of[MOST_SPELLS];
    long values_of[MOST_WEAPONS], bosses_of[MOST_BOSSES];
    long spells, spells_dark, spells_hp, spells_attack, weapons, bosses;
    if (read_table(key_tuple, keys_of, MOST_SPELLS, &spells, "spell keys") < 0
        || read_table(dark_tuple, dark_of, MOST_SPELLS, &spells_dark, "dark spells") < 0
        || read_table(hp_tuple, hp_of, MOST_SPELLS, &spells_hp, "HP shifts") < 0
        || read_table(attack_tuple, attack_of, MOST_SPELLS, &spells_attack, "attack shifts") < 0
        || read_table(value_tuple, values_of, MOST_WEAPONS, &weapons, "weapon values") < 0
        || read_table(boss_tuple, bosses_of, MOST_BOSSES, &bosses, "boss HP") < 0)
        return NULL;
    if (spells_dark != spells || spells_hp != spells || spells_attack != spells) {
        PyErr_SetString(PyExc_ValueError, "one entry per spell id in each spell table");
        return NULL;
    }
    long keys = 0;  /* the spell keys: one more than the highest index */
    for (long i = 0; i < spells; i++) {
        if (keys_of[i] < 0 || keys_of[i] >= MOST_SPELLS) {
            PyErr_SetString(PyExc_ValueError, "a spell key's index out of range");
            return NULL;
        }
        if (keys_of[i] >= keys)
            keys = keys_of[i] + 1;
    }
    Py_ssize_t new_starts[MOST_SEATS + 1][AT_COUNT], new_lengths[MOST_SEATS + 1] = {0};
    PyObject *key, *layout;
    Py_ssize_t pos = 0;
    while (PyDict_Next(layouts, &pos, &key, &layout)) {
        long n = PyLong_AsLong(key);
        if (n == -1 && PyErr_Occurred())
            return NULL;
        if (n < 1 || n > MOST_SEATS || !PyTuple_Check(layout)
            || PyTuple_GET_SIZE(layout) != AT_COUNT + 1) {
            PyErr_SetString(PyExc_ValueError,
                            "a layout per player count: (start, size) per piece, then the length");
            return NULL;
        }
        Py_ssize_t length = PyLong_AsSsize_t(PyTuple_GET_ITEM(layout, AT_COUNT));
        if (length == -1 && PyErr_Occurred())
            return NULL;
        const long expected_size[] = {
            [ONE] = 1, [SEATS] = n, [PHASES] = (long)PyTuple_GET_SIZE(phase_tuple),
            [SLOTS] = slot_count, [WEAPONS] = weapons, [KEYS] = keys,
            [SLOT_KEYS] = slot_count * keys,
            [SLOT_STATUSES] = slot_count * (long)PyTuple_GET_SIZE(status_tuple),
            [SLOT_SEATS] = slot_count * n, [SEAT_WEAPONS] = n * weapons,
        };
        for (int i = 0; i < AT_COUNT; i++) {
            Py_ssize_t start, size;
            if (!PyArg_ParseTuple(PyTuple_GET_ITEM(layout, i), "nn", &start, &size))
                return NULL;
            if (start < 0 || size != expected_size[piece_sizes[i]] || start + size > length) {
                PyErr_Format(PyExc_ValueError,
                             "piece %d of the layout for %ld players does not fit", i, n);
                return NULL;
            }
            new_starts[n][i] = start;
        }
        new_lengths[n] = length;
    }
    memcpy(starts, new_starts, sizeof starts);
    memcpy(lengths, new_lengths, sizeof lengths);
    for (long i = 0; i < spells; i++) {
        spell_key[i] = keys_of[i];
        dark[i] = dark_of[i] != 0;
        hp_shift[i] = hp_of[i];
        attack_shift[i] = attack_of[i];
    }
    memcpy(weapon_value, values_of, sizeof(long) * (size_t)weapons);
    memcpy(boss_hp, bosses_of, sizeof(long) * (size_t)bosses);
    num_slots = slot_count;
    num_keys = keys;
    num_spells = spells;
    num_weapons = weapons;
    num_bosses = bosses;
    over_phase = over;
    active_status = active;
    Py_XSETREF(phases, Py_NewRef(phase_tuple));
    Py_XSETREF(statuses, Py_NewRef(status_tuple));
    Py_XSETREF(fallback, Py_NewRef(python));
    configured = 1;
    Py_RETURN_NONE;
}

/* ----- the view (`views.view`) ----------------------------------------------------------
 *
 * `view(state, seat)` builds the very dict the Python code of `views._view` builds (the
 * same keys in the same order, the state's own objects where it takes them, ints and
 * bools where it computes them), reading the same fields: of a face-down weapon only
 * what `known` lets the seat see, of the Mystery spell only its slot, of the weapon deck
 * its size and the top card only for the seats in `top_known`. The table loop builds one
 * before every decision. Tables are indexed as Python indexes them (a negative index from
 * the end), so a state Python accepts gives the same view and one it refuses is refused.
 * `configure_view` hands over the game's tables once. */

enum { V_NONE, V_ATTACK, V_BOSS_HP };  /* what an active spell changes in the view */

/* Set by `configure_view`. */
static int view_configured = 0;
static PyObject *colour_names, *weapon_values, *view_spell_keys, *view_boss_hp;  /* tuples */
static long view_weapon_value[MOST_WEAPONS], view_boss_hp_of[MOST_BOSSES];
static long spell_effect[MOST_SPELLS], spell_amount[MOST_SPELLS];
static PyObject *view_over, *view_active;  /* Phase.OVER, SlotStatus.ACTIVE */
static PyObject *game_id_name;

/* The views' keys, interned, in the order of their TypedDicts. */
enum {
    K_GAME, K_SEAT, K_PLAYERS, K_ROUND, K_PHASE, K_TO_ACT, K_ARMORER, K_KEY_TARGET, K_BOSS,
    K_BOSSES_IN_DECK, K_WEAPON_DECK, K_DECK_TOP, K_SPELLS, K_SPELL_DISCARD, K_PENDING,
    K_LAST_CALL, K_LAST_EQUIP_DONE, K_SEATS, K_WINNERS, K_LOSERS,
    K_HEARTS, K_KEYS, K_HIDDEN, K_VISIBLE, K_WEAPONS, K_ATTACK_BONUS, K_VISIBLE_ATTACK,
    K_ATTACK, K_HIDDEN_RANGE, K_BUST, K_VISITED_MAGE,
    K_ID, K_COLOUR, K_VALUE, K_SLOT, K_SPELL, K_MYSTERY, K_STATUS, K_TARGET, K_BASE_HP, K_HP,
    K_COUNT
};
static const char *const key_names[K_COUNT] = {
    "game", "seat", "players", "round", "phase", "to_act", "armorer", "key_target", "boss",
    "bosses_in_deck", "weapon_deck", "deck_top", "spells", "spell_discard", "pending",
    "last_call", "last_equip_done", "seats", "winners", "losers",
    "hearts", "keys", "hidden", "visible", "weapons", "attack_bonus", "visible_attack",
    "attack", "hidden_range", "bust", "visited_mage",
    "id", "colour", "value", "slot", "spell", "mystery", "status", "target", "base_hp", "hp",
};
static PyObject *keys[K_COUNT];

/* A dict of `count` items, `which` naming their keys in order; it takes the references of
 * `values` (all released on failure, NULLs included: a failed value fails the dict). Made
 * at its final size: grown one key at a time, a seat's dict would be rebuilt twice. */
static PyObject *dict_of(const int *which, PyObject **values, int count) {
    PyObject *dict = NULL;
    for (int i = 0; i < count; i++)
        if (values[i] == NULL)
            goto done;
    dict = _PyDict_NewPresized(count);
    for (int i = 0; dict != NULL && i < count; i++)
        if (PyDict_SetItem(dict, keys[which[i]], values[i]) < 0)
            Py_CLEAR(dict);
done:
    for (int i = 0; i < count; i++)
        Py_XDECREF(values[i]);
    return dict;
}

/* `index` of a sequence of `size` as Python takes it (negative: from the end), or -1 with
 * an IndexError set. */
static long python_index(PyObject *index, Py_ssize_t size, const char *what) {
    long i = as_long(index);
    if (i == -1 && PyErr_Occurred())
        return -1;
    if (i < 0)
        i += (long)size;
    if (i < 0 || i >= (long)size) {
        PyErr_Format(PyExc_IndexError, "%s %R out of range", what, index);
        return -1;
    }
    return i;
}

/* Each weapon's view by its id, made once by `weapon_dict` (emptied by `configure_view`):
 * a view shows a copy of it, a dict copied whole costing less than one filled key by key. */
static PyObject *weapon_views[MOST_WEAPONS];

/* A weapon as views show it (`views.weapon_view`); its value into `value`. */
static PyObject *weapon_dict(PyObject *weapon, long *value) {
    long w = python_index(weapon, PyTuple_GET_SIZE(weapon_values), "a weapon");
    if (w < 0)
        return NULL;
    *value = view_weapon_value[w];
    static const int which[] = {K_ID, K_COLOUR, K_VALUE};
    /* The kept view holds the id as a plain int: a state's weapon of another kind or
     * indexed from the end shows as itself. */
    int plain = PyLong_CheckExact(weapon) && PyLong_AsLong(weapon) == w;
    if (plain && weapon_views[w] != NULL)
        return PyDict_Copy(weapon_views[w]);
    PyObject *values[] = {Py_NewRef(weapon), Py_NewRef(PyTuple_GET_ITEM(colour_names, w)),
                          Py_NewRef(PyTuple_GET_ITEM(weapon_values, w))};
    PyObject *made = dict_of(which, values, 3);
    if (made == NULL || !plain)
        return made;
    weapon_views[w] = made;
    return PyDict_Copy(made);
}

static PyObject *view(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "view(state, seat) takes 2 arguments");
        return NULL;
    }
    PyObject *state = args[0], *seat_arg = args[1];
    if (!view_configured) {
        PyErr_SetString(PyExc_RuntimeError, "view before configure_view");
        return NULL;
    }
    PyObject *field[F_COUNT] = {NULL};
    PyObject *result = NULL, *players = NULL, *spells = NULL;
    long n, seat = read_state(state, seat_arg, field, &n, "a view of %ld players");
    if (seat == -2)
        goto done;
    Py_ssize_t slot_count = PySequence_Fast_GET_SIZE(field[F_SLOTS]);
    if (slot_count > MOST_SPELLS || PySequence_Fast_GET_SIZE(field[F_SLOT_STATUS]) < slot_count
        || PySequence_Fast_GET_SIZE(field[F_SLOT_TARGET]) < slot_count) {
        PyErr_SetString(PyExc_IndexError, "the spell slots do not match their statuses");
        goto done;
    }

    /* The active spells' attack bonuses and HP in one pass. */
    long bonus[MOST_SEATS] = {0};
    long boss = python_index(field[F_BOSS], PyTuple_GET_SIZE(view_boss_hp), "the boss");
    CHECK(boss);
    long hp = view_boss_hp_of[boss];
    Py_ssize_t num_spell_ids = PyTuple_GET_SIZE(view_spell_keys);
    for (Py_ssize_t k = 0; k < slot_count; k++) {
        int active = PyObject_RichCompareBool(AT(F_SLOT_STATUS, k), view_active, Py_EQ);
        CHECK(active);
        if (!active)
            continue;
        long spell = python_index(AT(F_SLOTS, k), num_spell_ids, "a spell id");
        CHECK(spell);
        if (spell_effect[spell] == V_ATTACK) {
            long given_to = python_index(AT(F_SLOT_TARGET, k), n, "an attack spell's seat");
            CHECK(given_to);
            bonus[given_to] += spell_amount[spell];
        } else if (spell_effect[spell] == V_BOSS_HP) {
            hp += spell_amount[spell];
        }
    }

    players = PyList_New(n);
    if (players == NULL)
        goto done;
    for (long s = 0; s < n; s++) {
        PyObject *visible = fast(AT(F_VISIBLE, s));
        if (visible == NULL)
            goto done;
        long known = seat >= 0 ? as_long(AT(F_KNOWN, s)) : 0;
        if (known == -1 && PyErr_Occurred()) {
            Py_DECREF(visible);
            goto done;
        }
        int sees_hidden = seat >= 0 && (known >> seat & 1);
        long shown = bonus[s];
        Py_ssize_t count = PySequence_Fast_GET_SIZE(visible);
        PyObject *weapons = PyList_New(count);
        for (Py_ssize_t i = 0; weapons != NULL && i < count; i++) {
            long value;
            PyObject *shown_weapon = weapon_dict(PySequence_Fast_GET_ITEM(visible, i), &value);
            if (shown_weapon == NULL) {
                Py_CLEAR(weapons);
                break;
            }
            PyList_SET_ITEM(weapons, i, shown_weapon);
            shown += value;
        }
        Py_DECREF(visible);
        PyObject *hidden = Py_None, *attack = Py_None;
        if (weapons != NULL && sees_hidden) {
            long value;
            hidden = weapon_dict(AT(F_HIDDEN, s), &value);
            attack = hidden != NULL ? PyLong_FromLong(shown + value) : NULL;
        } else {
            Py_INCREF(hidden);
            Py_INCREF(attack);
        }
        static const int which[] = {K_SEAT, K_HEARTS, K_KEYS, K_HIDDEN, K_VISIBLE, K_WEAPONS,
                                    K_ATTACK_BONUS, K_VISIBLE_ATTACK, K_ATTACK,
                                    K_HIDDEN_RANGE, K_BUST, K_VISITED_MAGE};
        PyObject *values[] = {
            PyLong_FromLong(s),
            Py_NewRef(AT(F_HEARTS, s)),
            Py_NewRef(AT(F_KEYS, s)),
            hidden,
            weapons,
            PyLong_FromSsize_t(1 + count),
            PyLong_FromLong(bonus[s]),
            PyLong_FromLong(shown),
            attack,
            PyList_New(2),
            Py_NewRef(AT(F_BUST, s)),
            Py_NewRef(AT(F_VISITED, s)),
        };
        if (values[9] != NULL) {
            PyList_SET_ITEM(values[9], 0, Py_NewRef(AT(F_HIDDEN_LO, s)));
            PyList_SET_ITEM(values[9], 1, Py_NewRef(AT(F_HIDDEN_HI, s)));
        }
        PyObject *seat_view = dict_of(which, values, 12);
        if (seat_view == NULL)
            goto done;
        PyList_SET_ITEM(players, s, seat_view);
    }

    /* The spell slots: the face-down Mystery shows as such, nothing of its spell. */
    long mystery = as_long(field[F_MYSTERY]);
    CHECK(mystery);
    spells = PyList_New(slot_count);
    if (spells == NULL)
        goto done;
    for (Py_ssize_t k = 0; k < slot_count; k++) {
        PyObject *spell = Py_None;
        if (k != mystery) {
            long id = python_index(AT(F_SLOTS, k), num_spell_ids, "a spell id");
            CHECK(id);
            spell = PyTuple_GET_ITEM(view_spell_keys, id);
        }
        long target = as_long(AT(F_SLOT_TARGET, k));
        CHECK(target);
        static const int which[] = {K_SLOT, K_SPELL, K_MYSTERY, K_STATUS, K_TARGET};
        PyObject *values[] = {
            PyLong_FromSsize_t(k),
            Py_NewRef(spell),
            Py_NewRef(k == mystery ? Py_True : Py_False),
            Py_NewRef(AT(F_SLOT_STATUS, k)),
            Py_NewRef(target >= 0 ? AT(F_SLOT_TARGET, k) : Py_None),
        };
        PyObject *slot_view = dict_of(which, values, 5);
        if (slot_view == NULL)
            goto done;
        PyList_SET_ITEM(spells, k, slot_view);
    }

    /* The spell whose target is being chosen (`spells.target_slot` of the top decision). */
    PyObject *pending = Py_None, *actor = field[F_TURN];
    PyObject *stack = field[F_DECISIONS];
    if (!PyList_Check(stack)) {
        PyErr_SetString(PyExc_TypeError, "the decisions are not a list");
        goto done;
    }
    if (PyList_GET_SIZE(stack) > 0) {
        PyObject *top = PyList_GET_ITEM(stack, PyList_GET_SIZE(stack) - 1);
        if (!PyTuple_Check(top) || PyTuple_GET_SIZE(top) != 3) {
            PyErr_SetString(PyExc_TypeError, "a decision is not a Frame");
            goto done;
        }
        actor = PyTuple_GET_ITEM(top, 1);
        PyObject *frame_args = PyTuple_GET_ITEM(top, 2);
        if (!PyTuple_Check(frame_args) || PyTuple_GET_SIZE(frame_args) != 1
            || !PyLong_CheckExact(PyTuple_GET_ITEM(frame_args, 0))) {
            PyErr_SetString(PyExc_TypeError, "a decision's args are not (slot,)");
            goto done;
        }
        PyObject *slot = PyTuple_GET_ITEM(frame_args, 0);
        long k = python_index(slot, slot_count, "a pending slot");
        CHECK(k);
        long id = python_index(AT(F_SLOTS, k), num_spell_ids, "a spell id");
        CHECK(id);
        static const int which[] = {K_SLOT, K_SPELL};
        PyObject *values[] = {Py_NewRef(slot), Py_NewRef(PyTuple_GET_ITEM(view_spell_keys, id))};
        pending = dict_of(which, values, 2);
        if (pending == NULL)
            goto done;
    } else {
        Py_INCREF(pending);
    }
    /* `BossQuestState.actors`: none once over, else the top decision's seat, else whose
     * turn it is. */
    int over = PyObject_RichCompareBool(field[F_PHASE], view_over, Py_EQ);
    PyObject *to_act = over < 0 ? NULL : over ? PyList_New(0) : PyList_New(1);
    if (to_act != NULL && !over)
        PyList_SET_ITEM(to_act, 0, Py_NewRef(actor));
    /* The deck's top card, to the seats that know it (`views.knows`: a spectator, when
     * everybody does). */
    PyObject *deck_top = Py_None, *deck = field[F_WEAPON_DECK];
    Py_ssize_t deck_size = PySequence_Fast_GET_SIZE(deck);
    long top_known = as_long(field[F_TOP_KNOWN]);
    int knows_top = seat >= 0 ? (int)(top_known >> seat & 1) : top_known == (1L << n) - 1;
    if (top_known == -1 && PyErr_Occurred())
        deck_top = NULL;
    else if (deck_size > 0 && knows_top)
        deck_top = weapon_dict(PySequence_Fast_GET_ITEM(deck, deck_size - 1), &(long){0});
    else
        Py_INCREF(deck_top);
    PyObject *discard = field[F_SPELL_DISCARD];
    Py_ssize_t discards = PySequence_Fast_GET_SIZE(discard);
    PyObject *discard_keys = PyList_New(discards);
    for (Py_ssize_t i = 0; discard_keys != NULL && i < discards; i++) {
        long id = python_index(PySequence_Fast_GET_ITEM(discard, i), num_spell_ids, "a spell id");
        if (id < 0)
            Py_CLEAR(discard_keys);
        else
            PyList_SET_ITEM(discard_keys, i, Py_NewRef(PyTuple_GET_ITEM(view_spell_keys, id)));
    }
    static const int boss_which[] = {K_BASE_HP, K_HP};
    PyObject *boss_values[] = {Py_NewRef(PyTuple_GET_ITEM(view_boss_hp, boss)), PyLong_FromLong(hp)};
    PyObject *key_target = PyObject_GetItem(field[F_OPTIONS], key_target_key);
    static const int which[] = {
        K_GAME, K_SEAT, K_PLAYERS, K_ROUND, K_PHASE, K_TO_ACT, K_ARMORER, K_KEY_TARGET, K_BOSS,
        K_BOSSES_IN_DECK, K_WEAPON_DECK, K_DECK_TOP, K_SPELLS, K_SPELL_DISCARD, K_PENDING,
        K_LAST_CALL, K_LAST_EQUIP_DONE, K_SEATS, K_WINNERS, K_LOSERS,
    };
    PyObject *values[] = {
        PyObject_GetAttr(state, game_id_name),
        Py_NewRef(seat_arg),
        Py_NewRef(field[F_NUM_PLAYERS]),
        Py_NewRef(field[F_ROUND]),
        Py_NewRef(field[F_PHASE]),
        to_act,
        Py_NewRef(field[F_ARMORER]),
        key_target,
        dict_of(boss_which, boss_values, 2),
        PyLong_FromSsize_t(PySequence_Fast_GET_SIZE(field[F_BOSS_DECK])),
        PyLong_FromSsize_t(deck_size),
        deck_top,
        spells,
        discard_keys,
        pending,
        PySequence_List(field[F_LAST_CALL_QUEUE]),
        Py_NewRef(field[F_LAST_EQUIP_DONE]),
        players,
        PySequence_List(field[F_WINNERS]),
        PySequence_List(field[F_LOSERS]),
    };
    spells = players = NULL;  /* taken by `values` */
    result = dict_of(which, values, 20);
done:
    Py_XDECREF(players);
    Py_XDECREF(spells);
    for (int i = 0; i < F_COUNT; i++)
        Py_XDECREF(field[i]);
    return result;
}

/* configure_view(colour_names, weapon_values, spell_keys, effects, amounts, boss_hp, over,
 * active): per weapon id its colour's name and its value, per spell id its key, what it
 * changes when active (0: nothing, 1: an attack, 2: the boss's HP) and by how much, per
 * boss its printed HP, `Phase.OVER` and `SlotStatus.ACTIVE`. */
static PyObject *configure_view(PyObject *module, PyObject *args) {
    PyObject *names_tuple, *values_tuple, *keys_tuple, *effects_tuple, *amounts_tuple,
        *bosses_tuple, *over, *active;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!OO", &PyTuple_Type, &names_tuple, &PyTuple_Type,
                          &values_tuple, &PyTuple_Type, &keys_tuple, &PyTuple_Type,
                          &effects_tuple, &PyTuple_Type, &amounts_tuple, &PyTuple_Type,
                          &bosses_tuple, &over, &active))
        return NULL;
    long values_of[MOST_WEAPONS], bosses_of[MOST_BOSSES], effects_of[MOST_SPELLS],
        amounts_of[MOST_SPELLS];
    long weapons, bosses, spells, spells_amounts;
    if (read_table(values_tuple, values_of, MOST_WEAPONS, &weapons, "weapon values") < 0
        || read_table(bosses_tuple, bosses_of, MOST_BOSSES, &bosses, "boss HP") < 0
        || read_table(effects_tuple, effects_of, MOST_SPELLS, &spells, "spell effects") < 0
        || read_table(amounts_tuple, amounts_of, MOST_SPELLS, &spells_amounts, "amounts") < 0)
        return NULL;
    if (PyTuple_GET_SIZE(names_tuple) != weapons || PyTuple_GET_SIZE(keys_tuple) != spells
        || spells_amounts != spells) {
        PyErr_SetString(PyExc_ValueError, "one entry per weapon id and per spell id");
        return NULL;
    }
    memcpy(view_weapon_value, values_of, sizeof(long) * (size_t)weapons);
    memcpy(view_boss_hp_of, bosses_of, sizeof(long) * (size_t)bosses);
    memcpy(spell_effect, effects_of, sizeof(long) * (size_t)spells);
    memcpy(spell_amount, amounts_of, sizeof(long) * (size_t)spells);
    for (long w = 0; w < MOST_WEAPONS; w++)
        Py_CLEAR(weapon_views[w]);
    Py_XSETREF(colour_names, Py_NewRef(names_tuple));
    Py_XSETREF(weapon_values, Py_NewRef(values_tuple));
    Py_XSETREF(view_spell_keys, Py_NewRef(keys_tuple));
    Py_XSETREF(view_boss_hp, Py_NewRef(bosses_tuple));
    Py_XSETREF(view_over, Py_NewRef(over));
    Py_XSETREF(view_active, Py_NewRef(active));
    view_configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"encode_state", (PyCFunction)(void (*)(void))encode_state, METH_FASTCALL,
     "encode_state(state, seat, values)\n--\n\n"
     "Write `encode(view(seat))` into `values` (zeros, as long as the observation)."},
    {"configure", configure, METH_VARARGS,
     "Hand over the pieces' layout per player count, the vocabularies and the tables."},
    {"view", (PyCFunction)(void (*)(void))view, METH_FASTCALL,
     "view(state, seat)\n--\n\nExactly what `seat` may know (None: a spectator)."},
    {"configure_view", configure_view, METH_VARARGS,
     "Hand over the tables of the weapons, the spells and the bosses for `view`."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_observe",
    "Boss Quest's observation encoder and view in C (see observation.py, views.py).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__observe(void) {
    for (int i = 0; i < F_COUNT; i++)
        if ((names[i] = PyUnicode_InternFromString(field_names[i])) == NULL)
            return NULL;
    if ((key_target_key = PyUnicode_InternFromString("key_target")) == NULL
        || (check_seat_name = PyUnicode_InternFromString("check_seat")) == NULL
        || (game_id_name = PyUnicode_InternFromString("game_id")) == NULL)
        return NULL;
    for (int i = 0; i < K_COUNT; i++)
        if ((keys[i] = PyUnicode_InternFromString(key_names[i])) == NULL)
            return NULL;
    return PyModule_Create(&module);
}
