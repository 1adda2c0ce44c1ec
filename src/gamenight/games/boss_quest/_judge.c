/* The heuristic bot (`bots.py`): its whole decision in C.
 *
 * `seat_decision(state, seat, legal)` reads what a seat sees of the state (`view_decision`
 * of its view) into C structs, the `Table` of `bots.read_table` and the numbers of
 * `bots.Judge`, and values the choices there: the bot's value of a round position
 * (`Judge._value`) from every seat's part of the battle (`Judge._seat_forecast`), its own
 * attack over a range and the draws by optimal stopping over it (`stopping`), every visit
 * to the Mage, a spell's targets. It does the floating-point operations of the Python code
 * in the same order (doubles, built without fused multiply-adds), so the bot's choices,
 * and so its games, stay the same with or without this module. A Python dict's insertion
 * order decides the order of several sums: `Dist` keeps it. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#ifndef Py_T_OBJECT_EX /* before 3.12 */
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#define Py_READONLY READONLY
#endif
#include "../../kernel/_state_fields.h"
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <string.h>

/* ----- Python's sum() over floats ---------------------------------------------------------
 * Plain additions before 3.12; since 3.12, Neumaier's compensated sum. */

typedef struct {
    double total, compensation;
} Sum;

static inline void sum_add(Sum *sum, double x) {
#if PY_VERSION_HEX >= 0x030C0000
    double t = sum->total + x;
    if (fabs(sum->total) >= fabs(x))
        sum->compensation += (sum->total - t) + x;
    else
        sum->compensation += (x - t) + sum->total;
    sum->total = t;
#else
    sum->total += x;
#endif
}

static inline double sum_result(const Sum *sum) {
#if PY_VERSION_HEX >= 0x030C0000
    if (sum->compensation != 0.0 && isfinite(sum->compensation))
        return sum->total + sum->compensation;
#endif
    return sum->total;
}

/* ----- a dict {attack: probability} in insertion order ------------------------------------ */

typedef struct {
    double *prob;  /* by attack, valid where `present` */
    char *present;
    int *order;    /* the attacks held, in the order they were first added */
    int size;
} Dist;

/* `dist[attack] = dist.get(attack, 0.0) + p` */
static inline void dist_add(Dist *dist, int attack, double p) {
    if (dist->present[attack]) {
        dist->prob[attack] += p;
    } else {
        dist->present[attack] = 1;
        dist->prob[attack] = 0.0 + p;
        dist->order[dist->size++] = attack;
    }
}

static inline void dist_clear(Dist *dist) {
    for (int i = 0; i < dist->size; i++) dist->present[dist->order[i]] = 0;
    dist->size = 0;
}

/* Room for attacks 0..capacity-1; freed with dist_free. */
static int dist_alloc(Dist *dist, int capacity) {
    dist->prob = PyMem_Calloc((size_t)capacity, sizeof(double));
    dist->present = PyMem_Calloc((size_t)capacity, 1);
    dist->order = PyMem_Calloc((size_t)capacity, sizeof(int));
    dist->size = 0;
    if (!dist->prob || !dist->present || !dist->order) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void dist_free(Dist *dist) {
    PyMem_Free(dist->prob);
    PyMem_Free(dist->present);
    PyMem_Free(dist->order);
}

/* A distribution's room on the caller's stack, for attacks below DIST_ROOM: a forecast's
 * working distributions are small, and only `present` is read before it is written. */
#define DIST_ROOM 256
typedef struct {
    double prob[DIST_ROOM];
    char present[DIST_ROOM];
    int order[DIST_ROOM];
} DistRoom;

static void dist_on(Dist *dist, DistRoom *room, int capacity) {
    dist->prob = room->prob;
    dist->present = room->present;
    dist->order = room->order;
    dist->size = 0;
    memset(room->present, 0, (size_t)capacity);
}

/* ----- Forecast: one seat's part of a battle ---------------------------------------------- */

typedef struct {
    PyObject_VAR_HEAD
    int hp;
    int count;      /* final attacks held */
    int *attacks;   /* final attack -> probability, in the dict's order */
    double *probs;
    double meet;    /* the chance of meeting every condition */
    double bust;    /* the chance of ending above the HP */
    double *above;  /* per attack 0..hp+1: ending in (x, hp] and meeting the conditions */
    double *tie;    /* ... ending at x and meeting them */
    double block[]; /* the four arrays (see `new_forecast`): one allocation with the object */
} Forecast;

static void forecast_dealloc(Forecast *self) {
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject ForecastType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gamenight.games.boss_quest._judge.Forecast",
    .tp_basicsize = offsetof(Forecast, block),
    .tp_itemsize = sizeof(double),
    .tp_dealloc = (destructor)forecast_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One seat's part of a battle (a decision's, shared by the positions it values).",
};

/* ----- Valuer: the Judge's numbers for one decision ------------------------------------- */

#define MAX_SEATS 16
#define UNSEEN_COLOUR (-1)
#define PAIR (-2)
#define MAX_COLOURS 64

typedef struct {
    int me, players;
    double *threat;        /* per seat: the weight of its keys against the bot */
    long *needs;           /* per seat: keys still missing to the key target */
    double game_win;       /* added to keys that reach the key target */
    double my_heart;       /* the cost of the bot's lost heart */
    double *rival_hearts;  /* per seat: what its lost heart is worth to the bot */
    int card_count;        /* the value distribution of an unknown card drawn */
    int *card_values;
    double *card_probs;
    int max_card;
    int stop_gap;          /* a drawing rival stops this close to the HP */
} Valuer;

/* Whether a hand with face-up `colours` and a hidden weapon of colour `hidden` meets every
 * condition (a colour index, or PAIR: two known weapons of one colour). */
static int meets_all(const long *colours, int count, long hidden, const long *conditions,
                     int condition_count) {
    for (int k = 0; k < condition_count; k++) {
        long condition = conditions[k];
        int met = 0;
        if (condition == PAIR) {
            long seen[MAX_COLOURS + 1];
            int known = 0;
            for (int i = 0; i <= count && !met; i++) {
                long colour = i < count ? colours[i] : hidden;
                if (colour == UNSEEN_COLOUR) continue;
                for (int j = 0; j < known && !met; j++) met = seen[j] == colour;
                seen[known++] = colour;
            }
        } else {
            met = condition == hidden;
            for (int i = 0; i < count && !met; i++) met = colours[i] == condition;
        }
        if (!met) return 0;
    }
    return 1;
}

/* `PyArg_ParseTuple(tuple, format, ...)` for a tuple of `format`'s items, read directly
 * when each is exactly what its code takes ('l', 'i': an int in range; 'd': a float; 'O':
 * anything): the bot's own tuples, read many times a decision. Anything else goes to
 * PyArg_ParseTuple, which reads it alike or says what is wrong. 1, or 0 with an exception. */
static int parse_items(PyObject *tuple, const char *format, ...) {
    Py_ssize_t count = (Py_ssize_t)strlen(format);
    va_list items;
    int direct = PyTuple_CheckExact(tuple) && PyTuple_GET_SIZE(tuple) == count;
    for (Py_ssize_t i = 0; direct && i < count; i++) {
        PyObject *item = PyTuple_GET_ITEM(tuple, i);
        direct = format[i] == 'O' || (format[i] == 'd' ? PyFloat_CheckExact(item)
                                                         : PyLong_CheckExact(item));
    }
    if (direct) {
        va_start(items, format);
        for (Py_ssize_t i = 0; direct && i < count; i++) {
            PyObject *item = PyTuple_GET_ITEM(tuple, i);
            if (format[i] == 'O') {
                *va_arg(items, PyObject **) = item;
            } else if (format[i] == 'd') {
                *va_arg(items, double *) = PyFloat_AS_DOUBLE(item);
            } else {
                int overflow;
                long value = PyLong_AsLongAndOverflow(item, &overflow);
                if (overflow || (format[i] == 'i' && (value < INT_MIN || value > INT_MAX)))
                    direct = 0;  /* out of range: PyArg_ParseTuple's message */
                else if (format[i] == 'i')
                    *va_arg(items, int *) = (int)value;
                else
                    *va_arg(items, long *) = value;
            }
        }
        va_end(items);
        if (direct) return 1;
    }
    va_start(items, format);
    int parsed = PyArg_VaParse(tuple, format, items);
    va_end(items);
    return parsed;
}

/* `Judge._seat_forecast`: a seat's final attack, from its hand (face-up total `shown` and
 * `colours`, the hidden weapon one of `hidden`: (value, colour, probability)) moved by
 * `shift`, then up to `draws` cards drawn while it is more than the stop gap under the HP;
 * its chance of meeting `conditions`; per attack its chances of ending above it (at most
 * the HP) and at it, meeting them; its chance of ending above the HP. */
/* A hidden weapon's possible kind and its probability. */
typedef struct {
    long value, colour;
    double p;
} Kind;

/* A new Forecast for `hp` with room for `count` final attacks, everything zeroed; NULL with
 * an exception. */
static Forecast *new_forecast(long hp, int count) {
    int rows = hp + 2 > 0 ? (int)hp + 2 : 0;
    /* probs, above, tie (doubles), then attacks (ints, counted in doubles' room) */
    size_t doubles = (size_t)count + 1 + 2 * ((size_t)rows + 1);
    size_t room = doubles + ((size_t)count + 1 + 1) / 2;
    Forecast *result = PyObject_NewVar(Forecast, &ForecastType, (Py_ssize_t)room);
    if (!result) return NULL;
    memset(result->block, 0, sizeof(double) * room);
    result->hp = (int)hp;
    result->count = count;
    result->meet = result->bust = 0.0;
    result->probs = result->block;
    result->above = result->probs + count + 1;
    result->tie = result->above + rows + 1;
    result->attacks = (int *)(result->probs + doubles);
    return result;
}

/* `meet_probability`: the chance that a hand (face-up `colours`, the hidden weapon one of
 * `hidden`) meets every condition. */
static double meet_chance(const Kind *hidden, int hidden_count, const long *colours,
                          int colour_count, const long *conditions, int condition_count) {
    if (!condition_count) return 1.0;
    double total = 0.0;
    for (int i = 0; i < hidden_count; i++)
        if (meets_all(colours, colour_count, hidden[i].colour, conditions, condition_count))
            total += hidden[i].p;
    return total;
}

/* A forecast's `meet` and, from its final attacks (the rest still zero), its `tie` and
 * `above` rows: `_above_and_tie`, step by step (its slices give these floats; an attack
 * `final` lacks ties with 0.0, as the zeroed row holds). */
static void finish_forecast(Forecast *forecast, double meet) {
    forecast->meet = meet;
    for (int i = 0; i < forecast->count; i++)
        if (forecast->attacks[i] <= forecast->hp)
            forecast->tie[forecast->attacks[i]] = meet * forecast->probs[i];
    for (long x = forecast->hp; x >= 0; x--)
        forecast->above[x] = forecast->above[x + 1] + forecast->tie[x + 1];
}

/* A copy of `base` (its final attacks and bust) for a battle under other conditions: a
 * rival's drawing depends on its attack alone, the conditions only on what it holds. */
static Forecast *forecast_with_meet(const Forecast *base, double meet) {
    Forecast *result = new_forecast(base->hp, base->count);
    if (!result) return NULL;
    memcpy(result->attacks, base->attacks, sizeof(int) * (size_t)base->count);
    memcpy(result->probs, base->probs, sizeof(double) * (size_t)base->count);
    result->bust = base->bust;
    finish_forecast(result, meet);
    return result;
}

/* `make_forecast` from C arrays. */
static Forecast *forecast_of(Valuer *self, const Kind *hidden, int hidden_count,
                             const long *colours, int colour_count, long shown, long shift,
                             long draws, long hp, const long *conditions, int condition_count) {
    if (draws < 0 || hp > 100000 || draws > 1000) {
        PyErr_SetString(PyExc_ValueError, "forecast: 0 or more draws, an HP of a round");
        return NULL;
    }
    Forecast *result = NULL;
    Dist final = {0}, frontier = {0}, drawing = {0};
    DistRoom rooms[3];
    int on_stack = 0;
    long highest = 0;  /* the highest attack the hand can end at */
    for (int i = 0; i < hidden_count; i++) {
        long attack = shown + hidden[i].value + shift;
        if (attack > highest) highest = attack;
    }
    /* Attacks index the distributions: bounded so that no size can overflow. */
    long long reach = (long long)highest + (long long)draws * self->max_card + 1;
    if (highest > 100000 || reach > 10000000) {
        PyErr_SetString(PyExc_ValueError, "forecast: an attack out of range");
        goto done;
    }
    int capacity = (int)reach;
    on_stack = capacity <= DIST_ROOM;
    /* With no draws, only the first distribution is filled (it becomes the final one). */
    if (on_stack) {
        dist_on(&frontier, &rooms[1], capacity);
        if (draws) {
            dist_on(&final, &rooms[0], capacity);
            dist_on(&drawing, &rooms[2], capacity);
        }
    } else if (dist_alloc(&frontier, capacity) < 0 ||
               (draws && (dist_alloc(&final, capacity) < 0 ||
                          dist_alloc(&drawing, capacity) < 0))) {
        goto done;
    }

    /* attack_distribution */
    for (int i = 0; i < hidden_count; i++) {
        long attack = shown + hidden[i].value + shift;
        dist_add(&frontier, attack > 0 ? (int)attack : 0, hidden[i].p);
    }
    if (draws) {  /* Judge._forecast */
        for (long step = 0; step < draws; step++) {
            dist_clear(&drawing);
            for (int i = 0; i < frontier.size; i++) {
                int attack = frontier.order[i];
                double p = frontier.prob[attack];
                if (attack >= hp - self->stop_gap || !self->card_count) {
                    dist_add(&final, attack, p);
                    continue;
                }
                for (int c = 0; c < self->card_count; c++)
                    dist_add(&drawing, attack + self->card_values[c], p * self->card_probs[c]);
            }
            Dist swap = frontier;
            frontier = drawing;
            drawing = swap;
        }
        for (int i = 0; i < frontier.size; i++)
            dist_add(&final, frontier.order[i], frontier.prob[frontier.order[i]]);
    } else {
        Dist swap = final;
        final = frontier;
        frontier = swap;
    }

    result = new_forecast(hp, final.size);
    if (!result) goto done;
    Sum bust = {0.0, 0.0};
    for (int i = 0; i < final.size; i++) {
        int attack = final.order[i];
        result->attacks[i] = attack;
        result->probs[i] = final.prob[attack];
        if (attack > hp) sum_add(&bust, final.prob[attack]);
    }
    result->bust = sum_result(&bust);
    finish_forecast(result, meet_chance(hidden, hidden_count, colours, colour_count, conditions,
                                        condition_count));

done:
    if (!on_stack) {
        dist_free(&final);
        dist_free(&frontier);
        dist_free(&drawing);
    }
    return result;
}

/* `Judge._worth`: keys won, plus the game if they reach the key target. */
static inline double worth(const Valuer *self, int seat, long keys) {
    if (keys && keys >= self->needs[seat]) return (double)keys + self->game_win;
    return (double)keys;
}

/* `Judge._expected_keys` */
static double expected_keys(const Valuer *self, int seat, Forecast **seats, const long *cards,
                            long hp, long bonus, int runner_up) {
    const Forecast *mine = seats[seat];
    if (mine->meet == 0.0) return 0.0;
    double below_won = worth(self, seat, 1 + bonus), below_lost = worth(self, seat, 0);
    double perfect_won = worth(self, seat, 2 + bonus), perfect_lost = worth(self, seat, 1);
    double total = 0.0;
    for (int i = 0; i < mine->count; i++) {
        int x = mine->attacks[i];
        if (x > hp) continue;
        double win;
        if (runner_up) {  /* _exactly_one: one rival ends above */
            win = 0.0;
            for (int r = 0; r < self->players; r++) {
                if (r == seat) continue;
                double rest = seats[r]->above[x];
                for (int q = 0; q < self->players; q++)
                    if (q != seat && q != r) rest *= 1.0 - seats[q]->above[x];
                win += rest;
            }
        } else {
            win = 1.0;
            for (int r = 0; r < self->players; r++) {
                if (r == seat) continue;
                if (cards[r] < cards[seat])
                    win *= 1.0 - seats[r]->above[x] - seats[r]->tie[x];
                else
                    win *= 1.0 - seats[r]->above[x];
            }
        }
        double won = x == hp ? perfect_won : below_won;
        double lost = x == hp ? perfect_lost : below_lost;
        total += mine->probs[i] * (win * won + (1.0 - win) * lost);
    }
    return mine->meet * total;
}

/* `Judge._value` from every seat's part, its weapon cards and the rules. */
static double round_value(const Valuer *self, Forecast **seats, const long *cards, long hp,
                          long bonus, int runner_up, int mercy) {
    int players = self->players, me = self->me;
    double keys[MAX_SEATS] = {0};
    for (int s = 0; s < players; s++)
        keys[s] = expected_keys(self, s, seats, cards, hp, bonus, runner_up);
    Sum threat = {0.0, 0.0};
    for (int r = 0; r < players; r++)
        if (r != me) sum_add(&threat, self->threat[r] * keys[r]);
    double value = keys[me] - sum_result(&threat);
    if (!mercy) {
        value -= seats[me]->bust * self->my_heart;
        Sum hearts = {0.0, 0.0};
        for (int r = 0; r < players; r++)
            if (r != me) sum_add(&hearts, seats[r]->bust * self->rival_hearts[r]);
        value += sum_result(&hearts);
    }
    return value;
}

/* ----- set by `configure_deciding` ---------------------------------------------------------
 * The action classes a decision sorts, the targets it chooses among, `_SPELL_TABLE`, and the
 * bot's tuning (and, set by `configure_reading`, how many cards a rival still equipping may
 * draw). */
static PyObject *equip_class, *visit_mage_class, *discard_class, *activate_class;
static PyObject *choose_player, *choose_spell, *choose_weapon;  /* the actions, by number */
static PyObject *deciding_spells;
static double denial_share, mystery_margin, tempo, spell_survives;
static double game_win, threat_share, threat_lead, heart, last_heart, rival_heart;
static double rival_falls_behind_me, rival_falls_ahead;
static int stop_gap;
static long most_value;  /* the highest value a card may have */
static long max_draws;

/* ----- the Mage: every visit valued in C ---------------------------------------------------
 * `HeuristicBot._visit_values` with `_uses`, `_exchanged`, `_denial`, `_blind_value` and the
 * positions they value, held in C structs: the same floats. */

/* Spell effects, as `bots._EFFECT_CODES` numbers them. */
enum { E_ATTACK, E_SWAP, E_EXCHANGE, E_BOSS_HP, E_REQUIRE_COLOUR, E_REQUIRE_PAIR, E_MERCY,
       E_CANCEL, E_BONUS_KEY, E_RUNNER_UP, E_LAST_CALL, EFFECTS };

#define MAX_HAND 16     /* face-up weapons in a hand */
#define MAX_SPELLS 16   /* spells in play */
#define MAX_KEYS 64     /* distinct spell keys a decision asks about */

typedef struct {
    int effect;
    long amount, colour;
} SpellInfo;

typedef struct {
    long shown, cards;
    int colour_count, hidden_count;
    long colours[MAX_HAND];
    const Kind *hidden;
} SeatHand;

typedef struct {
    long slot, target;
    SpellInfo info;
} InPlay;

typedef struct {
    long base_hp, rival_draws;
    int spell_count;
    InPlay spells[MAX_SPELLS];
    SeatHand hands[MAX_SEATS];
    char settled[MAX_SEATS];
} Imagined;

/* A seat's part, kept by what it depends on (`Judge._seats`' key). */
typedef struct {
    unsigned long long hash;
    unsigned long long attack_hash;  /* of the fields from `shown` to `hidden_count` */
    long shown, shift, draws, hp;
    const Kind *hidden;
    long hidden_count, colour_count, condition_count;
    long colours[MAX_HAND], conditions[MAX_SPELLS];
} PartKey;

typedef struct {
    PartKey key;
    Forecast *forecast;
    int next;  /* the part made before it with the same `attack_hash`, or -1 */
} Part;

typedef struct {
    Valuer *valuer;
    Part *parts;
    int part_count, part_room;
    /* By `attack_hash` (open addressing, `part_room` * 2 slots): the latest part with it,
     * plus one (0: an empty slot); the others follow its `next`. */
    int *part_index;
    PyObject *keys[MAX_KEYS];    /* each spell key asked about and its uses' values */
    double *worths[MAX_KEYS];
    int worth_counts[MAX_KEYS], key_count;
} Mage;

static void mage_free(Mage *mage) {
    for (int i = 0; i < mage->part_count; i++) Py_DECREF(mage->parts[i].forecast);
    PyMem_Free(mage->parts);
    PyMem_Free(mage->part_index);
    for (int i = 0; i < mage->key_count; i++) PyMem_Free(mage->worths[i]);
}

/* A spell's effect, amount and colour from `_SPELL_TABLE`; -1 with an exception. */
static int spell_info(PyObject *key, SpellInfo *info) {
    PyObject *row = PyDict_GetItemWithError(deciding_spells, key);
    if (!row) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_KeyError, "no spell %R", key);
        return -1;
    }
    if (!parse_items(row, "ill", &info->effect, &info->amount, &info->colour)) return -1;
    if (info->effect < 0 || info->effect >= EFFECTS) {
        PyErr_Format(PyExc_ValueError, "spell %R has no known effect", key);
        return -1;
    }
    return 0;
}

/* FNV-1a over whole words: a part's key is a handful of longs, hashed once per seat of
 * every position valued (a byte at a time cost more than the lookup it serves). */
static inline unsigned long long mix_word(unsigned long long hash, unsigned long long word) {
    return (hash ^ word) * 1099511628211ULL;
}

static unsigned long long mix_longs(unsigned long long hash, const long *words, long count) {
    for (long i = 0; i < count; i++) hash = mix_word(hash, (unsigned long long)words[i]);
    return hash;
}

/* The slot of `part_index` for `attack_hash`: the one holding the parts with it, or the
 * empty one where they would go. The product's high bits pick it (FNV's low bits mix only
 * the words' low bits). */
static size_t part_slot(const Mage *mage, unsigned long long attack_hash) {
    size_t mask = 2 * (size_t)mage->part_room - 1;
    size_t at = (size_t)((attack_hash * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
    while (mage->part_index[at] &&
           mage->parts[mage->part_index[at] - 1].key.attack_hash != attack_hash)
        at = (at + 1) & mask;
    return at;
}

/* The seat's part of a battle, made once per key (a new reference is not returned: the
 * Mage keeps it); NULL with an exception. */
static Forecast *mage_part(Mage *mage, const SeatHand *hand, long shift, long draws, long hp,
                           const long *conditions, int condition_count) {
    PartKey key;  /* only the colours and conditions counted are set, hashed and compared */
    key.shown = hand->shown;
    key.shift = shift;
    key.draws = draws;
    key.hp = hp;
    key.hidden = hand->hidden;
    key.hidden_count = hand->hidden_count;
    key.colour_count = hand->colour_count;
    key.condition_count = condition_count;
    memcpy(key.colours, hand->colours, sizeof(long) * (size_t)hand->colour_count);
    memcpy(key.conditions, conditions, sizeof(long) * (size_t)condition_count);
    size_t head = offsetof(PartKey, colours), colour_bytes = sizeof(long) * (size_t)hand->colour_count;
    size_t condition_bytes = sizeof(long) * (size_t)condition_count;
    /* The fields a seat's final attacks depend on, hashed first: a part under other
     * conditions (or face-up colours) lends its final attacks (see `forecast_with_meet`). */
    unsigned long long hash = 1469598103934665603ULL;
    hash = mix_word(hash, (unsigned long long)key.shown);
    hash = mix_word(hash, (unsigned long long)key.shift);
    hash = mix_word(hash, (unsigned long long)key.draws);
    hash = mix_word(hash, (unsigned long long)key.hp);
    hash = mix_word(hash, (unsigned long long)(uintptr_t)key.hidden);
    key.attack_hash = hash = mix_word(hash, (unsigned long long)key.hidden_count);
    hash = mix_word(hash, (unsigned long long)key.colour_count);
    hash = mix_word(hash, (unsigned long long)key.condition_count);
    hash = mix_longs(hash, key.colours, key.colour_count);
    key.hash = mix_longs(hash, key.conditions, key.condition_count);
    size_t attack_from = offsetof(PartKey, shown);
    size_t attack_bytes = offsetof(PartKey, colour_count) - attack_from;
    const Forecast *same_attacks = NULL;
    size_t slot = 0;
    if (mage->part_index) {
        slot = part_slot(mage, key.attack_hash);
        for (int i = mage->part_index[slot] - 1; i >= 0; i = mage->parts[i].next) {
            const PartKey *kept = &mage->parts[i].key;
            if (kept->hash == key.hash && !memcmp(kept, &key, head) &&
                !memcmp(kept->colours, key.colours, colour_bytes) &&
                !memcmp(kept->conditions, key.conditions, condition_bytes))
                return mage->parts[i].forecast;
            if (!same_attacks &&
                !memcmp((const char *)kept + attack_from, (const char *)&key + attack_from,
                        attack_bytes))
                same_attacks = mage->parts[i].forecast;
        }
    }
    Forecast *made;
    if (same_attacks)
        made = forecast_with_meet(same_attacks,
                                  meet_chance(hand->hidden, hand->hidden_count, hand->colours,
                                              hand->colour_count, conditions, condition_count));
    else
        made = forecast_of(mage->valuer, hand->hidden, hand->hidden_count, hand->colours,
                           hand->colour_count, hand->shown, shift, draws, hp, conditions,
                           condition_count);
    if (!made) return NULL;
    if (mage->part_count == mage->part_room) {
        int room = mage->part_room ? 2 * mage->part_room : 64;
        Part *grown = PyMem_Realloc(mage->parts, sizeof(Part) * (size_t)room);
        int *index = grown ? PyMem_Calloc(2 * (size_t)room, sizeof(int)) : NULL;
        if (!index) {
            if (grown) mage->parts = grown;
            Py_DECREF(made);
            PyErr_NoMemory();
            return NULL;
        }
        PyMem_Free(mage->part_index);
        mage->parts = grown;
        mage->part_room = room;
        mage->part_index = index;
        for (int i = 0; i < mage->part_count; i++) {  /* in order: each chain latest first */
            size_t at = part_slot(mage, mage->parts[i].key.attack_hash);
            mage->parts[i].next = mage->part_index[at] - 1;
            mage->part_index[at] = i + 1;
        }
        slot = part_slot(mage, key.attack_hash);
    }
    mage->parts[mage->part_count].next = mage->part_index[slot] - 1;
    mage->part_index[slot] = mage->part_count + 1;
    mage->parts[mage->part_count].key = key;
    mage->parts[mage->part_count++].forecast = made;
    return made;
}

/* The HP of a position (`Position.hp`). */
static long imagined_hp(const Imagined *position) {
    long hp = position->base_hp;
    for (int i = 0; i < position->spell_count; i++)
        if (position->spells[i].info.effect == E_BOSS_HP) hp += position->spells[i].info.amount;
    return hp;
}

/* What a position's spells make of the battle (`Rules.of`), and each seat's draws. */
typedef struct {
    long hp, bonus, shifts[MAX_SEATS], draws[MAX_SEATS], conditions[MAX_SPELLS];
    int condition_count, runner_up, mercy;
} ImaginedRules;

/* `position`'s rules into `rules`: 0, or -1 with an exception. */
static int imagined_rules(const Mage *mage, const Imagined *position, ImaginedRules *rules) {
    const Valuer *valuer = mage->valuer;
    int players = valuer->players;
    memset(rules, 0, sizeof *rules);
    rules->hp = position->base_hp;
    for (int i = 0; i < position->spell_count; i++) {
        const InPlay *spell = &position->spells[i];
        if (spell->target >= players) {
            PyErr_SetString(PyExc_ValueError, "decide: a spell's target is no seat");
            return -1;
        }
        if (spell->target >= 0) rules->shifts[spell->target] += spell->info.amount;
        switch (spell->info.effect) {
        case E_BOSS_HP: rules->hp += spell->info.amount; break;
        case E_REQUIRE_COLOUR:
            rules->conditions[rules->condition_count++] = spell->info.colour;
            break;
        case E_REQUIRE_PAIR: rules->conditions[rules->condition_count++] = PAIR; break;
        case E_BONUS_KEY: rules->bonus++; break;
        case E_RUNNER_UP: rules->runner_up = 1; break;
        case E_MERCY: rules->mercy = 1; break;
        }
    }
    for (int s = 0; s < players; s++)
        rules->draws[s] = s == valuer->me || position->settled[s] ? 0 : position->rival_draws;
    return 0;
}

/* Every seat's part of `position` (borrowed: the Mage keeps them) into `seats`. */
static int imagined_parts(Mage *mage, const Imagined *position, const ImaginedRules *rules,
                          Forecast **seats) {
    for (int s = 0; s < mage->valuer->players; s++) {
        seats[s] = mage_part(mage, &position->hands[s], rules->shifts[s], rules->draws[s],
                             rules->hp, rules->conditions, rules->condition_count);
        if (!seats[s]) return -1;
    }
    return 0;
}

/* `Judge.value` of a position: its rules (`Rules.of`), every seat's part, the round's
 * value. 0, or -1 with an exception. */
static int imagined_value(Mage *mage, const Imagined *position, double *value) {
    Valuer *valuer = mage->valuer;
    ImaginedRules rules;
    Forecast *seats[MAX_SEATS];
    long cards[MAX_SEATS];
    if (imagined_rules(mage, position, &rules) < 0 ||
        imagined_parts(mage, position, &rules, seats) < 0)
        return -1;
    for (int s = 0; s < valuer->players; s++) cards[s] = position->hands[s].cards;
    *value = round_value(valuer, seats, cards, rules.hp, rules.bonus, rules.runner_up,
                         rules.mercy);
    return 0;
}

/* `imagined_value` of `position` with the bot's face-up total moved by each of `moves`
 * (`count` of them) into `out` (`moved_values` over a Mage's position): the rivals' parts
 * kept by the Mage, the bot's made for each move. 0, or -1 with an exception. */
static int mage_moved_values(Mage *mage, const Imagined *position, const long *moves,
                             Py_ssize_t count, double *out) {
    Valuer *valuer = mage->valuer;
    int me = valuer->me;
    ImaginedRules rules;
    Forecast *seats[MAX_SEATS];
    long cards[MAX_SEATS];
    if (imagined_rules(mage, position, &rules) < 0 ||
        imagined_parts(mage, position, &rules, seats) < 0)
        return -1;
    for (int s = 0; s < valuer->players; s++) cards[s] = position->hands[s].cards;
    const SeatHand *hand = &position->hands[me];
    /* Past the HP with every hidden weapon, one value for all such moves (`moved_values`). */
    double past_hp = 0.0;
    int past_hp_known = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        int past = hand->hidden_count > 0;
        for (int k = 0; past && k < hand->hidden_count; k++)
            past = hand->shown + moves[i] + hand->hidden[k].value + rules.shifts[me] > rules.hp;
        if (past && past_hp_known) {
            out[i] = past_hp;
            continue;
        }
        Forecast *mine = forecast_of(valuer, hand->hidden, hand->hidden_count, hand->colours,
                                     hand->colour_count, hand->shown + moves[i],
                                     rules.shifts[me], 0, rules.hp, rules.conditions,
                                     rules.condition_count);
        if (!mine) return -1;
        seats[me] = mine;
        out[i] = round_value(valuer, seats, cards, rules.hp, rules.bonus, rules.runner_up,
                             rules.mercy);
        Py_DECREF(mine);
        if (past) {
            past_hp = out[i];
            past_hp_known = 1;
        }
    }
    return 0;
}

/* What the Mage knows of the bot beyond the settled position. */
typedef struct {
    Imagined settled;
    long my_weapons[MAX_HAND + 1][3];  /* (id, value, colour), the hidden one first */
    int weapon_count;
    const Kind *fresh;  /* the hidden weapon an Exchange of it brings (any unseen one) */
    int fresh_count;
    long weapons_in_deck;
} Visit;

/* The values of every use of spell `key` (`_uses`, each one's `Judge.expected`), kept by
 * key; the count, or -1 with an exception. */
static int worths(Mage *mage, const Visit *visit, PyObject *key, const double **out) {
    for (int i = 0; i < mage->key_count; i++)
        if (mage->keys[i] == key) {
            *out = mage->worths[i];
            return mage->worth_counts[i];
        }
    if (mage->key_count == MAX_KEYS) {
        PyErr_SetString(PyExc_ValueError, "decide: too many spell keys");
        return -1;
    }
    SpellInfo info;
    if (spell_info(key, &info) < 0) return -1;
    int players = mage->valuer->players, me = mage->valuer->me, count = 0;
    const Imagined *settled = &visit->settled;
    double *values = PyMem_Calloc((size_t)(players + MAX_SPELLS + MAX_HAND + 2), sizeof(double));
    if (!values) {
        PyErr_NoMemory();
        return -1;
    }
    Imagined room;  /* each use's position, made in turn (a heap block cost more) */
    Imagined *position = &room;
    int failed = 0;

#define VALUE_ONE(pos)                                                    \
    do {                                                                  \
        double value_;                                                    \
        if (imagined_value(mage, (pos), &value_) < 0) failed = 1;         \
        else {                                                            \
            Sum expected_ = {0.0, 0.0};                                   \
            sum_add(&expected_, 1.0 * value_);                            \
            values[count++] = sum_result(&expected_);                     \
        }                                                                 \
    } while (0)

    int fizzles = 0;
    if (info.effect == E_ATTACK) {
        for (int s = 0; s < players && !failed; s++) {
            *position = *settled;
            if (position->spell_count == MAX_SPELLS) {
                PyErr_SetString(PyExc_ValueError, "decide: too many spells");
                failed = 1;
                break;
            }
            position->spells[position->spell_count++] = (InPlay){-1, s, info};
            VALUE_ONE(position);
        }
    } else if (info.effect == E_SWAP) {
        for (int s = 0; s < players && !failed; s++) {
            if (s == me) continue;
            *position = *settled;
            position->hands[me].hidden = settled->hands[s].hidden;
            position->hands[me].hidden_count = settled->hands[s].hidden_count;
            position->hands[s].hidden = settled->hands[me].hidden;
            position->hands[s].hidden_count = settled->hands[me].hidden_count;
            VALUE_ONE(position);
        }
    } else if (info.effect == E_CANCEL) {
        for (int i = 0; i < settled->spell_count && !failed; i++) {
            int target_effect = settled->spells[i].info.effect;
            if (target_effect == E_SWAP || target_effect == E_EXCHANGE) continue;
            long slot = settled->spells[i].slot;
            *position = *settled;
            position->spell_count = 0;
            int last_call = 0;
            for (int j = 0; j < settled->spell_count; j++) {
                if (settled->spells[j].slot != slot)
                    position->spells[position->spell_count++] = settled->spells[j];
                else if (settled->spells[j].info.effect == E_LAST_CALL)
                    last_call = 1;
            }
            if (last_call) position->rival_draws = max_draws;
            VALUE_ONE(position);
        }
        fizzles = !count && !failed;
    } else if (info.effect == E_EXCHANGE) {
        fizzles = !visit->weapons_in_deck;
        for (int w = 0; w < visit->weapon_count && !fizzles && !failed; w++) {
            *position = *settled;
            SeatHand *hand = &position->hands[me];
            if (w == 0) {  /* the hidden one: any unseen weapon comes instead */
                hand->hidden = visit->fresh;
                hand->hidden_count = visit->fresh_count;
                VALUE_ONE(position);
                continue;
            }
            long value = visit->my_weapons[w][1], colour = visit->my_weapons[w][2];
            int at = 0;
            while (at < hand->colour_count && hand->colours[at] != colour) at++;
            if (at == hand->colour_count) {
                PyErr_SetString(PyExc_ValueError, "decide: a face-up weapon's colour "
                                                  "is not in the hand");
                failed = 1;
                break;
            }
            memmove(&hand->colours[at], &hand->colours[at + 1],
                    sizeof(long) * (size_t)(hand->colour_count - at - 1));
            hand->colours[hand->colour_count - 1] = UNSEEN_COLOUR;
            long shown = settled->hands[me].shown - value;
            Sum expected = {0.0, 0.0};
            Valuer *valuer = mage->valuer;
            for (int c = 0; c < valuer->card_count && !failed; c++) {
                double outcome;
                hand->shown = shown + valuer->card_values[c];
                if (imagined_value(mage, position, &outcome) < 0) failed = 1;
                else sum_add(&expected, valuer->card_probs[c] * outcome);
            }
            if (!failed) values[count++] = sum_result(&expected);
        }
    } else if (info.effect == E_LAST_CALL) {
        *position = *settled;
        position->rival_draws = 1;
        VALUE_ONE(position);
    } else {
        *position = *settled;
        if (position->spell_count == MAX_SPELLS) {
            PyErr_SetString(PyExc_ValueError, "decide: too many spells");
            failed = 1;
        } else {
            position->spells[position->spell_count++] = (InPlay){-1, -1, info};
            VALUE_ONE(position);
        }
    }
    if (fizzles && !failed) VALUE_ONE(settled);
#undef VALUE_ONE
    if (failed) {
        PyMem_Free(values);
        return -1;
    }
    mage->keys[mage->key_count] = key;
    mage->worths[mage->key_count] = values;
    mage->worth_counts[mage->key_count++] = count;
    *out = values;
    return count;
}

static double most(const double *values, int count) {
    double best = values[0];
    for (int i = 1; i < count; i++)
        if (values[i] > best) best = values[i];
    return best;
}

static double least(const double *values, int count) {
    double worst = values[0];
    for (int i = 1; i < count; i++)
        if (values[i] < worst) worst = values[i];
    return worst;
}

/* What a visit to the Mage is asked (its objects borrowed from what the seat sees). */
typedef struct {
    Py_ssize_t slots, asked, unseen;
    long slot[MAX_KEYS];            /* the face-up spells available, by slot */
    PyObject *key[MAX_KEYS];        /* ... their keys (None: the Mystery) */
    long kind[MAX_KEYS], at_slot[MAX_KEYS];  /* each visit asked: its kind and slot */
    PyObject *unseen_key[MAX_KEYS]; /* the unseen spells */
    long unseen_count[MAX_KEYS];
    long visitors, my_attack;
} VisitAsk;

/* The value of each visit `ask` asks into `values`, with what the Mage knows of the bot
 * (`visit`): 0, or -1 with an exception. */
static int mage_visit_values(Mage *mage, const Visit *visit, const VisitAsk *ask,
                             double *values) {
    Py_ssize_t slots = ask->slots, asked = ask->asked;
    double denials[MAX_KEYS];
    double nothing;
    if (imagined_value(mage, &visit->settled, &nothing) < 0) return -1;
    /* `_denial` of each slot */
    for (Py_ssize_t i = 0; i < slots; i++) {
        PyObject *key = ask->key[i];
        denials[i] = 0.0;
        if (key == Py_None || !ask->visitors) continue;
        SpellInfo info;
        if (spell_info(key, &info) < 0) return -1;
        if (info.effect == E_SWAP || info.effect == E_EXCHANGE) continue;
        const double *uses;
        int count = worths(mage, visit, key, &uses);
        if (count < 0) return -1;
        double gain = nothing - least(uses, count);
        denials[i] = denial_share * (gain > 0.0 ? gain : 0.0);
    }
    Py_ssize_t mystery = -1;
    int any = 0;
    double best = 0.0;
    for (Py_ssize_t a = 0; a < asked; a++) {
        long kind = ask->kind[a], slot = ask->at_slot[a];
        Py_ssize_t at = -1;
        PyObject *key = NULL;
        for (Py_ssize_t i = 0; kind != 0 && i < slots; i++) {
            if (ask->slot[i] == slot) {
                at = i;
                key = ask->key[i];
            }
        }
        if (kind != 0 && at < 0) {
            PyErr_Format(PyExc_KeyError, "decide: slot %ld holds no available spell", slot);
            return -1;
        }
        if (kind == 0) {
            values[a] = nothing;
        } else if (kind == 1) {
            values[a] = nothing + denials[at];
        } else if (kind == 2 && key == Py_None) {
            mystery = a;  /* valued last, against the best of the others */
            continue;
        } else if (kind == 2) {
            const double *uses;
            int count = worths(mage, visit, key, &uses);
            if (count < 0) return -1;
            values[a] = most(uses, count) + denials[at];
        } else {
            PyErr_Format(PyExc_ValueError, "decide: no visit of kind %ld", kind);
            return -1;
        }
        if (!any || values[a] > best) best = values[a];
        any = 1;
    }
    if (mystery >= 0) {  /* `_blind_value` */
        double blind = -INFINITY;
        long total = 0;
        for (Py_ssize_t i = 0; i < ask->unseen; i++) total += ask->unseen_count[i];
        if (ask->my_attack > imagined_hp(&visit->settled) && total) {
            double expected = 0.0;
            for (Py_ssize_t i = 0; i < ask->unseen; i++) {
                const double *uses;
                int uses_count = worths(mage, visit, ask->unseen_key[i], &uses);
                if (uses_count < 0) return -1;
                expected +=
                    (double)ask->unseen_count[i] / (double)total * most(uses, uses_count);
            }
            if (expected > best + mystery_margin) blind = expected;
        }
        values[mystery] = blind;
    }
    return 0;
}

/* A sequence of (int, float) pairs into new arrays; the count, or -1 with an exception. */
static int read_pairs(PyObject *sequence, long **ints, double **floats, const char *what) {
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast) return -1;
    int count = (int)PySequence_Fast_GET_SIZE(fast);
    *ints = PyMem_Calloc((size_t)count + 1, sizeof(long));
    *floats = PyMem_Calloc((size_t)count + 1, sizeof(double));
    int failed = !*ints || !*floats;
    if (failed) PyErr_NoMemory();
    for (int i = 0; !failed && i < count; i++)
        failed = !parse_items(PySequence_Fast_GET_ITEM(fast, i), "ld", &(*ints)[i],
                                   &(*floats)[i]);
    Py_DECREF(fast);
    return failed ? -1 : count;
}

#define MAX_DRAW_COUNT 16

/* `bots._stopping` with `_draw_sums` over C arrays: the value of each Equip(k), k of
 * `counts` (`actions` of them), into `out`, by optimal stopping over the bot's attack, from
 * `plain`, its value settled at each attack from `first` on (`known` of them); `moves`: how
 * far a face-up spell could move its attack; `deck_top`: the value of the deck's top card
 * when known, else -1. 0, or -1 with an exception. */
static int stopping_values(const double *plain, Py_ssize_t known, long first, long start,
                           long hp, long hopeless, long top, double spells, const long *moves,
                           Py_ssize_t move_count, const long *card_values,
                           const double *card_probs, int card_count, int continuing,
                           const long *counts, Py_ssize_t actions, long deck_top, double tempo,
                           double *out) {
    double *best = NULL;
    Dist *sums = NULL;
    int sum_levels = 0, failed = 1;
    long low = start < hp + 1 ? start : hp + 1;  /* the first attack valued */
    if (first > low || low < 0 || hopeless < hp + 1 || top < hopeless || top > 100000) {
        PyErr_SetString(PyExc_ValueError, "stopping: attacks out of order");
        goto done;
    }
    best = PyMem_Calloc((size_t)top + 1, sizeof(double));
    if (!best) {
        PyErr_NoMemory();
        goto done;
    }

    /* `_stop_value` at each attack (beyond `hopeless`, the value there) */
#define SETTLED(attack) (plain[(attack) - first])
#define IN_SETTLED(attack) ((attack) >= first && (attack) - first < known)
    for (long attack = low; attack <= hopeless; attack++) {
        if (!IN_SETTLED(attack)) {
            PyErr_SetString(PyExc_ValueError, "stopping: an attack not settled");
            goto done;
        }
        double value = SETTLED(attack);
        if (spells != 0.0) {
            double fixed = value;
            for (Py_ssize_t i = 0; i < move_count; i++) {
                long moved = attack + moves[i];
                if (!IN_SETTLED(moved)) {
                    PyErr_SetString(PyExc_ValueError, "stopping: an attack not settled");
                    goto done;
                }
                if (i == 0 || SETTLED(moved) > fixed) fixed = SETTLED(moved);
            }
            double gain = fixed - value;
            value = value + spells * (gain > 0.0 ? gain : 0.0);
        }
        best[attack] = value;
    }
    for (long attack = hopeless + 1; attack <= top; attack++) best[attack] = best[hopeless];
    if (continuing) {
        for (long attack = hp; attack >= start; attack--) {
            Sum draw = {0.0, 0.0};
            for (int c = 0; c < card_count; c++) {
                long next = attack + card_values[c];
                if (next < low || next > top) {
                    PyErr_SetString(PyExc_ValueError, "stopping: a card beyond the attacks");
                    goto done;
                }
                sum_add(&draw, card_probs[c] * best[next]);
            }
            double drawn = sum_result(&draw);
            if (drawn > best[attack]) best[attack] = drawn;
        }
    }

    /* each Equip(k): the total of its cards (`_draw_sums`), each count's from the one
     * before (`_sum_of_cards`), the first card `deck_top` when known */
    long levels = 0;
    if (actions > MAX_DRAW_COUNT) {
        PyErr_SetString(PyExc_ValueError, "stopping: too many draws");
        goto done;
    }
    for (Py_ssize_t a = 0; a < actions; a++) {
        if (counts[a] < 1 || counts[a] >= MAX_DRAW_COUNT) {
            PyErr_SetString(PyExc_ValueError, "stopping: an Equip of 1 to 15 cards");
            goto done;
        }
        long level = deck_top >= 0 ? counts[a] - 1 : counts[a];
        if (level + 1 > levels) levels = level + 1;
    }
    long most_card = 0;
    for (int c = 0; c < card_count; c++) {
        if (card_values[c] < 0 || card_values[c] > 1000) {
            PyErr_SetString(PyExc_ValueError, "stopping: a card value out of range");
            goto done;
        }
        if (card_values[c] > most_card) most_card = card_values[c];
    }
    sums = PyMem_Calloc((size_t)levels + 1, sizeof(Dist));
    if (!sums) {
        PyErr_NoMemory();
        goto done;
    }
    sum_levels = (int)levels;
    for (long k = 0; k < levels; k++) {
        if (dist_alloc(&sums[k], (int)(k * most_card + 1)) < 0) goto done;
        if (k == 0) dist_add(&sums[0], 0, 1.0);
        for (int i = 0; k > 0 && i < sums[k - 1].size; i++) {  /* `_next_sums` */
            int total = sums[k - 1].order[i];
            double p = sums[k - 1].prob[total];
            for (int c = 0; c < card_count; c++)
                dist_add(&sums[k], total + (int)card_values[c], p * card_probs[c]);
        }
    }
    for (Py_ssize_t a = 0; a < actions; a++) {
        const Dist *totals = &sums[deck_top >= 0 ? counts[a] - 1 : counts[a]];
        long first_card = deck_top >= 0 ? deck_top : 0;
        Sum total = {0.0, 0.0};
        for (int i = 0; i < totals->size; i++) {
            long attack = start + first_card + totals->order[i];
            if (attack < low || attack > top || (attack < start && attack <= hp)) {
                PyErr_SetString(PyExc_ValueError, "stopping: a sum beyond the attacks");
                goto done;
            }
            sum_add(&total, totals->prob[totals->order[i]] * best[attack]);
        }
        out[a] = sum_result(&total) + tempo * (double)(counts[a] - 1);
    }
#undef SETTLED
#undef IN_SETTLED
    failed = 0;

done:
    for (int k = 0; k < sum_levels; k++) dist_free(&sums[k]);
    PyMem_Free(sums);
    PyMem_Free(best);
    return failed ? -1 : 0;
}

/* A list of `count` floats; NULL with an exception. */
static PyObject *double_list(const double *values, Py_ssize_t count) {
    PyObject *result = PyList_New(count);
    for (Py_ssize_t i = 0; result && i < count; i++) {
        PyObject *value = PyFloat_FromDouble(values[i]);
        if (!value) Py_CLEAR(result);
        else PyList_SET_ITEM(result, i, value);
    }
    return result;
}

/* A sequence of at most `room` ints into `out`; the count, or -1 with an exception. */
static Py_ssize_t read_longs(PyObject *sequence, long *out, Py_ssize_t room, const char *what) {
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    if (count > room) {
        PyErr_Format(PyExc_ValueError, "%s: at most %zd", what, room);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++)
        if ((out[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i))) == -1 &&
            PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    Py_DECREF(fast);
    return count;
}

#define MAX_MOVES 64  /* face-up spells that could move the bot's attack */
#define MAX_CARD_VALUES 64  /* the values a card drawn may have */

/* stopping(settled, first, start, hp, hopeless, top, spells, shifts, card, continuing, counts,
 *          deck_top, tempo) -> list[float]
 *
 * `bots._stopping` with `_draw_sums`: the value of each Equip(k), k of `counts`, by optimal
 * stopping over the bot's attack, from `settled`, its value settled at each attack from
 * `first` on; `deck_top`: the value of the deck's top card when known, else None. */
static PyObject *stopping(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 13) {
        PyErr_SetString(PyExc_TypeError, "stopping() takes 13 arguments");
        return NULL;
    }
    long first, start, hp, hopeless, top;
    double spells, tempo;
    int continuing = PyObject_IsTrue(args[9]);
    if (continuing < 0) return NULL;
    if ((first = PyLong_AsLong(args[1])) == -1 && PyErr_Occurred()) return NULL;
    if ((start = PyLong_AsLong(args[2])) == -1 && PyErr_Occurred()) return NULL;
    if ((hp = PyLong_AsLong(args[3])) == -1 && PyErr_Occurred()) return NULL;
    if ((hopeless = PyLong_AsLong(args[4])) == -1 && PyErr_Occurred()) return NULL;
    if ((top = PyLong_AsLong(args[5])) == -1 && PyErr_Occurred()) return NULL;
    if ((spells = PyFloat_AsDouble(args[6])) == -1.0 && PyErr_Occurred()) return NULL;
    if ((tempo = PyFloat_AsDouble(args[12])) == -1.0 && PyErr_Occurred()) return NULL;
    PyObject *settled = PySequence_Fast(args[0], "settled: a sequence of floats");
    if (!settled) return NULL;
    long *card_values = NULL, moves[MAX_MOVES], counts[MAX_DRAW_COUNT + 1], deck_top = -1;
    double *card_probs = NULL, *plain = NULL, values[MAX_DRAW_COUNT + 1];
    PyObject *result = NULL;
    Py_ssize_t move_count = read_longs(args[7], moves, MAX_MOVES, "shifts");
    Py_ssize_t actions = move_count < 0 ? -1
                                        : read_longs(args[10], counts, MAX_DRAW_COUNT, "counts");
    if (actions < 0) goto done;
    if (args[11] != Py_None) {
        deck_top = PyLong_AsLong(args[11]);
        if (deck_top == -1 && PyErr_Occurred()) goto done;
        if (deck_top < 0 || deck_top > 1000) {
            PyErr_SetString(PyExc_ValueError, "stopping: a card value out of range");
            goto done;
        }
    }
    int card_count = read_pairs(args[8], &card_values, &card_probs, "card");
    if (card_count < 0) goto done;
    Py_ssize_t known = PySequence_Fast_GET_SIZE(settled);
    plain = PyMem_Calloc((size_t)known + 1, sizeof(double));
    if (!plain) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < known; i++)
        if ((plain[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(settled, i))) == -1.0 &&
            PyErr_Occurred())
            goto done;
    if (stopping_values(plain, known, first, start, hp, hopeless, top, spells, moves,
                        move_count, card_values, card_probs, card_count, continuing, counts,
                        actions, deck_top, tempo, values) == 0)
        result = double_list(values, actions);

done:
    PyMem_Free(card_values);
    PyMem_Free(card_probs);
    PyMem_Free(plain);
    Py_DECREF(settled);
    return result;
}

/* ----- reading a seat's view ------------------------------------------------------------- */

/* The keys read of a seat's view, interned once. */
enum {
    V_SEATS, V_VISIBLE, V_HIDDEN, V_ID, V_DECK_TOP, V_HIDDEN_RANGE, V_WEAPONS, V_SEAT, V_PENDING,
    V_SLOT, V_SPELL, V_STATUS, V_TARGET, V_SPELLS, V_SPELL_DISCARD, V_KEYS, V_HEARTS,
    V_VISITED_MAGE, V_BUST, V_PHASE, V_LAST_CALL, V_BOSS, V_BASE_HP, V_PLAYERS, V_KEY_TARGET,
    V_WEAPON_DECK, VIEW_NAMES
};
static const char *const view_texts[VIEW_NAMES] = {
    "seats", "visible", "hidden", "id", "deck_top", "hidden_range", "weapons", "seat",
    "pending", "slot", "spell", "status", "target", "spells", "spell_discard", "keys",
    "hearts", "visited_mage", "bust", "phase", "last_call", "boss", "base_hp", "players",
    "key_target", "weapon_deck"};
static PyObject *view_names[VIEW_NAMES];

#define MAX_WEAPONS 64  /* weapon ids, values and colours below this */

/* `part[name]` (borrowed), or NULL with an exception naming what is missing. */
static PyObject *view_item(PyObject *part, int name) {
    if (!PyDict_Check(part)) {
        PyErr_Format(PyExc_TypeError, "view_decision: a view's part holding %R is not a dict",
                     view_names[name]);
        return NULL;
    }
    PyObject *item = PyDict_GetItemWithError(part, view_names[name]);
    if (!item && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, view_names[name]);
    return item;
}

/* A list of `view_item`'s; NULL with an exception when it is not a list. */
static PyObject *view_list(PyObject *part, int name) {
    PyObject *item = view_item(part, name);
    if (item && !PyList_Check(item)) {
        PyErr_Format(PyExc_TypeError, "view_decision: %R is not a list", view_names[name]);
        return NULL;
    }
    return item;
}

/* A long in [0, below); -1 with an exception. */
static long view_bounded(PyObject *number, long below, const char *what) {
    long value = PyLong_AsLong(number);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (value < 0 || value >= below) {
        PyErr_Format(PyExc_ValueError, "view_decision: %s %ld out of range", what, value);
        return -1;
    }
    return value;
}

/* A weapon's id from its view ({"id": ...}); -1 with an exception. */
static long weapon_id(PyObject *weapon, long weapons) {
    PyObject *id = view_item(weapon, V_ID);
    return id ? view_bounded(id, weapons, "a weapon id") : -1;
}

/* `_spread` of the unseen weapons (`counts` by value and colour, `unseen` in all) valued
 * `low` to `high`, or of all of them when none is: (value, colour, probability) in order.
 * No weapon's value reaches `value_limit` nor its colour `colour_limit`: the counts there
 * are neither set nor read. */
static long range_total(int counts[MAX_WEAPONS][MAX_WEAPONS], long low, long high,
                        long value_limit, int colour_limit) {
    long total = 0;
    for (long v = low < 0 ? 0 : low; v <= high && v < value_limit; v++)
        for (int c = 0; c < colour_limit; c++) total += counts[v][c];
    return total;
}

/* The kinds of the spread in order, each as (value, colour, how many), into `kinds`; their
 * count, and how many weapons they hold in `total`. */
static int range_kinds(int counts[MAX_WEAPONS][MAX_WEAPONS], long unseen, long low, long high,
                       long value_limit, int colour_limit, long kinds[][3], long *total) {
    *total = range_total(counts, low, high, value_limit, colour_limit);
    if (!*total) {
        low = 0;
        high = MAX_WEAPONS - 1;
        *total = unseen;
    }
    int size = 0;
    for (long v = low < 0 ? 0 : low; v <= high && v < value_limit; v++)
        for (int c = 0; c < colour_limit; c++)
            if (counts[v][c]) {
                kinds[size][0] = v;
                kinds[size][1] = c;
                kinds[size++][2] = counts[v][c];
            }
    return size;
}

/* The content's weapons as a decision reads them: each one's value and colour by id,
 * and the values in the content's order. */
typedef struct {
    long weapons, value_count;
    long value_of[MAX_WEAPONS], colour_of[MAX_WEAPONS], values[MAX_WEAPONS];
} WeaponTables;

/* The tables from the tuples `weapon_value`, `weapon_colour` and `values`: 0, or -1 with an
 * exception. */
static int read_weapon_tables(WeaponTables *tables, PyObject *weapon_value,
                              PyObject *weapon_colour, PyObject *values) {
    if (!PyTuple_Check(weapon_value) || !PyTuple_Check(weapon_colour) || !PyTuple_Check(values) ||
        PyTuple_GET_SIZE(weapon_value) != PyTuple_GET_SIZE(weapon_colour) ||
        PyTuple_GET_SIZE(weapon_value) > MAX_WEAPONS || PyTuple_GET_SIZE(values) > MAX_WEAPONS) {
        PyErr_SetString(PyExc_TypeError, "configure_reading: weapon_value, weapon_colour and "
                                         "values are tuples, at most 64 weapons");
        return -1;
    }
    tables->weapons = (long)PyTuple_GET_SIZE(weapon_value);
    tables->value_count = (long)PyTuple_GET_SIZE(values);
    for (long w = 0; w < tables->weapons; w++) {
        if ((tables->value_of[w] =
                 view_bounded(PyTuple_GET_ITEM(weapon_value, w), MAX_WEAPONS, "a value")) < 0 ||
            (tables->colour_of[w] =
                 view_bounded(PyTuple_GET_ITEM(weapon_colour, w), MAX_WEAPONS, "a colour")) < 0)
            return -1;
    }
    for (long i = 0; i < tables->value_count; i++)
        if ((tables->values[i] = view_bounded(PyTuple_GET_ITEM(values, i), MAX_WEAPONS, "a value")) <
            0)
            return -1;
    return 0;
}

static WeaponTables weapon_tables;  /* from weapon_value, weapon_colour, values */

/* ----- what a seat sees -------------------------------------------------------------------
 *
 * A decision reads what one seat sees of the table from a `Seen`, filled from the seat's
 * view (`seen_weapons_in_view`, `seen_rest_in_view`, for `view_decision`) or straight from
 * the game's state (`seen_in_state`, for `seat_decision`, which so skips building the
 * view): the same things either way, and nothing the view hides. Of a face-down weapon
 * it reads only what `known` lets the seat see, of the Mystery spell only its slot, of the
 * deck its size and the top card only when `top_known` says the seat knows it. A test
 * compares both decisions after every action of bot and random games, for every seat. */

/* Set by `configure_reading`. */
#define MAX_SPELL_KINDS 64
static PyObject *spell_keys[MAX_SPELL_KINDS];  /* the keys of the spells' counts, in order */
static long spell_base[MAX_SPELL_KINDS];       /* how many of each the game holds */
static int spell_kinds;
static PyObject *spell_index;                  /* key -> its place among them */
static PyObject *active_status, *available_status, *equip_phase, *last_call_phase;
static PyObject *key_of_spell, *printed_hp;    /* tuples: each spell id's key, boss's HP */
static PyObject *key_target_name, *check_seat_name;

/* `counts[key] -= 1`, `counts` by the spells' places: 0, or -1 with an exception (a
 * KeyError for a key that is no spell's). */
static int count_seen(long *counts, PyObject *key) {
    PyObject *place = PyDict_GetItemWithError(spell_index, key);
    if (!place) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_KeyError, "decide: %R is no spell", key);
        return -1;
    }
    counts[PyLong_AsLong(place)]--;
    return 0;
}

#define MAX_SLOTS 64  /* spell slots beside the Mage */
#define MAX_HELD (48 + 2 * MAX_SEATS + MAX_SLOTS + 8)  /* `seen_in_state` holds this many */

/* One seat's sight of the table. Its objects are borrowed from the view or the state, but
 * for those in `held`, which `seen_release` lets go. */
typedef struct {
    long me, players;
    PyObject *me_object;                   /* the seat, as the view or the caller names it */
    long visible_count[MAX_SEATS], visible[MAX_SEATS][MAX_WEAPONS];  /* face-up weapon ids */
    long hidden[MAX_SEATS];                /* its face-down weapon's id; -1: not seen */
    long low[MAX_SEATS], high[MAX_SEATS];  /* the public bounds on it, when not seen */
    PyObject *cards[MAX_SEATS];            /* weapon cards held, an int */
    PyObject *keys[MAX_SEATS], *hearts[MAX_SEATS], *visited[MAX_SEATS], *bust[MAX_SEATS];
    long deck_top;                         /* the deck's top weapon; -1: not known */
    /* The rest (`seen_rest_in_view`, `seen_in_state`): the spells, scores and phase. */
    Py_ssize_t slot_count;
    PyObject *slot_number[MAX_SLOTS], *slot_key[MAX_SLOTS];  /* key None: the Mystery */
    PyObject *slot_status[MAX_SLOTS], *slot_target[MAX_SLOTS];  /* target None: none */
    PyObject *pending_slot, *pending_key;  /* NULL: no target is being chosen */
    long discarded[MAX_SPELL_KINDS];       /* face-up discards, by the spells' places */
    PyObject *players_object, *phase, *last_call, *base_hp, *key_target, *weapon_deck;
    PyObject *held[MAX_HELD];
    int held_count;
} Seen;

/* `object` (a new reference, or NULL with an exception) held until `seen_release`:
 * borrowed from then on. */
static PyObject *hold(Seen *seen, PyObject *object) {
    if (!object) return NULL;
    if (seen->held_count == MAX_HELD) {
        Py_DECREF(object);
        PyErr_SetString(PyExc_ValueError, "decide: the table is too large");
        return NULL;
    }
    return seen->held[seen->held_count++] = object;
}

static void seen_release(Seen *seen) {
    while (seen->held_count) Py_DECREF(seen->held[--seen->held_count]);
}

/* The weapons `seen` from a view ({"seats": [...], "deck_top": ...}): 0, or -1 with an
 * exception naming what is missing or wrong. `me` is left for `seen_rest_in_view`. */
static int seen_weapons_in_view(Seen *seen, PyObject *view, long weapons) {
    PyObject *seats = view_list(view, V_SEATS), *deck_top = seats ? view_item(view, V_DECK_TOP) : NULL;
    if (!deck_top) return -1;
    Py_ssize_t players = PyList_GET_SIZE(seats);
    if (players > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "view_decision: at most 16 seats");
        return -1;
    }
    seen->players = (long)players;
    for (Py_ssize_t s = 0; s < players; s++) {
        PyObject *seat = PyList_GET_ITEM(seats, s), *visible = view_list(seat, V_VISIBLE);
        PyObject *hidden = visible ? view_item(seat, V_HIDDEN) : NULL;
        if (!hidden || !(seen->cards[s] = view_item(seat, V_WEAPONS))) return -1;
        Py_ssize_t count = PyList_GET_SIZE(visible);
        if (count > MAX_WEAPONS) {
            PyErr_SetString(PyExc_ValueError, "view_decision: a seat holds too many weapons");
            return -1;
        }
        seen->visible_count[s] = (long)count;
        for (Py_ssize_t i = 0; i < count; i++)
            if ((seen->visible[s][i] = weapon_id(PyList_GET_ITEM(visible, i), weapons)) < 0)
                return -1;
        seen->hidden[s] = -1;
        if (hidden != Py_None) {
            if ((seen->hidden[s] = weapon_id(hidden, weapons)) < 0) return -1;
        } else {
            PyObject *range = view_list(seat, V_HIDDEN_RANGE);
            if (!range) return -1;
            if (PyList_GET_SIZE(range) != 2) {
                PyErr_SetString(PyExc_ValueError, "view_decision: a hidden range is [low, high]");
                return -1;
            }
            if (((seen->low[s] = PyLong_AsLong(PyList_GET_ITEM(range, 0))) == -1 ||
                 (seen->high[s] = PyLong_AsLong(PyList_GET_ITEM(range, 1))) == -1) &&
                PyErr_Occurred())
                return -1;
        }
    }
    int top_known = PyObject_IsTrue(deck_top);
    seen->deck_top = -1;
    if (top_known < 0 || (top_known && (seen->deck_top = weapon_id(deck_top, weapons)) < 0))
        return -1;
    return 0;
}

/* The rest of what `seen` from a view (its weapons read): 0, or -1 with an exception. */
static int seen_rest_in_view(Seen *seen, PyObject *view) {
    PyObject *me = view_item(view, V_SEAT);
    if (!me) return -1;
    if (me == Py_None) {
        PyErr_SetString(PyExc_ValueError, "a bot reads a seat's view, not a spectator's");
        return -1;
    }
    long at = PyLong_AsLong(me);
    if (at == -1 && PyErr_Occurred()) return -1;
    if (at < 0) at += seen->players;
    if (at < 0 || at >= seen->players) {
        PyErr_SetString(PyExc_IndexError, "decide: the view's seat is not at the table");
        return -1;
    }
    seen->me = at;
    seen->me_object = me;
    PyObject *seats = view_list(view, V_SEATS);
    if (!seats) return -1;
    for (long s = 0; s < seen->players; s++) {
        PyObject *seat = PyList_GET_ITEM(seats, s);
        if (!(seen->keys[s] = view_item(seat, V_KEYS)) ||
            !(seen->hearts[s] = view_item(seat, V_HEARTS)) ||
            !(seen->visited[s] = view_item(seat, V_VISITED_MAGE)) ||
            !(seen->bust[s] = view_item(seat, V_BUST)))
            return -1;
    }
    PyObject *pending = view_item(view, V_PENDING);
    int has_pending = pending ? PyObject_IsTrue(pending) : -1;
    if (has_pending < 0) return -1;
    seen->pending_slot = seen->pending_key = NULL;
    if (has_pending && (!(seen->pending_slot = view_item(pending, V_SLOT)) ||
                        !(seen->pending_key = view_item(pending, V_SPELL))))
        return -1;
    PyObject *slots = view_list(view, V_SPELLS);
    if (!slots) return -1;
    if (PyList_GET_SIZE(slots) > MAX_SLOTS) {
        PyErr_SetString(PyExc_ValueError, "decide: too many spell slots");
        return -1;
    }
    seen->slot_count = PyList_GET_SIZE(slots);
    for (Py_ssize_t k = 0; k < seen->slot_count; k++) {
        PyObject *slot = PyList_GET_ITEM(slots, k);
        if (!(seen->slot_number[k] = view_item(slot, V_SLOT)) ||
            !(seen->slot_key[k] = view_item(slot, V_SPELL)) ||
            !(seen->slot_status[k] = view_item(slot, V_STATUS)) ||
            !(seen->slot_target[k] = view_item(slot, V_TARGET)))
            return -1;
    }
    memset(seen->discarded, 0, sizeof seen->discarded);
    PyObject *discard = view_list(view, V_SPELL_DISCARD);
    if (!discard) return -1;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(discard); i++)
        if (count_seen(seen->discarded, PyList_GET_ITEM(discard, i)) < 0) return -1;
    PyObject *boss = view_item(view, V_BOSS);
    if (!(seen->players_object = view_item(view, V_PLAYERS)) ||
        !(seen->phase = view_item(view, V_PHASE)) ||
        !(seen->last_call = view_item(view, V_LAST_CALL)) || !boss ||
        !(seen->base_hp = view_item(boss, V_BASE_HP)) ||
        !(seen->key_target = view_item(view, V_KEY_TARGET)) ||
        !(seen->weapon_deck = view_item(view, V_WEAPON_DECK)))
        return -1;
    return 0;
}

/* The state's fields `seen_in_state` reads, by their interned names. */
enum {
    S_NUM_PLAYERS, S_OPTIONS, S_PHASE, S_DECISIONS, S_BOSS, S_TOP_KNOWN, S_MYSTERY,
    S_WEAPON_DECK, S_LAST_CALL_QUEUE, S_SLOTS, S_SLOT_STATUS, S_SLOT_TARGET, S_SPELL_DISCARD,
    S_VISIBLE, S_HEARTS, S_KEYS, S_HIDDEN_LO, S_HIDDEN_HI, S_BUST, S_VISITED, S_KNOWN,
    S_HIDDEN, STATE_NAMES
};
static const char *const state_texts[STATE_NAMES] = {
    "num_players", "options", "phase", "decisions", "boss", "top_known", "mystery",
    "weapon_deck", "last_call_queue", "slots", "slot_status", "slot_target", "spell_discard",
    "visible", "hearts", "keys", "hidden_lo", "hidden_hi", "bust", "visited", "known",
    "hidden"};
static PyObject *state_names[STATE_NAMES];
static Py_ssize_t state_offsets[STATE_NAMES];
static FieldSlots state_slots = {NULL, 0, STATE_NAMES, state_names, state_offsets};

/* What seat `seat_arg` sees of `state`, as `seen_weapons_in_view` and `seen_rest_in_view`
 * read it from `views.view(state, seat)`: 0, or -1 with an exception (the error
 * `state.check_seat` raises for a seat it refuses). */
static int seen_in_state(Seen *seen, PyObject *state, PyObject *seat_arg, long weapons) {
    PyObject *field[STATE_NAMES] = {NULL};
    if (refresh_field_slots(&state_slots, Py_TYPE(state)) < 0 ||
        read_fields(&state_slots, state, field) < 0) {
        for (int i = 0; i < STATE_NAMES; i++) Py_XDECREF(field[i]);
        return -1;
    }
    for (int i = 0; i < STATE_NAMES; i++) hold(seen, field[i]);  /* the first: never full */
    for (int i = S_WEAPON_DECK; i < STATE_NAMES; i++)  /* the lists, as lists or tuples */
        if (!(field[i] = hold(seen, fast(field[i])))) return -1;
    long players = as_long(field[S_NUM_PLAYERS]);
    if (players == -1 && PyErr_Occurred()) return -1;
    long me = viewer_seat(state, seat_arg, players, check_seat_name);
    if (me == -2) return -1;
    if (me == -1) {
        PyErr_SetString(PyExc_ValueError, "a bot reads a seat's view, not a spectator's");
        return -1;
    }
    if (players > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "seat_decision: at most 16 seats");
        return -1;
    }
    static const int per_seat[] = {S_VISIBLE, S_HEARTS, S_KEYS, S_HIDDEN_LO, S_HIDDEN_HI,
                                   S_BUST, S_VISITED, S_KNOWN, S_HIDDEN};
    for (size_t i = 0; i < sizeof per_seat / sizeof per_seat[0]; i++)
        if (PySequence_Fast_GET_SIZE(field[per_seat[i]]) < players) {
            PyErr_Format(PyExc_IndexError, "state.%s is shorter than the table",
                         state_texts[per_seat[i]]);
            return -1;
        }
#define AT(name, i) PySequence_Fast_GET_ITEM(field[name], i)
    seen->me = me;
    seen->me_object = seat_arg;
    seen->players = players;
    seen->players_object = field[S_NUM_PLAYERS];
    for (long s = 0; s < players; s++) {
        PyObject *visible = hold(seen, fast(AT(S_VISIBLE, s)));
        if (!visible) return -1;
        Py_ssize_t count = PySequence_Fast_GET_SIZE(visible);
        if (count > MAX_WEAPONS) {
            PyErr_SetString(PyExc_ValueError, "seat_decision: a seat holds too many weapons");
            return -1;
        }
        seen->visible_count[s] = (long)count;
        for (Py_ssize_t i = 0; i < count; i++)
            if ((seen->visible[s][i] =
                     bounded(PySequence_Fast_GET_ITEM(visible, i), weapons, "a weapon id")) < 0)
                return -1;
        if (!(seen->cards[s] = hold(seen, PyLong_FromSsize_t(1 + count)))) return -1;
        long known = as_long(AT(S_KNOWN, s));
        if (known == -1 && PyErr_Occurred()) return -1;
        seen->hidden[s] = -1;
        if (known >> me & 1) {
            if ((seen->hidden[s] = bounded(AT(S_HIDDEN, s), weapons, "a weapon id")) < 0)
                return -1;
        } else if (((seen->low[s] = as_long(AT(S_HIDDEN_LO, s))) == -1 ||
                    (seen->high[s] = as_long(AT(S_HIDDEN_HI, s))) == -1) &&
                   PyErr_Occurred()) {
            return -1;
        }
        seen->keys[s] = AT(S_KEYS, s);
        seen->hearts[s] = AT(S_HEARTS, s);
        seen->visited[s] = AT(S_VISITED, s);
        seen->bust[s] = AT(S_BUST, s);
    }
    Py_ssize_t deck_size = PySequence_Fast_GET_SIZE(field[S_WEAPON_DECK]);
    long top_known = as_long(field[S_TOP_KNOWN]);
    if (top_known == -1 && PyErr_Occurred()) return -1;
    seen->deck_top = -1;
    if (deck_size && top_known >> me & 1 &&
        (seen->deck_top = bounded(AT(S_WEAPON_DECK, deck_size - 1), weapons, "a weapon id")) < 0)
        return -1;
    if (!(seen->weapon_deck = hold(seen, PyLong_FromSsize_t(deck_size)))) return -1;

    /* The spells: the face-down Mystery by its slot alone. */
    long mystery = as_long(field[S_MYSTERY]), spell_ids = (long)PyTuple_GET_SIZE(key_of_spell);
    if (mystery == -1 && PyErr_Occurred()) return -1;
    seen->slot_count = PySequence_Fast_GET_SIZE(field[S_SLOTS]);
    if (seen->slot_count > MAX_SLOTS ||
        PySequence_Fast_GET_SIZE(field[S_SLOT_STATUS]) < seen->slot_count ||
        PySequence_Fast_GET_SIZE(field[S_SLOT_TARGET]) < seen->slot_count) {
        PyErr_SetString(PyExc_IndexError, "the spell slots do not match their statuses");
        return -1;
    }
    for (Py_ssize_t k = 0; k < seen->slot_count; k++) {
        long id = bounded(AT(S_SLOTS, k), spell_ids, "a spell id");
        long target = id < 0 ? -1 : as_long(AT(S_SLOT_TARGET, k));
        if ((target == -1 && PyErr_Occurred()) ||
            !(seen->slot_number[k] = hold(seen, PyLong_FromSsize_t(k))))
            return -1;
        seen->slot_key[k] = k == mystery ? Py_None : PyTuple_GET_ITEM(key_of_spell, id);
        seen->slot_status[k] = AT(S_SLOT_STATUS, k);
        seen->slot_target[k] = target >= 0 ? AT(S_SLOT_TARGET, k) : Py_None;
    }
    /* The spell whose target is being chosen: the top decision's (`spells.target_slot`). */
    PyObject *stack = field[S_DECISIONS];
    seen->pending_slot = seen->pending_key = NULL;
    if (!PyList_Check(stack)) {
        PyErr_SetString(PyExc_TypeError, "the decisions are not a list");
        return -1;
    }
    if (PyList_GET_SIZE(stack) > 0) {
        PyObject *top = PyList_GET_ITEM(stack, PyList_GET_SIZE(stack) - 1);
        PyObject *args = PyTuple_Check(top) && PyTuple_GET_SIZE(top) == 3
                             ? PyTuple_GET_ITEM(top, 2) : NULL;
        if (!args || !PyTuple_Check(args) || PyTuple_GET_SIZE(args) != 1) {
            PyErr_SetString(PyExc_TypeError, "a decision is not a Frame of one slot");
            return -1;
        }
        long slot = bounded(PyTuple_GET_ITEM(args, 0), (long)seen->slot_count, "a pending slot");
        long id = slot < 0 ? -1 : bounded(AT(S_SLOTS, slot), spell_ids, "a spell id");
        if (id < 0) return -1;
        seen->pending_slot = PyTuple_GET_ITEM(args, 0);
        seen->pending_key = PyTuple_GET_ITEM(key_of_spell, id);
    }
    memset(seen->discarded, 0, sizeof seen->discarded);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(field[S_SPELL_DISCARD]); i++) {
        long id = bounded(AT(S_SPELL_DISCARD, i), spell_ids, "a spell id");
        if (id < 0 || count_seen(seen->discarded, PyTuple_GET_ITEM(key_of_spell, id)) < 0)
            return -1;
    }
#undef AT
    long boss = bounded(field[S_BOSS], (long)PyTuple_GET_SIZE(printed_hp), "the boss");
    if (boss < 0 || !(seen->key_target = hold(seen, PyObject_GetItem(field[S_OPTIONS],
                                                                     key_target_name))))
        return -1;
    seen->base_hp = PyTuple_GET_ITEM(printed_hp, boss);
    seen->phase = field[S_PHASE];
    seen->last_call = field[S_LAST_CALL_QUEUE];
    return 0;
}

/* The weapons a seat has not seen: the ids seen (a bit each), the others counted by value
 * and colour (zeroed below the highest value and colour only) and by value. */
typedef struct {
    unsigned long long seen_ids;
    int counts[MAX_WEAPONS][MAX_WEAPONS];
    long by_value[MAX_WEAPONS], total, value_limit;
    int colour_limit;
} Unseen;

static void count_unseen(const Seen *seen, const WeaponTables *tables, Unseen *unseen) {
    long weapons = tables->weapons;
    const long *value_of = tables->value_of, *colour_of = tables->colour_of;
    unsigned long long seen_ids = 0;
    for (long s = 0; s < seen->players; s++) {
        for (long i = 0; i < seen->visible_count[s]; i++) seen_ids |= 1ULL << seen->visible[s][i];
        if (seen->hidden[s] >= 0) seen_ids |= 1ULL << seen->hidden[s];
    }
    if (seen->deck_top >= 0) seen_ids |= 1ULL << seen->deck_top;
    unseen->seen_ids = seen_ids;
    unseen->total = unseen->value_limit = 0;
    unseen->colour_limit = 0;
    memset(unseen->by_value, 0, sizeof unseen->by_value);
    for (long w = 0; w < weapons; w++) {
        if (value_of[w] >= unseen->value_limit) unseen->value_limit = value_of[w] + 1;
        if (colour_of[w] >= unseen->colour_limit) unseen->colour_limit = (int)colour_of[w] + 1;
    }
    for (long v = 0; v < unseen->value_limit; v++)
        memset(unseen->counts[v], 0, sizeof(int) * (size_t)unseen->colour_limit);
    for (long w = 0; w < weapons; w++)
        if (!(seen_ids >> w & 1)) {
            unseen->counts[value_of[w]][colour_of[w]]++;
            unseen->by_value[value_of[w]]++;
            unseen->total++;
        }
}

/* configure_reading(spell_counts, active, available, equip, last_call, max_draws,
 * weapon_value, weapon_colour, values, spell_keys, boss_hp): per spell key how many the game
 * holds, the slot statuses and phases a decision compares with, a rival's draws, each
 * weapon's value and colour by id and the values in the content's order, each spell id's
 * key and each boss's printed HP. */
static PyObject *configure_reading(PyObject *module, PyObject *args) {
    PyObject *counts, *compared[4], *draws, *tables[3], *keys, *hp;
    if (!PyArg_ParseTuple(args, "O!OOOOOO!O!O!O!O!", &PyDict_Type, &counts, &compared[0],
                          &compared[1], &compared[2], &compared[3], &draws, &PyTuple_Type,
                          &tables[0], &PyTuple_Type, &tables[1], &PyTuple_Type, &tables[2],
                          &PyTuple_Type, &keys, &PyTuple_Type, &hp))
        return NULL;
    Py_XSETREF(key_of_spell, Py_NewRef(keys));
    Py_XSETREF(printed_hp, Py_NewRef(hp));
    if (read_weapon_tables(&weapon_tables, tables[0], tables[1], tables[2]) < 0) return NULL;
    /* The spells' counts in their dict's order, and each key's place among them. */
    PyObject *index = PyDict_New(), *key, *count;
    Py_ssize_t at = 0;
    int kinds = 0;
    while (index && PyDict_Next(counts, &at, &key, &count)) {
        long number = PyLong_AsLong(count);
        PyObject *place = kinds < MAX_SPELL_KINDS && !(number == -1 && PyErr_Occurred())
                              ? PyLong_FromLong(kinds)
                              : NULL;
        if (!place && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "configure_reading: at most 64 spells");
        if (!place || PyDict_SetItem(index, key, place) < 0) Py_CLEAR(index);
        Py_XDECREF(place);
        if (index) {
            Py_XSETREF(spell_keys[kinds], Py_NewRef(key));
            spell_base[kinds++] = number;
        }
    }
    if (!index) return NULL;
    spell_kinds = kinds;
    Py_XSETREF(spell_index, index);
    if ((max_draws = as_long(draws)) == -1 && PyErr_Occurred()) return NULL;
    PyObject **kept[] = {&active_status, &available_status, &equip_phase, &last_call_phase};
    PyObject *given[] = {compared[0], compared[1], compared[2], compared[3]};
    for (size_t i = 0; i < sizeof given / sizeof given[0]; i++)
        Py_XSETREF(*kept[i], Py_NewRef(given[i]));
    Py_RETURN_NONE;
}

/* The offset of the slot where instances of the class `cls` (whose attributes are looked
 * up as `object`'s are) keep `name`; -1 when it is no such slot (a field of an instance's
 * dict, a property...), -2 with an exception. */
static Py_ssize_t slot_offset(PyObject *cls, PyObject *name) {
    if (((PyTypeObject *)cls)->tp_getattro != PyObject_GenericGetAttr) return -1;
    PyObject *found = PyObject_GetAttr(cls, name);
    if (!found) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) return -2;
        PyErr_Clear();
        return -1;
    }
    Py_ssize_t offset = -1;
    if (Py_IS_TYPE(found, &PyMemberDescr_Type) &&
        ((PyMemberDescrObject *)found)->d_member->type == Py_T_OBJECT_EX &&
        PyType_IsSubtype((PyTypeObject *)cls, PyDescr_TYPE(found)))
        offset = ((PyMemberDescrObject *)found)->d_member->offset;
    Py_DECREF(found);
    return offset;
}


/* ----- a whole decision from what a seat sees ----------------------------------------------
 *
 * `seat_decision(state, seat, legal)` and `view_decision(view, legal)` take the bot's
 * decision as the Python code of `HeuristicBot._decide` takes it, in one call, from what the
 * seat sees (a `Seen`, read as `bots.read_table` reads the view). The table is held in C (a
 * `Decision`) instead of a `bots.Table` and its positions, and the Judge's numbers (the
 * threats, the hearts' worth) are made here. A turn sorts the legal actions into draws and
 * visits, values the visits as `_visit_values` does (the blind Mystery last) and the draws as `_draw_values` does (the
 * values settled kept for the turn in a `Memo`), and gives the list `_take_turn` hands to
 * `_best`: (action, value) pairs, the same floats in the same order. A spell's target is
 * chosen as `_choose_target` chooses it: each use of the spell valued (`_uses`), the pairs
 * of those whose target is legal. None for an action it does not know: the Python code
 * then decides. */

/* An action's `slot` (Activate, Discard) or `count` (Equip): read from its slot when it is
 * of the class found for that name by `configure_deciding`, else looked up. */
enum { A_SLOT, A_COUNT, ACTION_NAMES };
static const char *const action_texts[ACTION_NAMES] = {"slot", "count"};
static PyObject *action_names[ACTION_NAMES];
static Py_ssize_t action_slots[ACTION_NAMES];
static PyTypeObject *action_slot_classes[ACTION_NAMES];

/* 0, or -1 with an exception. */
static int action_long(PyObject *action, int name, long *out) {
    PyObject *value = NULL;
    if (Py_IS_TYPE(action, action_slot_classes[name]))
        value = Py_XNewRef(*(PyObject **)((char *)action + action_slots[name]));
    if (!value && !(value = PyObject_GetAttr(action, action_names[name]))) return -1;
    *out = PyLong_AsLong(value);
    Py_DECREF(value);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

#define MAX_LEGAL 64          /* actions a turn offers */
#define KIND_SETS (MAX_SEATS + 1)  /* the blind draw's, and one hidden weapon per seat */

/* The values settled at each attack, kept for one decision (a dict of them, as
 * `Judge._settled_at` keeps them, costs an int and a float object per attack and its
 * lookups). An attack outside its room is valued again when asked again. */
#define MEMO_LOW (-64)
#define MEMO_ROOM 256
typedef struct {
    double value[MEMO_ROOM];
    unsigned char known[MEMO_ROOM];
} Memo;

static int memo_holds(long attack) {
    return attack >= MEMO_LOW && attack < MEMO_LOW + MEMO_ROOM;
}

/* What a decision knows: `Table` and the Judge's numbers, in C. */
typedef struct {
    Valuer valuer;  /* not a Python object: its arrays are the ones below */
    double threat[MAX_SEATS], rival_hearts[MAX_SEATS];
    long needs[MAX_SEATS];
    int card_values[MAX_WEAPONS];
    double card_probs[MAX_WEAPONS];
    Kind kinds[KIND_SETS][MAX_WEAPONS];  /* the hidden weapons the hands point to */
    int kind_sets;
    Visit visit;    /* the round with the bot settled, its weapons, the blind draw */
    VisitAsk ask;   /* the spells at the Mage and the unseen ones (its visits set per turn) */
    PyObject *pending;  /* the key of the spell whose target is chosen, or NULL */
    long my_attack, hp, deck_top;  /* deck_top: the value of the deck's known top, or -1 */
    long self_shifts[MAX_MOVES];
    Py_ssize_t self_shift_count;
    int equipping, last_call, last_equipper;
    Memo memo;
} Decision;

/* A hidden weapon spread over the unseen weapons valued `low` to `high` (`_spread`), in the
 * decision's next set of kinds; its count into `count`. */
static const Kind *decision_spread(Decision *decision, Unseen *unseen, long low, long high,
                                   int *count) {
    long kinds[MAX_WEAPONS][3], total;
    Kind *spread = decision->kinds[decision->kind_sets++];
    *count = range_kinds(unseen->counts, unseen->total, low, high, unseen->value_limit,
                         unseen->colour_limit, kinds, &total);
    for (int i = 0; i < *count; i++)
        spread[i] = (Kind){kinds[i][0], kinds[i][1], (double)kinds[i][2] / (double)total};
    return spread;
}

/* An int of the seen table (`as_long`: a Python int, nothing else); -1 with an exception. */
static int seen_long(PyObject *number, long *out) {
    *out = as_long(number);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* The Judge's numbers (`Judge.threat`, `_worth`, `_rival_heart`): the threat of each
 * seat's keys, the keys each needs, what a lost heart costs the bot and what each rival's
 * is worth to it, into the Valuer. 0, or -1 with an exception. */
static int decision_scores(Decision *decision, const Seen *seen) {
    Valuer *valuer = &decision->valuer;
    long players = seen->players, me = seen->me, target;
    long keys[MAX_SEATS] = {0}, hearts[MAX_SEATS] = {0};
    if (seen_long(seen->key_target, &target) < 0) return -1;
    if (target <= 0) {
        PyErr_SetString(PyExc_ValueError, "decide: the key target is not above 0");
        return -1;
    }
    for (long s = 0; s < players; s++)
        if (seen_long(seen->keys[s], &keys[s]) < 0 || seen_long(seen->hearts[s], &hearts[s]) < 0)
            return -1;
    double rivals = (double)(players > 2 ? players - 1 : 1);
    for (long s = 0; s < players; s++) {
        decision->threat[s] =
            threat_share * (1 + threat_lead * (double)keys[s] / (double)target) / rivals;
        decision->needs[s] = target - keys[s];
        if (s == me || hearts[s] > 1) {
            decision->rival_hearts[s] = s == me ? 0.0 : rival_heart;
            continue;
        }
        /* Its last heart: good when the lead among the others (keys, then hearts) is the
         * bot's own. */
        long best = -1;
        for (long o = 0; o < players; o++)
            if (o != s && (best < 0 || keys[o] > keys[best] ||
                           (keys[o] == keys[best] && hearts[o] > hearts[best])))
                best = o;
        int mine = keys[best] == keys[me] && hearts[best] == hearts[me];
        decision->rival_hearts[s] = mine ? rival_falls_behind_me : rival_falls_ahead;
    }
    valuer->my_heart = hearts[me] == 1 ? last_heart : heart;
    return 0;
}

/* The card (each value's share of the unseen weapons, in the content's order) and every
 * seat's hand, the rivals' hidden weapons spread over the unseen ones their ranges allow,
 * into the decision's Valuer and settled round. */
static int decision_hands(Decision *decision, const Seen *seen) {
    const WeaponTables *tables = &weapon_tables;
    Valuer *valuer = &decision->valuer;
    Unseen unseen;
    count_unseen(seen, tables, &unseen);
    for (long i = 0; i < tables->value_count; i++) {
        long value = tables->values[i], count = unseen.by_value[value];
        if (!count) continue;
        valuer->card_values[valuer->card_count] = (int)value;
        valuer->card_probs[valuer->card_count++] = (double)count / (double)unseen.total;
        if (value > valuer->max_card) valuer->max_card = (int)value;
    }
    /* The blind draw's spread first, then each range's once. */
    Visit *visit = &decision->visit;
    Imagined *settled = &visit->settled;
    decision->kind_sets = 0;
    visit->fresh = decision_spread(decision, &unseen, 0, MAX_WEAPONS - 1, &visit->fresh_count);
    for (long s = 0; s < seen->players; s++) {
        SeatHand *hand = &settled->hands[s];
        if (seen->visible_count[s] > MAX_HAND) {
            PyErr_SetString(PyExc_ValueError, "decide: a seat holds too many weapons");
            return -1;
        }
        hand->colour_count = (int)seen->visible_count[s];
        for (int i = 0; i < hand->colour_count; i++) {
            hand->colours[i] = tables->colour_of[seen->visible[s][i]];
            hand->shown += tables->value_of[seen->visible[s][i]];
        }
        if (seen_long(seen->cards[s], &hand->cards) < 0) return -1;
        long hidden = seen->hidden[s], low = seen->low[s], high = seen->high[s];
        if (hidden >= 0) {
            Kind *known = decision->kinds[decision->kind_sets++];
            known[0] = (Kind){tables->value_of[hidden], tables->colour_of[hidden], 1.0};
            hand->hidden = known;
            hand->hidden_count = 1;
            continue;
        }
        long total = range_total(unseen.counts, low, high, unseen.value_limit,
                                 unseen.colour_limit);
        long o = 0;  /* a seat before it with the same range shares its spread */
        while (o < s && (seen->hidden[o] >= 0 || seen->low[o] != low || seen->high[o] != high))
            o++;
        if (!total || total == unseen.total) {
            hand->hidden = visit->fresh;
            hand->hidden_count = visit->fresh_count;
        } else if (o < s) {
            hand->hidden = settled->hands[o].hidden;
            hand->hidden_count = settled->hands[o].hidden_count;
        } else {
            hand->hidden = decision_spread(decision, &unseen, low, high, &hand->hidden_count);
        }
    }
    return 0;
}

/* One pass over the spells: those in play (and the bot's attack moved by those in front of
 * it, into `my_shift`), those at the Mage, those still unseen. */
static int decision_spells(Decision *decision, const Seen *seen, long *my_shift) {
    Imagined *settled = &decision->visit.settled;
    VisitAsk *ask = &decision->ask;
    *ask = (VisitAsk){0};
    long unseen_counts[MAX_SPELL_KINDS];  /* `_SPELL_COUNTS` less the discards */
    for (int i = 0; i < spell_kinds; i++) unseen_counts[i] = spell_base[i] + seen->discarded[i];
    for (Py_ssize_t k = 0; k < seen->slot_count; k++) {
        PyObject *key = seen->slot_key[k], *status = seen->slot_status[k];
        long slot;
        if (seen_long(seen->slot_number[k], &slot) < 0) return -1;
        if (key != Py_None) {
            if (count_seen(unseen_counts, key) < 0) return -1;
            int active = PyObject_RichCompareBool(status, active_status, Py_EQ);
            if (active < 0) return -1;
            if (active) {
                if (settled->spell_count == MAX_SPELLS) {
                    PyErr_SetString(PyExc_ValueError, "decide: too many spells in play");
                    return -1;
                }
                InPlay *spell = &settled->spells[settled->spell_count++];
                spell->slot = slot;
                spell->target = -1;
                if ((seen->slot_target[k] != Py_None &&
                     seen_long(seen->slot_target[k], &spell->target) < 0) ||
                    spell_info(key, &spell->info) < 0)
                    return -1;
                if (spell->target == seen->me) *my_shift += spell->info.amount;
                continue;
            }
        }
        int open = PyObject_RichCompareBool(status, available_status, Py_EQ);
        if (open < 0) return -1;
        /* The spell whose target is being chosen is no longer at the Mage. */
        int other = open && seen->pending_slot ? PyObject_RichCompareBool(
                                                     seen->slot_number[k], seen->pending_slot,
                                                     Py_NE)
                                               : open;
        if (other < 0) return -1;
        if (other) {
            if (ask->slots == MAX_KEYS) {
                PyErr_SetString(PyExc_ValueError, "decide: too many spells at the Mage");
                return -1;
            }
            ask->slot[ask->slots] = slot;
            ask->key[ask->slots++] = key;
        }
    }
    for (int i = 0; i < spell_kinds; i++)
        if (unseen_counts[i] > 0) {
            ask->unseen_key[ask->unseen] = spell_keys[i];
            ask->unseen_count[ask->unseen++] = unseen_counts[i];
        }
    decision->pending = seen->pending_key;
    return 0;
}

/* One pass over the seats: who is settled, and how many rivals will still visit the Mage
 * (into `unvisited`); the phase. */
static int decision_seats(Decision *decision, const Seen *seen, long *unvisited) {
    Imagined *settled = &decision->visit.settled;
    *unvisited = 0;
    for (long s = 0; s < seen->players; s++) {
        int visited = PyObject_IsTrue(seen->visited[s]);
        int bust = visited ? 0 : PyObject_IsTrue(seen->bust[s]);
        if (visited < 0 || bust < 0) return -1;
        settled->settled[s] = (char)(visited || bust || s == seen->me);
        *unvisited += !visited && s != seen->me;
    }
    if ((decision->last_call = PyObject_RichCompareBool(seen->phase, last_call_phase, Py_EQ)) < 0 ||
        (decision->equipping = PyObject_RichCompareBool(seen->phase, equip_phase, Py_EQ)) < 0)
        return -1;
    if (decision->last_call) {
        int queued = PySequence_Contains(seen->last_call, seen->me_object);
        if (queued < 0) return -1;
        *unvisited = 0;
        if (queued) {
            Py_ssize_t at = PySequence_Index(seen->last_call, seen->me_object);
            Py_ssize_t length = PySequence_Size(seen->last_call);
            if (at < 0 || length < 0) return -1;
            *unvisited = (long)(length - at - 1);
        }
    }
    decision->last_equipper = !*unvisited && decision->equipping;
    if (seen_long(seen->base_hp, &settled->base_hp) < 0) return -1;
    settled->rival_draws = decision->last_call ? 1 : max_draws;
    decision->hp = imagined_hp(settled);
    return 0;
}

/* The `Decision` of what a seat has `seen` (as `bots.read_table` makes its `Table`, and
 * `Judge` its numbers): 0, or -1 with an exception. */
static int decision_of(const Seen *seen, Decision *decision) {
    const WeaponTables *tables = &weapon_tables;
    long players = seen->players, me = seen->me, my_shift = 0, unvisited = 0;
    if (seen->hidden[me] < 0) {
        PyErr_SetString(PyExc_ValueError, "decide: the seat is not shown its own hidden weapon");
        return -1;
    }
    Valuer *valuer = &decision->valuer;
    *valuer = (Valuer){.me = (int)me, .players = (int)players, .threat = decision->threat,
                       .needs = decision->needs, .game_win = game_win,
                       .rival_hearts = decision->rival_hearts,
                       .card_values = decision->card_values,
                       .card_probs = decision->card_probs, .stop_gap = stop_gap};
    Visit *visit = &decision->visit;
    Imagined *settled = &visit->settled;
    VisitAsk *ask = &decision->ask;
    memset(settled, 0, sizeof *settled);
    if (decision_scores(decision, seen) < 0 || decision_hands(decision, seen) < 0 ||
        decision_spells(decision, seen, &my_shift) < 0 ||
        decision_seats(decision, seen, &unvisited) < 0)
        return -1;

    /* The bot: its attack, its weapons (the hidden one first), the spells that move it. */
    const SeatHand *mine = &settled->hands[me];
    long my_attack = mine->shown + tables->value_of[seen->hidden[me]] + my_shift;
    decision->my_attack = my_attack > 0 ? my_attack : 0;
    visit->weapon_count = 1 + (int)seen->visible_count[me];
    for (int w = 0; w < visit->weapon_count; w++) {
        long id = w ? seen->visible[me][w - 1] : seen->hidden[me];
        visit->my_weapons[w][0] = id;
        visit->my_weapons[w][1] = tables->value_of[id];
        visit->my_weapons[w][2] = tables->colour_of[id];
    }
    if (seen_long(seen->weapon_deck, &visit->weapons_in_deck) < 0) return -1;
    decision->self_shift_count = 0;
    for (Py_ssize_t i = 0; i < ask->slots; i++) {
        SpellInfo info;
        if (ask->key[i] == Py_None) continue;  /* the blind Mystery */
        if (spell_info(ask->key[i], &info) < 0) return -1;
        if (info.effect == E_ATTACK || info.effect == E_BOSS_HP)
            decision->self_shifts[decision->self_shift_count++] =
                info.effect == E_ATTACK ? info.amount : -info.amount;
    }
    decision->deck_top = seen->deck_top >= 0 ? tables->value_of[seen->deck_top] : -1;
    ask->visitors = unvisited;
    ask->my_attack = decision->my_attack;
    memset(decision->memo.known, 0, sizeof decision->memo.known);
    return 0;
}

/* `Judge.settled_at(attack)`: the bot's value settled at `attack`, kept in the memo. */
static int decision_settled(Decision *decision, Mage *mage, long attack, double *out) {
    Memo *memo = &decision->memo;
    int in_memo = memo_holds(attack);
    if (in_memo && memo->known[attack - MEMO_LOW]) {
        *out = memo->value[attack - MEMO_LOW];
        return 0;
    }
    long move = attack - decision->my_attack;
    if (mage_moved_values(mage, &decision->visit.settled, &move, 1, out) < 0) return -1;
    if (in_memo) {
        memo->known[attack - MEMO_LOW] = 1;
        memo->value[attack - MEMO_LOW] = *out;
    }
    return 0;
}

/* `_stop_value(table, judge, attack, spells)`; 0, or -1 with an exception. */
static int decision_stop_value(Decision *decision, Mage *mage, long attack, double spells,
                               double *out) {
    double plain, fixed;
    if (decision_settled(decision, mage, attack, &plain) < 0) return -1;
    if (spells == 0.0) {
        *out = plain;
        return 0;
    }
    fixed = plain;
    for (Py_ssize_t i = 0; i < decision->self_shift_count; i++) {
        double moved;
        if (decision_settled(decision, mage, attack + decision->self_shifts[i], &moved) < 0)
            return -1;
        if (i == 0 || moved > fixed) fixed = moved;
    }
    double gain = fixed - plain;
    *out = plain + spells * (gain > 0.0 ? gain : 0.0);
    return 0;
}

/* `_draw_values` of the draws taking `counts` cards (`count` of them) into `values`: the
 * bot's value settled at every attack the stopping reaches (`Judge.settled_over`), those
 * not in the memo valued in one pass, then `stopping_values` over them. 0, or -1 with an
 * exception. */
static int decision_draws(Decision *decision, Mage *mage, const long *counts, Py_ssize_t count,
                          int continuing, double spells, double *values) {
    const Valuer *valuer = &decision->valuer;
    Memo *memo = &decision->memo;
    long start = decision->my_attack, hp = decision->hp, lowest = 0, low = 0, high = 0;
    for (Py_ssize_t i = 0; i < decision->self_shift_count; i++)
        if (decision->self_shifts[i] < lowest) lowest = decision->self_shifts[i];
    /* Beyond what a spell could bring back under the HP, every bust is the same. */
    long hopeless = hp + 1 - lowest;
    Py_ssize_t move_count = spells != 0.0 ? decision->self_shift_count : 0;
    for (Py_ssize_t i = 0; i < move_count; i++) {
        if (decision->self_shifts[i] < low) low = decision->self_shifts[i];
        if (decision->self_shifts[i] > high) high = decision->self_shifts[i];
    }
    long first = (start < hp + 1 ? start : hp + 1) + low, last = hopeless + high;
    Py_ssize_t known = last >= first ? (Py_ssize_t)(last - first + 1) : 0;
    double *plain = PyMem_Calloc((size_t)known + 1, sizeof(double));
    double *found = PyMem_Calloc((size_t)known + 1, sizeof(double));
    long *wanted = PyMem_Calloc((size_t)known + 1, sizeof(long));
    long *moves = PyMem_Calloc((size_t)known + 1, sizeof(long));
    long card_values[MAX_WEAPONS];
    Py_ssize_t missing = 0;
    int failed = -1;
    if (!plain || !found || !wanted || !moves) {
        PyErr_NoMemory();
        goto done;
    }
    for (int c = 0; c < valuer->card_count; c++) card_values[c] = valuer->card_values[c];
    for (Py_ssize_t i = 0; i < known; i++) {
        long attack = first + (long)i;
        if (memo_holds(attack) && memo->known[attack - MEMO_LOW]) {
            plain[i] = memo->value[attack - MEMO_LOW];
        } else {
            wanted[missing] = (long)i;
            moves[missing++] = attack - start;
        }
    }
    if (missing && mage_moved_values(mage, &decision->visit.settled, moves, missing, found) < 0)
        goto done;
    for (Py_ssize_t j = 0; j < missing; j++) {
        long attack = first + wanted[j];
        plain[wanted[j]] = found[j];
        if (memo_holds(attack)) {
            memo->known[attack - MEMO_LOW] = 1;
            memo->value[attack - MEMO_LOW] = found[j];
        }
    }
    failed = stopping_values(plain, known, first, start, hp, hopeless, hp + 1 + 4 * most_value,
                             spells, decision->self_shifts, move_count, card_values,
                             valuer->card_probs, valuer->card_count, continuing, counts, count,
                             decision->deck_top, tempo, values);

done:
    PyMem_Free(plain);
    PyMem_Free(found);
    PyMem_Free(wanted);
    PyMem_Free(moves);
    return failed;
}

/* An (action, value) pair appended to `valued`; 0, or -1 with an exception. */
static int append_valued(PyObject *valued, PyObject *action, double value) {
    PyObject *number = PyFloat_FromDouble(value);
    PyObject *pair = number ? PyTuple_Pack(2, action, number) : NULL;
    Py_XDECREF(number);
    int failed = !pair || PyList_Append(valued, pair) < 0;
    Py_XDECREF(pair);
    return failed ? -1 : 0;
}

/* The draws and their values, as `_draw_values` lists them; NULL with an exception. */
static PyObject *valued_draws(PyObject *const *draws, const double *values, Py_ssize_t count) {
    PyObject *valued = PyList_New(0);
    for (Py_ssize_t a = 0; valued && a < count; a++)
        if (append_valued(valued, draws[a], values[a]) < 0) Py_CLEAR(valued);
    return valued;
}

/* `_visit_values` of the `count` visits (sorted into `ask`), the blind Mystery after the
 * others, their highest value into `best`; NULL with an exception. */
static PyObject *decision_visits(Decision *decision, Mage *mage, PyObject *const *visits,
                                 Py_ssize_t count, double *best) {
    const VisitAsk *ask = &decision->ask;
    double values[MAX_KEYS];
    if (mage_visit_values(mage, &decision->visit, ask, values) < 0) return NULL;
    PyObject *valued = PyList_New(0), *blind = PyList_New(0);
    for (Py_ssize_t a = 0; valued && blind && a < count; a++) {
        if (a == 0 || values[a] > *best) *best = values[a];
        int is_blind = 0;
        for (Py_ssize_t i = 0; ask->kind[a] == 2 && i < ask->slots; i++)
            if (ask->slot[i] == ask->at_slot[a]) is_blind = ask->key[i] == Py_None;
        if (append_valued(is_blind ? blind : valued, visits[a], values[a]) < 0) Py_CLEAR(valued);
    }
    if (valued && (!blind || PyList_SetSlice(valued, PyList_GET_SIZE(valued),
                                             PyList_GET_SIZE(valued), blind) < 0))
        Py_CLEAR(valued);
    Py_XDECREF(blind);
    return valued;
}

/* The highest of `count` values. */
static double highest(const double *values, Py_ssize_t count) {
    double top = values[0];
    for (Py_ssize_t i = 1; i < count; i++)
        if (values[i] > top) top = values[i];
    return top;
}

/* `_take_turn` over the `legal` actions (a list): their (action, value) pairs, None for an
 * action it does not know, or NULL with an exception. */
static PyObject *decision_turn(Decision *decision, PyObject *legal) {
    PyObject *draws[MAX_LEGAL], *visits[MAX_LEGAL];
    long counts[MAX_DRAW_COUNT + 1];
    Py_ssize_t draw_count = 0, visit_count = 0;
    VisitAsk *ask = &decision->ask;
    if (PyList_GET_SIZE(legal) > MAX_LEGAL) Py_RETURN_NONE;
    /* Sorted as `_take_turn` sorts them, each visit coded for `mage_visit_values`: its
     * kind (0 a bare visit, 1 a discard, 2 an activation) and slot. */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(legal); i++) {
        PyObject *action = PyList_GET_ITEM(legal, i), *kind = (PyObject *)Py_TYPE(action);
        if (kind == equip_class) {
            if (draw_count == MAX_DRAW_COUNT) {
                PyErr_SetString(PyExc_ValueError, "decide: at most 16 draws");
                return NULL;
            }
            if (action_long(action, A_COUNT, &counts[draw_count]) < 0) return NULL;
            draws[draw_count++] = action;
            continue;
        }
        long code = kind == visit_mage_class ? 0
                    : kind == discard_class  ? 1
                    : kind == activate_class ? 2
                                             : -1;
        if (code < 0) Py_RETURN_NONE;  /* a visit it does not know */
        ask->kind[visit_count] = code;
        ask->at_slot[visit_count] = -1;
        if (code > 0 && action_long(action, A_SLOT, &ask->at_slot[visit_count]) < 0) return NULL;
        visits[visit_count++] = action;
    }
    ask->asked = visit_count;
    Mage mage = {.valuer = &decision->valuer};
    PyObject *result = NULL, *visit_valued = NULL;
    double values[MAX_DRAW_COUNT + 1], best_visit = 0.0;
    double spells = pow(spell_survives, (double)ask->visitors);
    if (draw_count && decision->equipping && !decision->last_equipper &&
        decision->my_attack + most_value <= decision->hp) {  /* no card can bust it */
        if (decision_draws(decision, &mage, counts, draw_count, 1, spells, values) == 0)
            result = valued_draws(draws, values, draw_count);
        goto done;
    }
    if (!visit_count) {  /* `_most` of no visit: the Python code says what is wrong */
        result = Py_NewRef(Py_None);
        goto done;
    }
    if (!(visit_valued = decision_visits(decision, &mage, visits, visit_count, &best_visit)))
        goto done;
    if (draw_count) {  /* `_draw_if_worth_it` */
        double worth = 0.0;
        int drawn;
        if (decision->last_call) {  /* one card and no visit afterwards: against the best now */
            drawn = decision_draws(decision, &mage, counts, draw_count, 0, 0.0, values);
            worth = best_visit;
        } else if (decision->last_equipper) {  /* one last equip, then the Mage at once */
            drawn = decision_draws(decision, &mage, counts, draw_count, 0, 1.0, values);
            if (drawn == 0)
                drawn = decision_stop_value(decision, &mage, decision->my_attack, 1.0, &worth);
        } else {  /* a spell worth taking now may be gone by the next visit */
            double stop_now = 0.0, gone = 1.0 - spells;
            drawn = decision_draws(decision, &mage, counts, draw_count, 1, spells, values);
            if (drawn == 0) drawn = decision_settled(decision, &mage, decision->my_attack, &stop_now);
            worth = stop_now + gone * (best_visit - stop_now);
        }
        if (drawn < 0) goto done;
        if (highest(values, draw_count) > worth) {
            result = valued_draws(draws, values, draw_count);
            goto done;
        }
    }
    result = Py_NewRef(visit_valued);

done:
    Py_XDECREF(visit_valued);
    mage_free(&mage);
    return result;
}

/* `_choose_target` for the pending spell: each use of it valued (`_use_targets`, `_uses`),
 * the pairs of the uses whose target is one of the `legal` actions (found by identity, else
 * by equality); NULL with an exception. */
static PyObject *decision_targets(Decision *decision, PyObject *legal) {
    SpellInfo info;
    if (spell_info(decision->pending, &info) < 0) return NULL;
    const Visit *visit = &decision->visit;
    const Imagined *settled = &visit->settled;
    long me = decision->valuer.me, players = decision->valuer.players;
    /* Each use's target: a seat, a spell in play or a weapon of the bot (a tuple of the
     * actions, by number), or none. */
    PyObject *choices = NULL;
    long numbers[MAX_SEATS + MAX_SPELLS + MAX_HAND + 1];
    int count = 0;
    if (info.effect == E_ATTACK || info.effect == E_SWAP) {
        choices = choose_player;
        for (long s = 0; s < players; s++)
            if (info.effect == E_ATTACK || s != me) numbers[count++] = s;
    } else if (info.effect == E_CANCEL) {
        choices = choose_spell;
        for (int i = 0; i < settled->spell_count; i++) {
            int effect = settled->spells[i].info.effect;
            if (effect != E_SWAP && effect != E_EXCHANGE) numbers[count++] = settled->spells[i].slot;
        }
    } else if (info.effect == E_EXCHANGE && visit->weapons_in_deck) {
        choices = choose_weapon;
        for (int w = 0; w < visit->weapon_count; w++) numbers[count++] = visit->my_weapons[w][0];
    }
    Mage mage = {.valuer = &decision->valuer};
    const double *uses;
    int use_count = worths(&mage, visit, decision->pending, &uses);
    PyObject *valued = use_count < 0 ? NULL : PyList_New(0);
    if (valued && count && use_count != count) {
        PyErr_SetString(PyExc_RuntimeError, "decide: a use for every target");
        Py_CLEAR(valued);
    }
    for (int i = 0; valued && choices && i < count; i++) {
        if (numbers[i] < 0 || numbers[i] >= PyTuple_GET_SIZE(choices)) {
            PyErr_SetString(PyExc_IndexError, "decide: a target out of range");
            Py_CLEAR(valued);
            break;
        }
        PyObject *target = PyTuple_GET_ITEM(choices, numbers[i]);
        int listed = 0;
        for (Py_ssize_t a = 0; !listed && a < PyList_GET_SIZE(legal); a++)
            listed = PyList_GET_ITEM(legal, a) == target;
        if (!listed && (listed = PySequence_Contains(legal, target)) < 0) Py_CLEAR(valued);
        else if (listed && append_valued(valued, target, uses[i]) < 0) Py_CLEAR(valued);
    }
    mage_free(&mage);
    return valued;
}

/* A decision over `legal` from what a seat has `seen`; None for an action it does not
 * know, NULL with an exception. */
static PyObject *decide(const Seen *seen, PyObject *legal) {
    if (!PyList_Check(legal)) {
        PyErr_SetString(PyExc_TypeError, "decide: the legal actions are not a list");
        return NULL;
    }
    Decision *decision = PyMem_Malloc(sizeof(Decision));
    if (!decision) return PyErr_NoMemory();
    PyObject *result = NULL;
    if (decision_of(seen, decision) == 0)
        result = decision->pending ? decision_targets(decision, legal)
                                   : decision_turn(decision, legal);
    PyMem_Free(decision);
    return result;
}

static int check_deciding(void) {
    if (deciding_spells && key_of_spell) return 0;
    PyErr_SetString(PyExc_RuntimeError, "a decision before configure_reading and "
                                        "configure_deciding");
    return -1;
}

/* seat_decision(state, seat, legal) -> list[tuple[Action, float]] | None */
static PyObject *seat_decision(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "seat_decision(state, seat, legal) takes 3 arguments");
        return NULL;
    }
    if (check_deciding() < 0) return NULL;
    Seen seen;
    seen.held_count = 0;
    PyObject *result = seen_in_state(&seen, args[0], args[1], weapon_tables.weapons) < 0
                           ? NULL : decide(&seen, args[2]);
    seen_release(&seen);
    return result;
}

/* view_decision(view, legal) -> list[tuple[Action, float]] | None */
static PyObject *view_decision(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "view_decision(view, legal) takes 2 arguments");
        return NULL;
    }
    if (check_deciding() < 0) return NULL;
    Seen seen;
    seen.held_count = 0;
    if (seen_weapons_in_view(&seen, args[0], weapon_tables.weapons) < 0 ||
        seen_rest_in_view(&seen, args[0]) < 0)
        return NULL;
    return decide(&seen, args[1]);
}

/* configure_deciding((equip, visit_mage, discard, activate), (choose_player, choose_spell,
 * choose_weapon), spell_table, tuning, stop_gap): the action classes a decision sorts, the
 * target actions by number, `_SPELL_TABLE`, the tuning (denial share, Mystery margin,
 * tempo, a spell surviving a visit, a game won, threat, threat lead, a heart, the last
 * heart, a rival's heart, a rival's last heart behind the bot and ahead) and a drawing
 * rival's stop gap. After `configure_reading` (the card values, phases and a rival's
 * draws). */
static PyObject *configure_deciding(PyObject *module, PyObject *args) {
    PyObject *classes[4], *targets[3], *spells;
    double tuning[12];
    int gap;
    if (!PyArg_ParseTuple(args, "(O!O!O!O!)(O!O!O!)O!(dddddddddddd)i", &PyType_Type,
                          &classes[0], &PyType_Type, &classes[1], &PyType_Type, &classes[2],
                          &PyType_Type, &classes[3], &PyTuple_Type, &targets[0], &PyTuple_Type,
                          &targets[1], &PyTuple_Type, &targets[2], &PyDict_Type, &spells,
                          &tuning[0], &tuning[1], &tuning[2], &tuning[3], &tuning[4],
                          &tuning[5], &tuning[6], &tuning[7], &tuning[8], &tuning[9],
                          &tuning[10], &tuning[11], &gap))
        return NULL;
    if (!equip_phase || !weapon_tables.value_count) {
        PyErr_SetString(PyExc_RuntimeError, "configure_deciding before configure_reading");
        return NULL;
    }
    for (int i = 0; i < ACTION_NAMES; i++)
        if (!action_names[i] && !(action_names[i] = PyUnicode_InternFromString(action_texts[i])))
            return NULL;
    PyObject **kept[] = {&equip_class,   &visit_mage_class, &discard_class, &activate_class,
                         &choose_player, &choose_spell,     &choose_weapon, &deciding_spells};
    PyObject *given[] = {classes[0], classes[1], classes[2], classes[3],
                         targets[0], targets[1], targets[2], spells};
    for (size_t i = 0; i < sizeof given / sizeof given[0]; i++)
        Py_XSETREF(*kept[i], Py_NewRef(given[i]));
    /* An Activate's slot and an Equip's count, read from their slots. */
    for (int name = 0; name < ACTION_NAMES; name++) {
        PyObject *cls = name == A_SLOT ? classes[3] : classes[0];
        Py_ssize_t offset = slot_offset(cls, action_names[name]);
        if (offset == -2) return NULL;
        action_slots[name] = offset;
        action_slot_classes[name] = offset >= 0 ? (PyTypeObject *)cls : NULL;
    }
    double *set[] = {&denial_share, &mystery_margin, &tempo, &spell_survives,
                     &game_win, &threat_share, &threat_lead, &heart,
                     &last_heart, &rival_heart, &rival_falls_behind_me, &rival_falls_ahead};
    for (int i = 0; i < 12; i++) *set[i] = tuning[i];
    stop_gap = gap;
    most_value = weapon_tables.values[0];
    for (long i = 1; i < weapon_tables.value_count; i++)
        if (weapon_tables.values[i] > most_value) most_value = weapon_tables.values[i];
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"configure_reading", configure_reading, METH_VARARGS,
     "configure_reading(spell_counts, active, available, equip, last_call, max_draws, "
     "weapon_value, weapon_colour, values, spell_keys, boss_hp)"},
    {"configure_deciding", configure_deciding, METH_VARARGS,
     "configure_deciding(action_classes, targets, spell_table, tuning, stop_gap)"},
    {"seat_decision", (PyCFunction)(void (*)(void))seat_decision, METH_FASTCALL,
     "seat_decision(state, seat, legal) -> list[tuple[Action, float]] | None: the bot's "
     "valued choices, read from what `seat` sees of `state`"},
    {"view_decision", (PyCFunction)(void (*)(void))view_decision, METH_FASTCALL,
     "view_decision(view, legal) -> list[tuple[Action, float]] | None: the same, from a "
     "seat's view"},
    {"stopping", (PyCFunction)(void (*)(void))stopping, METH_FASTCALL,
     "stopping(settled, first, start, hp, hopeless, top, spells, shifts, card, continuing, "
     "counts, deck_top, tempo) -> list[float]"},
    {NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_judge",
    "Boss Quest's heuristic bot: its whole decision in C (bots.py).", -1, module_methods,
};

PyMODINIT_FUNC PyInit__judge(void) {
    for (int i = 0; i < VIEW_NAMES; i++)
        if (!view_names[i] && !(view_names[i] = PyUnicode_InternFromString(view_texts[i])))
            return NULL;
    for (int i = 0; i < STATE_NAMES; i++)
        if (!state_names[i] && !(state_names[i] = PyUnicode_InternFromString(state_texts[i])))
            return NULL;
    if ((!key_target_name && !(key_target_name = PyUnicode_InternFromString("key_target"))) ||
        (!check_seat_name && !(check_seat_name = PyUnicode_InternFromString("check_seat"))))
        return NULL;
    if (PyType_Ready(&ForecastType) < 0) return NULL;
    return PyModule_Create(&module);
}
