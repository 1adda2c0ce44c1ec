"""Boss Quest bots: ``heuristic``, a player that reasons like a careful person.

It reads only its own view, and values every choice with one small model of the round:

- **What it does not know.** The unseen weapons are all 35 minus every face-up weapon and
  every hidden one it knows (its own; both after a Swap). The next card is drawn from them
  (unless an Exchange has put a weapon it knows on top of the deck); a rival's hidden
  weapon is one of them whose value lies in that rival's public range (narrowed by every
  bust announcement, or its absence).
- **What the rivals will do.** A rival who has visited the Mage, or announced a bust, keeps
  the attack it has. A rival still equipping is expected to draw one card at a time until
  it is within `RIVAL_STOP_GAP` of the HP (one card at most during Last call).
- **What a position is worth.** Its expected keys this round (the round's key with ties
  and Runner-up, Bonus keys, perfect hits, a game won at the key target), minus the
  rivals' expected keys weighted by how threatening each is (the closer to the key target,
  the more), minus the expected cost of a lost heart (the last one loses the game), plus
  the rivals' expected lost hearts (a rival's last heart ends the game: good when the bot
  leads, bad otherwise).

Its turn is then a choice between drawing and visiting the Mage:

- **Draw or stop.** An optimal-stopping recursion over its attack: at each attack it may
  stop (visit the Mage, perhaps fixing an overshoot or reaching a perfect hit with a spell
  that changes the HP or its attack, if that spell is still there) or draw one more card.
  It draws while the expected value of drawing beats stopping; it takes several cards at
  once while the bust risk they add costs less than the turns they save.
- **At the Mage.** Every legal visit is valued: activating a face-up spell on its best
  target (its own overshoot fixed, a perfect hit, attack +2 on a rival near the HP, a
  condition the leader fails, a Swap for a promising hidden weapon, an Exchange of a bad
  weapon, a Cancel of what hurts it (of Last call: the rivals' normal turns come back),
  Last call while it leads), or discarding one. Taking a spell also keeps it from the
  rivals still to visit, so each spell adds the harm it could do in a rival's hands. The
  face-down Mystery spell is activated blind only when the bot is bust and nothing it can
  see saves it.

Ties are broken by the bot's own seeded generator, so a bot with a given seed always plays
the same game the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gamenight.kernel import Action, Bot, State

from .actions import (
    CHOOSE_PLAYER,
    CHOOSE_SPELL,
    CHOOSE_WEAPON,
    Activate,
    ChoosePlayer,
    ChooseSpell,
    ChooseWeapon,
    Discard,
    Equip,
    VisitMage,
)
from .content import (
    BOSS_HP,
    INSTANT_EFFECTS,
    NUM_WEAPONS,
    SPELLS,
    VALUES,
    WEAPON_COLOUR,
    WEAPON_VALUE,
    Effect,
)
from .model import Phase, SlotStatus
from .state import BossQuestState
from .views import BossQuestView, SeatView

try:
    from ._judge import configure_deciding, configure_reading, seat_decision, view_decision

    NATIVE = True  # the whole decision in C (tests turn it off to compare the two)
except ImportError:  # not built (a plain source tree): the Python code gives the same floats
    NATIVE = False

# ----- tuning (values are in keys) -----------------------------------------------------------

GAME_WIN = 3.0  # a key that reaches the key target is worth this much more
HEART = 0.4  # losing a heart, with more than one left
LAST_HEART = 4.0  # losing the last heart: the game ends and the bot loses
RIVAL_HEART = 0.1  # a rival losing one of several hearts
RIVAL_FALLS_BEHIND_ME = 3.0  # a rival losing its last heart while the bot leads: a win
RIVAL_FALLS_AHEAD = -1.0  # ... while somebody else leads: the game ends without the bot
THREAT = 0.6  # weight of a rival's keys (divided among the rivals), grown by its lead
THREAT_LEAD = 1.5  # extra weight per fraction of the key target a rival holds
RIVAL_STOP_GAP = 3  # a rival still equipping stops drawing this close to the HP
SPELL_SURVIVES = 0.8  # chance that a face-up spell is still there after each rival's visit
TEMPO = 0.02  # value of each extra card taken at once (a turn saved before rivals act)
DENIAL = 0.5  # share of the harm a spell could do in a rival's hands counted as its value
MYSTERY_MARGIN = 0.1  # the blind Mystery must beat the best visible option by this much

UNSEEN_COLOUR = -1  # the colour of a card not drawn yet
PAIR = -2  # a condition: "Pair required" (the others are colour indexes)
MAX_DRAWS = 8  # steps in a rival's drawing forecast
EPSILON = 1e-9

SPELL_BY_KEY = {spell.key: spell for spell in SPELLS}
# Bound once: a decision values thousands of imagined positions, and looking a member up
# on its enum class costs more than the rest of a step.
_BOSS_HP, _MERCY, _BONUS_KEY, _RUNNER_UP = (
    Effect.BOSS_HP,
    Effect.MERCY,
    Effect.BONUS_KEY,
    Effect.RUNNER_UP,
)
_REQUIRE_COLOUR, _REQUIRE_PAIR = Effect.REQUIRE_COLOUR, Effect.REQUIRE_PAIR
_ATTACK, _EXCHANGE = Effect.ATTACK, Effect.EXCHANGE
_ACTIVE, _AVAILABLE = SlotStatus.ACTIVE, SlotStatus.AVAILABLE
_EQUIP, _LAST_CALL = Phase.EQUIP, Phase.LAST_CALL
SPELL_COUNTS = Counter(spell.key for spell in SPELLS)
_SPELL_COUNTS = dict(SPELL_COUNTS)  # copied for every view read
_HP_SHIFT = {spell.key: spell.amount if spell.effect is _BOSS_HP else 0 for spell in SPELLS}
# How far each spell, taken by the bot, moves its attack against the HP (None: it doesn't).
_SELF_SHIFT = {
    spell.key: (
        spell.amount
        if spell.effect is Effect.ATTACK
        else -spell.amount
        if spell.effect is Effect.BOSS_HP
        else None
    )
    for spell in SPELLS
}
# For the decision in C (`_judge.seat_decision`): each spell's effect (numbered as the C code
# numbers them), amount and colour.
_EFFECT_CODES = {
    effect: code
    for code, effect in enumerate(
        (
            Effect.ATTACK,
            Effect.SWAP,
            Effect.EXCHANGE,
            Effect.BOSS_HP,
            Effect.REQUIRE_COLOUR,
            Effect.REQUIRE_PAIR,
            Effect.MERCY,
            Effect.CANCEL,
            Effect.BONUS_KEY,
            Effect.RUNNER_UP,
            Effect.LAST_CALL,
        )
    )
}
_SPELL_TABLE = {
    spell.key: (_EFFECT_CODES[spell.effect], spell.amount, spell.colour) for spell in SPELLS
}
WEAPON_KIND = tuple(zip(WEAPON_VALUE, WEAPON_COLOUR, strict=True))  # (value, colour) by id

# Actions and their values, each action listed once: kept in a list, not a dict keyed by
# the actions (hashing a frozen dataclass is a Python call).
Valued = list[tuple[Action, float]]
Outcomes = list[tuple[float, "Position"]]  # a position reached with some probability
Uses = list[tuple[Action | None, Outcomes]]  # a spell's target choices and their outcomes
# One seat's part of a battle: final attack -> probability, the chance of meeting the
# conditions, per attack the chances of ending above it / at it and may win, and the
# chance of ending above the HP.
SeatForecast = tuple[dict[int, float], float, list[float], list[float], float]


# ----- the model of a round ------------------------------------------------------------------

Hidden = tuple[tuple[int, int, float], ...]  # a face-down weapon: (value, colour, probability)
Card = tuple[tuple[int, float], ...]  # a card's value: (value, probability)


@dataclass(frozen=True, slots=True)
class Hand:
    """What the bot believes about one seat's weapons."""

    shown: int  # total of the face-up weapons
    colours: tuple[int, ...]  # colours of the face-up weapons (or UNSEEN_COLOUR)
    hidden: Hidden  # the face-down one
    cards: int  # weapon cards held (a tie goes to fewer)
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        # A key of the Judge's tables, hashed again for every position holding it: once.
        found = self._hash
        if found is None:
            found = hash((self.shown, self.colours, self.hidden, self.cards))
            object.__setattr__(self, "_hash", found)
        return found

    def with_value(self, shift: int) -> Hand:
        """The same hand, `shift` higher (cards drawn, colours unknown)."""
        return Hand(self.shown + shift, self.colours, self.hidden, self.cards)

    def with_hidden(self, hidden: Hidden) -> Hand:
        """The same face-up weapons, another hidden one."""
        return Hand(self.shown, self.colours, hidden, self.cards)


@dataclass(frozen=True, slots=True)
class Position:
    """A round as the bot imagines it: hands, spells in play, who is done."""

    base_hp: int
    spells: tuple[tuple[int, str, int], ...]  # active spells: (slot, key, target seat or -1)
    hands: tuple[Hand, ...]
    settled: tuple[bool, ...]  # the seat's attack changes only by spells from now on
    rival_draws: int  # how many more cards an unsettled rival may take
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        # A key of the Judge's values, looked up and stored: hashed once.
        found = self._hash
        if found is None:
            found = hash((self.base_hp, self.spells, self.hands, self.settled, self.rival_draws))
            object.__setattr__(self, "_hash", found)
        return found

    def hp(self) -> int:
        return self.base_hp + sum([_HP_SHIFT[key] for _, key, _ in self.spells])

    def attack_shifts(self) -> list[int]:
        """Per seat, the sum of the active spells placed in front of it."""
        shifts = [0] * len(self.hands)
        for _, key, target in self.spells:
            if target >= 0:
                shifts[target] += SPELL_BY_KEY[key].amount
        return shifts

    def attack_distribution(self, seat: int) -> dict[int, float]:
        return attack_distribution(self.hands[seat], self.attack_shifts()[seat])

    def settle(self, seat: int) -> Position:
        settled = list(self.settled)
        settled[seat] = True
        return Position(self.base_hp, self.spells, self.hands, tuple(settled), self.rival_draws)

    def with_hand(self, seat: int, hand: Hand) -> Position:
        hands = list(self.hands)
        hands[seat] = hand
        return Position(self.base_hp, self.spells, tuple(hands), self.settled, self.rival_draws)

    def with_spell(self, key: str, target: int = -1) -> Position:
        spells = (*self.spells, (-1, key, target))
        return Position(self.base_hp, spells, self.hands, self.settled, self.rival_draws)

    def without_spell(self, slot: int) -> Position:
        """Cancel the spell in `slot`; a cancelled Last call gives the rivals their normal
        turns back."""
        kept = tuple(s for s in self.spells if s[0] != slot)
        cancelled = (SPELL_BY_KEY[key].effect for s, key, _ in self.spells if s == slot)
        draws = MAX_DRAWS if Effect.LAST_CALL in cancelled else self.rival_draws
        return Position(self.base_hp, kept, self.hands, self.settled, draws)

    def swapped(self, seat: int, other: int) -> Position:
        mine, theirs = self.hands[seat], self.hands[other]
        return self.with_hand(seat, mine.with_hidden(theirs.hidden)).with_hand(
            other, theirs.with_hidden(mine.hidden)
        )

    def last_call(self) -> Position:
        return Position(self.base_hp, self.spells, self.hands, self.settled, 1)


def attack_distribution(hand: Hand, shift: int) -> dict[int, float]:
    """A seat's attack now (final attack -> probability): its hand, `shift` by spells."""
    dist: dict[int, float] = {}
    for value, _, p in hand.hidden:
        attack = max(0, hand.shown + value + shift)
        dist[attack] = dist.get(attack, 0.0) + p
    return dist


def meet_probability(hand: Hand, conditions: Sequence[int]) -> float:
    """The chance that `hand` satisfies every Colour/Pair required condition."""
    if not conditions:
        return 1.0
    total = 0.0
    for _, colour, p in hand.hidden:
        colours = (*hand.colours, colour)
        known = [c for c in colours if c != UNSEEN_COLOUR]
        if all(len(set(known)) < len(known) if c == PAIR else c in colours for c in conditions):
            total += p
    return total


# ----- reading the view ----------------------------------------------------------------------


_KEPT = 4096  # entries a cache keeps before it is emptied


@dataclass(slots=True)
class Table:
    """Everything the bot reads from its view once per decision (`_judge.seat_decision`
    holds the same in C structs). Its tuples may be shared with other tables: the bot never
    changes them."""

    me: int
    players: int
    position: Position  # the round now
    keys: list[int]
    hearts: list[int]
    key_target: int
    card: Card  # value distribution of an unknown weapon drawn
    unseen_weapons: tuple[int, ...]
    deck_top: int | None  # the deck's top weapon, when known (an Exchange put it there)
    my_weapons: list[int]  # hidden first
    available: dict[int, str | None]  # slot -> face-up key, None for the Mystery
    visitors_after_me: int  # rivals who will still visit the Mage this round
    phase: Phase
    last_equipper: bool  # everyone else has visited: one last equip, then the Mage
    weapons_in_deck: int
    unseen_spells: dict[str, int]  # how many of each spell are still unseen
    pending: str | None  # the spell whose target the bot must choose
    my_attack: int  # the bot's own attack now (it knows its hidden weapon)
    self_shifts: list[int]  # how far face-up spells could move its attack against the HP
    fresh: Hidden  # a weapon drawn blind: any unseen one (an Exchange of the hidden one)
    settled: Position  # the round now with the bot settled (asked for often)


if NATIVE:
    configure_reading(
        _SPELL_COUNTS,
        _ACTIVE,
        _AVAILABLE,
        _EQUIP,
        _LAST_CALL,
        MAX_DRAWS,
        WEAPON_VALUE,
        WEAPON_COLOUR,
        VALUES,
        tuple(spell.key for spell in SPELLS),
        BOSS_HP,
    )
    configure_deciding(
        (Equip, VisitMage, Discard, Activate),
        (CHOOSE_PLAYER, CHOOSE_SPELL, CHOOSE_WEAPON),
        _SPELL_TABLE,
        (
            DENIAL,
            MYSTERY_MARGIN,
            TEMPO,
            SPELL_SURVIVES,
            GAME_WIN,
            THREAT,
            THREAT_LEAD,
            HEART,
            LAST_HEART,
            RIVAL_HEART,
            RIVAL_FALLS_BEHIND_ME,
            RIVAL_FALLS_AHEAD,
        ),
        RIVAL_STOP_GAP,
    )


def read_table(view: BossQuestView) -> Table:
    """What the bot knows and believes, from a seat's view."""
    me, seats = view["seat"], view["seats"]
    if me is None:
        raise ValueError("a bot reads a seat's view, not a spectator's")
    my_seat = seats[me]
    my_hidden = my_seat["hidden"]
    assert my_hidden is not None  # a seat always knows its own hidden weapon
    unseen, card, deck_top, parts, fresh = _read_weapons(view)
    hands = tuple([Hand(*part) for part in parts])

    # One pass over the spells and one over the seats: a bot reads a view every decision.
    spells, available = [], {}
    pending_view = view["pending"]
    pending = pending_view["slot"] if pending_view else -1
    unseen_spells = _SPELL_COUNTS.copy()
    for slot in view["spells"]:
        key = slot["spell"]
        status = slot["status"]
        if key is not None:
            unseen_spells[key] -= 1
            if status == _ACTIVE:  # activated: face up
                target = slot["target"]
                spells.append((slot["slot"], key, -1 if target is None else target))
                continue
        if status == _AVAILABLE and slot["slot"] != pending:
            available[slot["slot"]] = key
    for key in view["spell_discard"]:
        unseen_spells[key] -= 1

    keys, hearts, settled = [], [], []
    unvisited = 0
    for seat in seats:
        keys.append(seat["keys"])
        hearts.append(seat["hearts"])
        visited = seat["visited_mage"]
        settled.append(visited or seat["bust"])
        if not visited and seat["seat"] != me:
            unvisited += 1
    phase = view["phase"]
    last_call = phase == _LAST_CALL
    if last_call:
        queue = view["last_call"]
        unvisited = len(queue) - queue.index(me) - 1 if me in queue else 0
    position = Position(
        view["boss"]["base_hp"],
        tuple(spells),
        hands,
        tuple(settled),
        1 if last_call else MAX_DRAWS,
    )
    return Table(
        me=me,
        players=view["players"],
        position=position,
        keys=keys,
        hearts=hearts,
        key_target=view["key_target"],
        card=card,
        unseen_weapons=unseen,
        deck_top=deck_top,
        my_weapons=[my_hidden["id"], *[w["id"] for w in my_seat["visible"]]],
        available=available,
        visitors_after_me=unvisited,
        phase=phase,
        last_equipper=not unvisited and phase == _EQUIP,
        weapons_in_deck=view["weapon_deck"],
        # What `Counter` subtraction keeps: the spells still unseen, in `SPELLS` order.
        unseen_spells={key: count for key, count in unseen_spells.items() if count > 0},
        pending=pending_view["spell"] if pending_view else None,
        my_attack=_only(position.attack_distribution(me)),
        self_shifts=_self_shifts(available),
        fresh=fresh,
        settled=position.settle(me),
    )


Kinds = list[tuple[int, int, int]]  # (value, colour, how many weapons), in that order
HandParts = tuple[int, tuple[int, ...], Hidden, int]  # a `Hand`'s fields


def _read_weapons(
    view: BossQuestView,
) -> tuple[tuple[int, ...], Card, int | None, list[HandParts], Hidden]:
    """The weapons a seat's view shows (`count_unseen` and `decision_of` in C): the
    unseen ones (by id), the value of an unknown card drawn from them, the deck's top weapon
    when known, each seat's hand, its hidden weapon spread over the unseen ones its range
    allows, and a weapon drawn blind (any unseen one)."""
    seats = view["seats"]
    seen = {w["id"] for s in seats for w in s["visible"]}
    seen.update(s["hidden"]["id"] for s in seats if s["hidden"] is not None)
    deck_top = view["deck_top"]["id"] if view["deck_top"] else None
    if deck_top is not None:
        seen.add(deck_top)
    unseen = tuple(w for w in range(NUM_WEAPONS) if w not in seen)
    kinds = _kinds(unseen)
    values = dict.fromkeys(VALUES, 0)
    for value, _, count in kinds:
        values[value] += count
    card = tuple((v, values[v] / len(unseen)) for v in VALUES if values[v])
    spreads: dict[tuple[int, int], Hidden] = {}  # seats often share a range
    hands = [_hand(seat, kinds, spreads) for seat in seats]
    return unseen, card, deck_top, hands, _spread(kinds)


def _hand(seat: SeatView, unseen: Kinds, spreads: dict[tuple[int, int], Hidden]) -> HandParts:
    """A seat's hand; its hidden weapon spread over the `unseen` ones its range allows
    (`spreads`: those already made, by range)."""
    visible = [w["id"] for w in seat["visible"]]
    if seat["hidden"] is not None:
        w = seat["hidden"]["id"]
        hidden: Hidden = ((WEAPON_VALUE[w], WEAPON_COLOUR[w], 1.0),)
    else:
        low, high = seat["hidden_range"]
        found = spreads.get((low, high))
        if found is None:
            candidates = [kind for kind in unseen if low <= kind[0] <= high] or unseen
            found = spreads[low, high] = _spread(candidates)
        hidden = found
    shown = sum(WEAPON_VALUE[w] for w in visible)
    return shown, tuple(WEAPON_COLOUR[w] for w in visible), hidden, seat["weapons"]


# The kinds of weapon (value, colour) in sorted order, and each weapon's place among them.
_KIND_LIST = sorted(set(WEAPON_KIND))
_KIND_INDEX = tuple(_KIND_LIST.index(kind) for kind in WEAPON_KIND)


def _kinds(weapons: Sequence[int]) -> Kinds:
    """`weapons` grouped by value and colour."""
    counts = [0] * len(_KIND_LIST)
    index = _KIND_INDEX
    for w in weapons:
        counts[index[w]] += 1
    return [(v, c, n) for (v, c), n in zip(_KIND_LIST, counts, strict=True) if n]


def _spread(kinds: Kinds) -> Hidden:
    """A hidden weapon equally likely to be any of the weapons `kinds` count."""
    total = sum(n for _, _, n in kinds)
    return tuple((v, c, n / total) for v, c, n in kinds)


# ----- valuing a position --------------------------------------------------------------------


@dataclass(slots=True)
class Rules:
    """What a position's active spells make of the battle (never changed once made; not
    frozen, whose `__init__` costs a call per field: one is made per decision)."""

    hp: int
    shifts: list[int]  # per seat, the Attack spells in front of it
    conditions: tuple[int, ...]  # Colour indexes (and `PAIR`) a seat must hold to win
    bonus: int  # Bonus keys in play
    runner_up: bool
    mercy: bool

    @classmethod
    def of(cls, position: Position) -> Rules:
        """The rules `position`'s spells make (one pass: a decision meets many sets)."""
        hp, shifts = position.base_hp, [0] * len(position.hands)
        conditions: list[int] = []
        bonus, runner_up, mercy = 0, False, False
        for _, key, target in position.spells:
            spell = SPELL_BY_KEY[key]
            effect = spell.effect
            if target >= 0:
                shifts[target] += spell.amount
            if effect is _BOSS_HP:
                hp += spell.amount
            elif effect is _REQUIRE_COLOUR:
                conditions.append(spell.colour)
            elif effect is _REQUIRE_PAIR:
                conditions.append(PAIR)
            elif effect is _BONUS_KEY:
                bonus += 1
            elif effect is _RUNNER_UP:
                runner_up = True
            elif effect is _MERCY:
                mercy = True
        return cls(hp, shifts, tuple(conditions), bonus, runner_up, mercy)


@dataclass(frozen=True, slots=True)
class Battle:
    """The coming battle as forecast: each seat's final attack and what decides the key."""

    rules: Rules
    finals: list[dict[int, float]]  # final attack -> probability, per seat
    busts: list[float]  # chance of ending above the HP, per seat
    meets: list[float]  # chance of meeting every Colour/Pair condition, per seat
    beats: list[list[float]]  # beats[r][x]: chance that seat r ends in (x, hp] and may win
    ties: list[list[float]]  # ties[r][x]: chance that seat r ends at x and may win
    cards: tuple[int, ...]

    @classmethod
    def of(cls, rules: Rules, seats: list[SeatForecast], cards: tuple[int, ...]) -> Battle:
        """The battle from every seat's part."""
        finals, meets, beats, ties, busts = (list(part) for part in zip(*seats, strict=True))
        return cls(rules, finals, busts, meets, beats, ties, cards)

    def runner_up_chances(self, seat: int) -> Callable[[int], float]:
        """With Runner-up in play: the chance that `seat`, ending at an attack, wins the
        round's key (exactly one rival ends above it; rivals taken as independent)."""
        beats = [self.beats[r] for r in range(len(self.finals)) if r != seat]
        return lambda attack: _exactly_one([above[attack] for above in beats])

    def rivals_rows(self, seat: int) -> list[tuple[list[float], list[float] | None]]:
        """Each rival's chances of ending above an attack, and of a tie it wins (None: it
        holds as many cards as `seat` or more, so it wins no tie): without Runner-up,
        `seat` ending at an attack wins the key with the product over the rivals of
        ``1 - above - tie`` there (a tie goes to fewer cards, an even tie shares it)."""
        return [
            (self.beats[r], self.ties[r] if self.cards[r] < self.cards[seat] else None)
            for r in range(len(self.finals))
            if r != seat
        ]


# `Judge.threat` by (seat, keys, key target), and `Rules.of` by (base HP, spells, seats).
_THREATS: dict[tuple[Any, ...], list[float]] = {}
_RULES: dict[tuple[int, tuple[tuple[int, str, int], ...], int], Rules] = {}


class Judge:
    """Values imagined positions of one round for the bot's seat (see the module docstring)."""

    # Slots: one is made per decision, and an instance dict cost more than its fields.
    __slots__ = (
        "_forecasts",
        "_seat_forecasts",
        "_settled_at",
        "_values",
        "table",
        "threat",
    )

    def __init__(self, table: Table) -> None:
        self.table = table
        self._values: dict[Position, float] = {}
        self._forecasts: dict[tuple[Any, ...], dict[int, float]] = {}
        self._settled_at: dict[int, float] = {}
        # Each seat's part of a battle (`_seats`).
        self._seat_forecasts: dict[tuple[Any, ...], SeatForecast] = {}
        # The threats depend on the scores alone: shared by the decisions that see the same
        # ones.
        scores = (table.me, tuple(table.keys), table.key_target)
        threat = _THREATS.get(scores)
        if threat is None:
            if len(_THREATS) >= _KEPT:
                _THREATS.clear()
            target, rivals = table.key_target, max(1, table.players - 1)
            threat = _THREATS[scores] = [
                THREAT * (1 + THREAT_LEAD * keys / target) / rivals for keys in table.keys
            ]
        self.threat = threat  # shared with the cache: never changed

    def value(self, position: Position) -> float:
        """The bot's value of a round position where its own attack is settled."""
        # One lookup: hashing a position hashes every hand in it.
        value = self._values.get(position)
        if value is None:
            value = self._values[position] = self._value(position)
        return value

    def settled_at(self, attack: int) -> float:
        """The value of the round now with the bot settled at `attack` (its face-up total
        moved by the difference; a stopping decision asks for the same attacks often)."""
        value = self._settled_at.get(attack)
        if value is None:
            me = self.table.me
            settled = self.table.settled
            hand = settled.hands[me].with_value(attack - self.table.my_attack)
            value = self._settled_at[attack] = self.value(settled.with_hand(me, hand))
        return value

    def settled_over(self, first: int, last: int) -> list[float]:
        """`settled_at` each attack from `first` to `last`."""
        return [self.settled_at(attack) for attack in range(first, last + 1)]

    def expected(self, outcomes: Outcomes) -> float:
        return sum(p * self.value(position) for p, position in outcomes)

    def _value(self, position: Position) -> float:
        table, me = self.table, self.table.me
        rules = self._rules_of(position)
        cards = tuple(hand.cards for hand in position.hands)
        battle = Battle.of(rules, self._seats(position, rules), cards)
        keys = [self._expected_keys(s, battle) for s in range(table.players)]
        value = keys[me] - sum(self.threat[r] * keys[r] for r in self._rivals())
        if not rules.mercy:
            busts = battle.busts
            value -= busts[me] * (LAST_HEART if table.hearts[me] == 1 else HEART)
            value += sum(busts[r] * self._rival_heart(r) for r in self._rivals())
        return value

    def _rules_of(self, position: Position) -> Rules:
        # The positions a decision values share a few sets of spells, and the decisions of a
        # round the same ones: kept for all of them (a Rules is never changed once made).
        key = (position.base_hp, position.spells, len(position.hands))
        rules = _RULES.get(key)
        if rules is None:
            if len(_RULES) >= _KEPT:
                _RULES.clear()
            rules = _RULES[key] = Rules.of(position)
        return rules

    def _seats(self, position: Position, rules: Rules) -> list[SeatForecast]:
        """Every seat's part of the battle."""
        hp, conditions = rules.hp, rules.conditions
        me, settled, rival_draws = self.table.me, position.settled, position.rival_draws
        forecasts = self._seat_forecasts
        seats = []
        for seat, shift in enumerate(rules.shifts):
            # Each seat's part kept by what it depends on: the positions a decision values
            # differ mostly in one hand.
            hand = position.hands[seat]
            draws = 0 if seat == me or settled[seat] else rival_draws
            key = (hand, shift, draws, hp, conditions)
            found = forecasts.get(key)
            if found is None:
                found = forecasts[key] = self._seat_forecast(hand, shift, draws, hp, conditions)
            seats.append(found)
        return seats

    def _seat_forecast(
        self, hand: Hand, shift: int, draws: int, hp: int, conditions: tuple[int, ...]
    ) -> SeatForecast:
        """A seat's part of the battle: its final attack (it draws `draws` more cards at
        most), its chance of meeting the conditions, the chances it ends above or at each
        attack and may win, and its chance of ending above the HP (a `Forecast` in
        `_judge.c`)."""
        final = attack_distribution(hand, shift)
        if draws:
            final = self._forecast(final, hp, draws)
        meet = meet_probability(hand, conditions)
        above, tie = _above_and_tie(final, meet, hp)
        bust = sum(p for a, p in final.items() if a > hp)
        return final, meet, above, tie, bust

    def _rivals(self) -> Iterable[int]:
        return (s for s in range(self.table.players) if s != self.table.me)

    def _forecast(self, dist: dict[int, float], hp: int, draws: int) -> dict[int, float]:
        """A rival's final attack if it draws until it is `RIVAL_STOP_GAP` from the HP."""
        key = (tuple(sorted(dist.items())), hp, draws)
        if key not in self._forecasts:
            final: dict[int, float] = {}
            frontier = dist
            for _ in range(draws):
                drawing: dict[int, float] = {}
                for attack, p in frontier.items():
                    if attack >= hp - RIVAL_STOP_GAP or not self.table.card:
                        final[attack] = final.get(attack, 0.0) + p
                        continue
                    for value, q in self.table.card:
                        drawing[attack + value] = drawing.get(attack + value, 0.0) + p * q
                frontier = drawing
            for attack, p in frontier.items():
                final[attack] = final.get(attack, 0.0) + p
            self._forecasts[key] = final
        return self._forecasts[key]

    def _expected_keys(self, seat: int, battle: Battle) -> float:
        """Keys `seat` expects from the battle (as `_worth` counts them)."""
        if battle.meets[seat] == 0.0:
            return 0.0
        bonus, hp = battle.rules.bonus, battle.rules.hp
        # (won, lost) below the HP and at it (a perfect hit's key won either way)
        below = self._worth(seat, 1 + bonus), self._worth(seat, 0)
        perfect = self._worth(seat, 2 + bonus), self._worth(seat, 1)
        total = 0.0
        if battle.rules.runner_up:
            win_chance = battle.runner_up_chances(seat)
            for x, p in battle.finals[seat].items():
                if x <= hp:
                    win = win_chance(x)
                    won, lost = perfect if x == hp else below
                    total += p * (win * won + (1.0 - win) * lost)
            return battle.meets[seat] * total
        # Each attack's chance of the key written out here, not called: this loop is most
        # of what valuing a position costs.
        rows = battle.rivals_rows(seat)
        for x, p in battle.finals[seat].items():
            if x <= hp:
                win = 1.0
                for above, tie in rows:
                    if tie is None:
                        win *= 1.0 - above[x]
                    else:
                        win *= 1.0 - above[x] - tie[x]
                won, lost = perfect if x == hp else below
                total += p * (win * won + (1.0 - win) * lost)
        return battle.meets[seat] * total

    def _worth(self, seat: int, keys: int) -> float:
        """Keys won, plus the game if they reach the key target."""
        if keys and self.table.keys[seat] + keys >= self.table.key_target:
            return keys + GAME_WIN
        return float(keys)

    def _rival_heart(self, rival: int) -> float:
        """What a rival's lost heart is worth to the bot."""
        table = self.table
        if table.hearts[rival] > 1:
            return RIVAL_HEART
        # The lead among the others (keys, then hearts): the bot's, or somebody else's.
        # One list, no generator: a new game's scores ask this at each of its rounds.
        scores = list(zip(table.keys, table.hearts, strict=True))
        mine = scores[table.me]
        del scores[rival]
        return RIVAL_FALLS_BEHIND_ME if max(scores) == mine else RIVAL_FALLS_AHEAD


def _above_and_tie(
    final: dict[int, float], meet: float, hp: int
) -> tuple[list[float], list[float]]:
    """Per attack ``x`` in ``0..hp`` (and ``hp + 1``, zero): the chance of ending at it and
    meeting the conditions (``tie[x] = meet * final[x]``) and of ending in ``(x, hp]``
    (``above[x] = above[x + 1] + tie[x + 1]``).

    Only the attacks `final` holds change a running sum; between them ``above`` repeats
    (adding 0.0 changes no float), so it is filled by slices: the same floats as the
    step-by-step sum, for a fraction of the steps (a settled seat has one attack)."""
    above, tie = [0.0] * (hp + 2), [0.0] * (hp + 2)
    running = last_tie = 0.0  # above[y + 1] and tie[y + 1]
    y = hp  # the next attack to fill, going down
    for x in sorted((a for a in final if a <= hp), reverse=True):
        if y > x:  # no attack of `final` in x + 1..y
            running += last_tie
            last_tie = 0.0
            above[x + 1 : y + 1] = [running] * (y - x)
        tie[x] = meet * final[x]
        running += last_tie
        above[x] = running
        last_tie = tie[x]
        y = x - 1
    if y >= 0:
        running += last_tie
        above[: y + 1] = [running] * (y + 1)
    return above, tie


def _exactly_one(chances: list[float]) -> float:
    """The chance that exactly one of independent events happens (Runner-up: one above)."""
    total = 0.0
    for i, p in enumerate(chances):
        rest = p
        for j, q in enumerate(chances):
            if j != i:
                rest *= 1.0 - q
        total += rest
    return total


# ----- the bot -------------------------------------------------------------------------------


class HeuristicBot(Bot[BossQuestView]):
    """A careful Boss Quest player (see the module docstring)."""

    name = "heuristic"
    reads_state = True  # `_judge.seat_decision`: its view's table, without building the view

    def choose(self, view: BossQuestView, legal: list[Action]) -> Action:
        """Choose from `legal` using `view` alone."""
        if NATIVE:
            valued = view_decision(view, legal)
            if valued is not None:
                return self._pick(valued, legal)
        return self._decide(read_table(view), legal)

    def choose_in(self, state: State, seat: int, legal: list[Action]) -> Action:
        """`choose` from `seat`'s view of `state`, read without building it."""
        assert isinstance(state, BossQuestState)
        if NATIVE:
            valued = seat_decision(state, seat, legal)
            if valued is not None:
                return self._pick(valued, legal)
        return self._decide(read_table(state.view(seat)), legal)

    def _pick(self, valued: Valued, legal: list[Action]) -> Action:
        """The best of the valued choices (those `_take_turn` or `_choose_target` values,
        in Python or in C), or any legal action when none is valued (no target of the
        spell is legal)."""
        return self._best(valued) if valued else self._rng.choice(legal)

    def _decide(self, table: Table, legal: list[Action]) -> Action:
        judge = Judge(table)
        if table.pending is not None:
            return self._choose_target(table, judge, table.pending, legal)
        return self._take_turn(table, judge, legal)

    # ----- turns ----------------------------------------------------------------------------

    def _take_turn(self, table: Table, judge: Judge, legal: list[Action]) -> Action:
        draws = [a for a in legal if type(a) is Equip]
        visits = [a for a in legal if type(a) is not Equip]
        if draws and table.phase == _EQUIP and not table.last_equipper and _no_card_busts(table):
            return self._best(self._draw_values(table, judge, draws, continuing=True))
        visit_values = self._visit_values(table, judge, visits)
        best_visit = _most(visit_values)
        if draws:
            draw = self._draw_if_worth_it(table, judge, draws, best_visit)
            if draw is not None:
                return draw
        return self._best(visit_values)

    def _draw_if_worth_it(
        self, table: Table, judge: Judge, draws: list[Equip], best_visit: float
    ) -> Action | None:
        """Equip(k) if drawing beats visiting the Mage now, else None."""
        if table.phase == _LAST_CALL:
            # One card and no visit afterwards: compare with the best visit now.
            values = self._draw_values(table, judge, draws, continuing=False, spells=0.0)
            return self._best(values) if _most(values) > best_visit else None
        if table.last_equipper:
            # One last equip, then the Mage at once: the spells on the table are still there.
            values = self._draw_values(table, judge, draws, continuing=False, spells=1.0)
            fixed_now = self._stop_value(table, judge, table.my_attack, 1.0)
            return self._best(values) if _most(values) > fixed_now else None
        values = self._draw_values(table, judge, draws, continuing=True)
        # `judge.value(table.settled)`: the round now is the bot settled at its attack,
        # valued just now with the draws (an equal position, the same float).
        stop_now = judge.settled_at(table.my_attack)
        # A spell worth taking now may be gone by the next visit.
        gone = 1.0 - SPELL_SURVIVES**table.visitors_after_me
        return (
            self._best(values)
            if _most(values) > stop_now + gone * (best_visit - stop_now)
            else None
        )

    def _draw_values(
        self,
        table: Table,
        judge: Judge,
        draws: list[Equip],
        continuing: bool,
        spells: float | None = None,
    ) -> Valued:
        """The value of each Equip(k), by optimal stopping over the bot's attack.

        `continuing`: the bot may draw again on later turns. `spells`: the chance that a
        face-up spell fixing its attack is still there when it visits the Mage.
        """
        if spells is None:
            spells = SPELL_SURVIVES**table.visitors_after_me
        hp, start = table.position.hp(), table.my_attack
        top = hp + 1 + 4 * max(VALUES)
        # Beyond what a spell could bring back under the HP, every bust is the same.
        hopeless = hp + 1 - min([0, *table.self_shifts])

        # Its value settled at every attack the stopping reaches, a spell moving it included.
        shifts = table.self_shifts if spells else []
        first = min(start, hp + 1) + min([0, *shifts])
        last = hopeless + max([0, *shifts])
        counts = [action.count for action in draws]
        deck_top = None if table.deck_top is None else WEAPON_VALUE[table.deck_top]
        values = _stopping(
            judge.settled_over(first, last),
            first,
            start,
            hp,
            hopeless,
            top,
            spells,
            shifts,
            table.card,
            continuing,
            counts,
            deck_top,
            TEMPO,
        )
        return list(zip(draws, values, strict=True))

    def _stop_value(self, table: Table, judge: Judge, attack: int, spells: float) -> float:
        """Stop at `attack`: the settled value, or better with a face-up spell that moves
        the bot's attack against the HP (counted with the chance it is still there)."""
        plain = judge.settled_at(attack)
        if not spells:
            return plain
        shifts = table.self_shifts
        fixed = max((judge.settled_at(attack + shift) for shift in shifts), default=plain)
        return plain + spells * max(0.0, fixed - plain)

    # ----- the Mage -------------------------------------------------------------------------

    def _visit_values(self, table: Table, judge: Judge, visits: list[Action]) -> Valued:
        settled = table.settled
        nothing = judge.value(settled)
        # What each use of a spell is worth: asked for its denial and for activating it.
        worths: dict[str, list[float]] = {}

        def worth(key: str) -> list[float]:
            if key not in worths:
                uses = _uses(table, settled, key)
                worths[key] = [judge.expected(outcomes) for _, outcomes in uses]
            return worths[key]

        denial = {
            slot: self._denial(table, key, nothing, worth) for slot, key in table.available.items()
        }
        values: Valued = []
        mystery = None
        for action in visits:
            if type(action) is VisitMage:
                values.append((action, nothing))
            elif type(action) is Discard:
                values.append((action, nothing + denial[action.slot]))
            elif type(action) is Activate:
                key = table.available[action.slot]
                if key is None:
                    mystery = action  # valued last, against the best of the others
                else:
                    values.append((action, max(worth(key)) + denial[action.slot]))
        if mystery is not None:
            values.append((mystery, self._blind_value(table, settled, _most(values), worth)))
        return values

    def _denial(
        self, table: Table, key: str | None, nothing: float, worth: Callable[[str], list[float]]
    ) -> float:
        """What taking a spell is worth for keeping it from the rivals still to visit: a
        share of the worst it could do to the bot in their hands (`nothing`: the bot's value
        if nobody uses it; `worth`: each use's value)."""
        if key is None or not table.visitors_after_me:
            return 0.0
        spell = SPELL_BY_KEY[key]
        if spell.effect in (Effect.SWAP, Effect.EXCHANGE):
            return 0.0  # what they do depends on hands the bot cannot see
        return DENIAL * max(0.0, nothing - min(worth(key)))

    def _blind_value(
        self, table: Table, settled: Position, best: float, worth: Callable[[str], list[float]]
    ) -> float:
        """The Mystery spell activated blind: only when the bot is bust, and only if the
        unseen spells promise clearly more than the best visible option (so a visible
        rescue always wins)."""
        if table.my_attack <= settled.hp():
            return float("-inf")
        total = sum(table.unseen_spells.values())
        if not total:
            return float("-inf")
        expected = 0.0
        for key, count in table.unseen_spells.items():
            expected += count / total * max(worth(key))
        return expected if expected > best + MYSTERY_MARGIN else float("-inf")

    def _choose_target(self, table: Table, judge: Judge, key: str, legal: list[Action]) -> Action:
        """The best target for spell `key`, being activated."""
        uses = [
            (action, judge.expected(outcomes))
            for action, outcomes in _uses(table, table.settled, key)
        ]
        # The targets are the engine's own instances, as legal actions are: found by
        # identity first (an equality test is a Python call).
        listed = {id(action) for action in legal}
        values: Valued = [
            (a, value) for a, value in uses if a is not None and (id(a) in listed or a in legal)
        ]
        return self._pick(values, legal)

    def _best(self, values: Valued) -> Action:
        """The best of the valued actions (each listed once), ties broken by the bot's
        generator."""
        least = max([value for _, value in values]) - EPSILON  # `_most`, inlined: the ties
        return self._rng.choice([a for a, v in values if v >= least])


# ----- what a spell can do -------------------------------------------------------------------


def _use_targets(table: Table, settled: Position, key: str) -> list[Action | None]:
    """The target chosen in every way the bot could use spell `key` now: None for a spell
    without one, or one with nothing to act on (Cancel with no spell in play, Exchange
    with an empty deck), which fizzles."""
    me, effect = table.me, SPELL_BY_KEY[key].effect
    if effect is _ATTACK:
        return [CHOOSE_PLAYER[s] for s in range(table.players)]
    if effect is Effect.SWAP:
        return [CHOOSE_PLAYER[s] for s in range(table.players) if s != me]
    if effect is Effect.CANCEL:
        cancellable = (
            CHOOSE_SPELL[slot]
            for slot, k, _ in settled.spells
            if SPELL_BY_KEY[k].effect not in INSTANT_EFFECTS
        )
        return [*cancellable] or [None]
    if effect is _EXCHANGE and table.weapons_in_deck:
        return [CHOOSE_WEAPON[w] for w in table.my_weapons]
    return [None]


def _uses(table: Table, settled: Position, key: str) -> Uses:
    """Every way the bot could use spell `key` now (`_use_targets`): (target choice,
    resulting positions)."""
    effect = SPELL_BY_KEY[key].effect
    uses: Uses = []
    for target in _use_targets(table, settled, key):
        if type(target) is ChoosePlayer and effect is _ATTACK:
            uses.append((target, [(1.0, settled.with_spell(key, target.seat))]))
        elif type(target) is ChoosePlayer:
            uses.append((target, [(1.0, settled.swapped(table.me, target.seat))]))
        elif type(target) is ChooseSpell:
            uses.append((target, [(1.0, settled.without_spell(target.slot))]))
        elif type(target) is ChooseWeapon:
            uses.append((target, _exchanged(table, settled, target.weapon)))
        elif effect is Effect.LAST_CALL:
            uses.append((None, [(1.0, settled.last_call())]))
        elif effect in (Effect.CANCEL, _EXCHANGE):
            uses.append((None, [(1.0, settled)]))  # it fizzles
        else:
            uses.append((None, [(1.0, settled.with_spell(key))]))
    return uses


def _exchanged(table: Table, settled: Position, weapon: int) -> Outcomes:
    """The bot gives `weapon` for the deck's top card (drawn from the unseen weapons)."""
    me, hand = table.me, settled.hands[table.me]
    if weapon == table.my_weapons[0]:
        fresh = hand.with_hidden(table.fresh)
        return [(1.0, settled.with_hand(me, fresh))]
    colours = list(hand.colours)
    colours.remove(WEAPON_COLOUR[weapon])
    outcomes = []
    for value, p in table.card:
        drawn = Hand(
            hand.shown - WEAPON_VALUE[weapon] + value,
            (*colours, UNSEEN_COLOUR),
            hand.hidden,
            hand.cards,
        )
        outcomes.append((p, settled.with_hand(me, drawn)))
    return outcomes


def _self_shifts(available: dict[int, str | None]) -> list[int]:
    """How far the face-up spells `available` could move the bot's attack relative to
    the HP."""
    return [
        shift
        for key in available.values()
        if key is not None and (shift := _SELF_SHIFT[key]) is not None
    ]


def _only(attacks: dict[int, float]) -> int:
    """The one attack of a certain distribution (a seat that knows its hidden weapon)."""
    (attack,) = attacks
    return attack


def _stopping(
    settled: list[float],
    first: int,
    start: int,
    hp: int,
    hopeless: int,
    top: int,
    spells: float,
    shifts: list[int],
    card: Card,
    continuing: bool,
    counts: list[int],
    deck_top: int | None,
    tempo: float,
) -> list[float]:
    """The value of each Equip(k), k of `counts`, by optimal stopping over the bot's attack,
    now `start` (`_judge.stopping` in C).

    `settled`: its value settled at each attack from `first` on; `spells`: the chance that
    a face-up spell moving its attack by one of `shifts` is still there when it stops;
    beyond `hopeless` every bust is the same; `card`: the value of an unknown card drawn
    (`deck_top`: the first card's, when known); `tempo`: the value of each extra card taken
    at once. `continuing`: it may draw again on later turns."""
    chain = [{0: 1.0}]  # the total of k unknown cards at index k, each from the one before

    def totals(count: int) -> dict[int, float]:
        """The total of the next `count` cards."""
        level = count if deck_top is None else count - 1
        while len(chain) <= level:
            chain.append(_next_sums(chain[-1], card))
        if deck_top is None:
            return chain[level]
        return {deck_top + s: p for s, p in chain[level].items()}

    def stop(attack: int) -> float:
        plain = settled[attack - first]
        if not spells:
            return plain
        fixed = max((settled[attack + shift - first] for shift in shifts), default=plain)
        return plain + spells * max(0.0, fixed - plain)

    best = {a: stop(a) for a in range(hp + 1, hopeless + 1)}
    best.update(dict.fromkeys(range(hopeless + 1, top + 1), best[hopeless]))
    if continuing:
        for attack in range(hp, start - 1, -1):
            draw = sum(p * best[attack + v] for v, p in card)
            best[attack] = max(stop(attack), draw)
    else:
        for attack in range(start, hp + 1):
            best[attack] = stop(attack)
    return [
        sum(p * best[start + s] for s, p in totals(count).items()) + tempo * (count - 1)
        for count in counts
    ]


def _most(values: Valued) -> float:
    """The highest of the values."""
    return max([value for _, value in values])


def _no_card_busts(table: Table) -> bool:
    return table.my_attack + max(VALUES) <= table.position.hp()


def _next_sums(sums: dict[int, float], card: Card) -> dict[int, float]:
    """The total of one more card, from the totals `sums`."""
    nxt: dict[int, float] = {}
    for total, p in sums.items():
        for value, q in card:
            nxt[total + value] = nxt.get(total + value, 0.0) + p * q
    return nxt


def _heuristic(seed: int | None = None) -> HeuristicBot:
    return HeuristicBot(seed)


BOTS: dict[str, Callable[[int | None], HeuristicBot]] = {"heuristic": _heuristic}


# ----- an evaluation for searches (`ismcts:...:value`) -----------------------------------

# How a round between two `heuristic` bots ends when neither is on its last heart: (keys won
# by a seat, keys won by its rival, hearts lost by the seat, by its rival) and the share of
# rounds ending so, counted over 600 games.
ROUND_OUTCOMES: tuple[tuple[int, int, int, int, float], ...] = (
    (0, 0, 0, 0, 0.0250),
    (0, 0, 0, 1, 0.0444),
    (0, 0, 1, 0, 0.0444),
    (0, 0, 1, 1, 0.0404),
    (0, 1, 0, 0, 0.1325),
    (0, 1, 1, 0, 0.1080),
    (0, 2, 0, 0, 0.0917),
    (0, 2, 1, 0, 0.0398),
    (0, 3, 0, 0, 0.0121),
    (0, 3, 1, 0, 0.0046),
    (1, 0, 0, 0, 0.1325),
    (1, 0, 0, 1, 0.1080),
    (1, 1, 0, 0, 0.0202),
    (1, 2, 0, 0, 0.0145),
    (1, 3, 0, 0, 0.0024),
    (2, 0, 0, 0, 0.0917),
    (2, 0, 0, 1, 0.0398),
    (2, 1, 0, 0, 0.0145),
    (2, 2, 0, 0, 0.0115),
    (3, 0, 0, 0, 0.0121),
    (3, 0, 0, 1, 0.0046),
    (3, 1, 0, 0, 0.0024),
    (3, 3, 0, 0, 0.0028),
)
LAST_HEART_CARE = 0.37  # on its last heart a bot loses a heart this share as often


def value(state: State) -> list[float] | None:
    """Each seat's chance of winning a two-seat game from a round about to begin (no seat
    has equipped or visited the Mage yet), by `ROUND_OUTCOMES` played to the game's end;
    ``None`` elsewhere and with more seats. It reads only public fields: keys, hearts,
    who has acted this round."""
    if not isinstance(state, BossQuestState) or state.num_players != 2:
        return None
    if any(state.visited) or any(len(weapons) != 1 for weapons in state.visible):
        return None
    target = state.options["key_target"]
    first = _win_chance(target, state.keys[0], state.keys[1], state.hearts[0], state.hearts[1])
    return [first, 1.0 - first]


def _heart_cases(lost: int, hearts: int) -> tuple[tuple[int, float], ...]:
    """A heart lost in a round outcome, as (hearts lost, chance): a seat on its last heart
    busts less (`LAST_HEART_CARE`)."""
    if lost and hearts == 1:
        return ((1, LAST_HEART_CARE), (0, 1.0 - LAST_HEART_CARE))
    return ((lost, 1.0),)


@cache
def _win_chance(target: int, keys: int, rival_keys: int, hearts: int, rival_hearts: int) -> float:
    """Seat 0's share of the win before a round, the rounds drawn from `ROUND_OUTCOMES`."""
    stay = total = 0.0
    for won, rival_won, lost, rival_lost, share in ROUND_OUTCOMES:
        for lose, chance in _heart_cases(lost, hearts):
            for rival_lose, rival_chance in _heart_cases(rival_lost, rival_hearts):
                weight = share * chance * rival_chance
                if (won, rival_won, lose, rival_lose) == (0, 0, 0, 0):
                    stay += weight  # nothing changed: the same position again
                    continue
                total += weight * _after_battle(
                    target,
                    keys + won,
                    rival_keys + rival_won,
                    hearts - lose,
                    rival_hearts - rival_lose,
                )
    return total / (1.0 - stay)


def _after_battle(target: int, keys: int, rival_keys: int, hearts: int, rival_hearts: int) -> float:
    """Seat 0's share of the win after a battle: the game's end rules (`battle.check_end`),
    else the rounds to come."""
    seats = [(keys, hearts), (rival_keys, rival_hearts)]
    at_target = [s for s in (0, 1) if seats[s][0] >= target]
    standing = [s for s in (0, 1) if seats[s][1] > 0]
    if not at_target and len(standing) == 2:
        return _win_chance(target, keys, rival_keys, hearts, rival_hearts)
    contenders = at_target or standing or [0, 1]
    best = max(seats[s] for s in contenders)
    winners = [s for s in contenders if seats[s] == best]
    return 1.0 / len(winners) if 0 in winners else 0.0
