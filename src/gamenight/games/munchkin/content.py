"""Card sets: the schema of a set's data file, the effect vocabulary, the compiled tables.

A card set is one TOML file in ``data/``: a ``[ruleset]`` table (what differs between
sets: the game id, the start hand, the Big-item rule, the classes and races or styles,
the follower kind) and ``[[cards]]``. It is validated by the pydantic models below; a bad
file raises `ContentError` naming the file, the card and the field. ``docs/cards.md``
explains how to write a card; this module is the reference of every term.

Card instances are numbered ``0..C-1`` in file order (each design ``count`` times). States
hold only these ints; every table here is shared by all states of the set.

The effect vocabulary (closed: a card made of these parts needs no code)
-------------------------------------------------------------------------

Each closed list below is a `StrEnum` of this module (`CardKind`, `Stat`, `OpKind`,
`TriggerOn`, `Context` for timings, `Role`, `Target`, `LoseSlot`, `Instead`...), which the
schema validates and the rule modules compare with.

**Conditions** (``when`` / ``unless``): ``class``, ``race``, ``sex``, ``tag``, ``side``,
``level_min``, ``level_max``, ``helped``. On a player's card (an item, a class, a curse on
them, a follower) they test that player, ``tag`` tests the monsters in the fight and
``side`` the player's part in it (``fighter`` or ``helper``). On a monster or an enhancer
they test the players fighting it (any of them), and ``tag`` the monster itself. ``race =
"human"`` means no race, ``class = "none"`` no class.

**Modifiers** (``modifiers``: continuous, recomputed from the active cards each time):
``combat`` (strength), ``run`` (run-away roll), ``hand_limit``, ``treasures`` (a monster's),
``levels`` (levels a kill of the monster gives), ``slots`` (extra ``slot``: head, armor,
foot, hand or any), ``sale`` (once a turn, the most valuable card the holder sells is
worth ``amount`` per cent more: 100 doubles it), ``big_items`` (any number of Big
items), ``wins_ties``, ``escape`` (a runner escapes without rolling), ``extra_class`` and
``extra_race`` (a second class or race), ``copies`` (a monster fights as one more of
itself: Double Trouble), ``demand`` (asking a lower-level player for help with no bribe,
the holder demands it: help, or an item from play instead), ``catches`` (on a monster:
no roll gets a runner away from it; only what escapes without rolling does).

**Operations** (``do`` lists; ``to`` says who: ``subject`` (default: the player who uses the
card, the victim of a curse or of Bad Stuff, the owner of a trigger), ``others``, ``all``,
``chosen`` (any living player), ``combatant`` (a player or a monster of the fight),
``player`` (a player of the fight), ``monster``): ``gain_level``, ``lose_level``, ``draw`` (``deck``,
``face``), ``discard`` (from hand: ``amount`` cards, 0 = all; ``pick`` victim or random),
``lose_item`` (``slot``: head, armor, foot, hand, big, any, best, all; ``pick``),
``lose_class``, ``lose_race``, ``change_sex``, ``add_monster`` (the Door deck's top card
joins if it is a monster), ``remove_monster``, ``defeat_monster`` (it leaves; its
treasures are won, no level), ``escape`` (``all``: from every monster), ``cancel_curse``,
``set_roll`` (``value``; 0: chosen), ``reroll``, ``die``, ``combat_bonus``, ``run_bonus``,
``hook`` (a Python hook of ``hooks.py``, named by `HookName`).

**Triggers** (``triggers``: ``on`` an event, ``do`` operations): ``revealed``, ``won``,
``caught`` (Bad Stuff: a monster's ``bad_stuff`` is its ``caught`` trigger), ``helped_kill``,
``death``, ``enter``, ``leave``.

**Replacements** (``replacements``): ``instead_of`` ``die``, ``lose_level``, ``lose_item``
or ``curse``, ``do`` these operations instead (and the card is discarded unless
``keep``).

**Activated abilities** (``abilities``; a one-shot's or curse's ``use`` is one too):
``timing`` (``combat``, ``run``, ``roll``, ``own``, ``any``, ``curse``; ``answers_curse``:
an ``any`` use that cancels a curse may also answer one aimed at its user), ``role``, a
``cost`` (``discard`` cards, ``discard_hand`` of at least N, ``discard_self``,
``lose_level``), a ``limit`` of uses ``per`` combat, turn or roll (``per_target``: per
target), a condition ``when``, and ``do``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from gamenight.kernel.content import ContentModel, Localized, load_content

DATA_DIR = Path(__file__).parent / "data"

# ----- the vocabulary ---------------------------------------------------------------------


class CardKind(StrEnum):
    """What a card is (its deck follows: `DOOR_KINDS`, `TREASURE_KINDS`)."""

    MONSTER = "monster"
    ENHANCER = "enhancer"
    WANDERING = "wandering"
    CURSE = "curse"
    CLASS = "class"
    RACE = "race"
    HALF_BREED = "half_breed"
    SUPER_MUNCHKIN = "super_munchkin"
    ITEM = "item"
    ONESHOT = "oneshot"
    LEVELUP = "levelup"
    FOLLOWER = "follower"


DOOR_KINDS = (
    CardKind.MONSTER,
    CardKind.ENHANCER,
    CardKind.WANDERING,
    CardKind.CURSE,
    CardKind.CLASS,
    CardKind.RACE,
    CardKind.HALF_BREED,
    CardKind.SUPER_MUNCHKIN,
)
TREASURE_KINDS = (CardKind.ITEM, CardKind.ONESHOT, CardKind.LEVELUP, CardKind.FOLLOWER)
KINDS = DOOR_KINDS + TREASURE_KINDS
TRAIT_KINDS = (CardKind.CLASS, CardKind.RACE)  # the kinds that name a `trait`
USE_KINDS = (CardKind.ONESHOT, CardKind.LEVELUP, CardKind.CURSE)  # the kinds with a `use`
# What a condition names for "no class" and "no race"
NO_TRAIT = {CardKind.CLASS: "none", CardKind.RACE: "human"}
# The kinds of a character's make-up (kept at death, one of each but classes and races)
CHARACTER_KINDS = (CardKind.CLASS, CardKind.RACE, CardKind.HALF_BREED, CardKind.SUPER_MUNCHKIN)
# put into play on one's own turn (or in the set-up) only
PUT_IN_PLAY_KINDS = (*CHARACTER_KINDS, CardKind.ITEM)
DROPPABLE_KINDS = (*CHARACTER_KINDS, CardKind.FOLLOWER)  # a player may discard from play
CARRIED_KINDS = (CardKind.ITEM, CardKind.ONESHOT)  # treasures carried in play: tradable
USED_AS_PLAYED = (CardKind.LEVELUP, CardKind.CURSE)  # their use is played, never in play


class Slot(StrEnum):
    """Where an item is worn (``hand2``: both hands; ``none``: carried, not worn)."""

    HEAD = "head"
    ARMOR = "armor"
    FOOT = "foot"
    HAND1 = "hand1"
    HAND2 = "hand2"
    NONE = "none"


class SlotGroup(StrEnum):
    """The slots a ``slots`` modifier adds: of a group, or a spare one of ``any``."""

    HEAD = "head"
    ARMOR = "armor"
    FOOT = "foot"
    HAND = "hand"
    ANY = "any"


class LoseSlot(StrEnum):
    """Which items a ``lose_item`` operation takes."""

    HEAD = "head"
    ARMOR = "armor"
    FOOT = "foot"
    HAND = "hand"
    BIG = "big"
    ANY = "any"
    BEST = "best"
    ALL = "all"


class Stat(StrEnum):
    """What a modifier changes (the module's docstring says how)."""

    COMBAT = "combat"
    RUN = "run"
    HAND_LIMIT = "hand_limit"
    TREASURES = "treasures"
    LEVELS = "levels"
    SLOTS = "slots"
    SALE = "sale"
    BIG_ITEMS = "big_items"
    WINS_TIES = "wins_ties"
    ESCAPE = "escape"
    EXTRA_CLASS = "extra_class"
    EXTRA_RACE = "extra_race"
    COPIES = "copies"
    DEMAND = "demand"
    CATCHES = "catches"


class OpKind(StrEnum):
    """An operation of a ``do`` list."""

    GAIN_LEVEL = "gain_level"
    LOSE_LEVEL = "lose_level"
    DRAW = "draw"
    DISCARD = "discard"
    LOSE_ITEM = "lose_item"
    LOSE_CLASS = "lose_class"
    LOSE_RACE = "lose_race"
    CHANGE_SEX = "change_sex"
    ADD_MONSTER = "add_monster"
    REMOVE_MONSTER = "remove_monster"
    DEFEAT_MONSTER = "defeat_monster"
    ESCAPE = "escape"
    CANCEL_CURSE = "cancel_curse"
    SET_ROLL = "set_roll"
    REROLL = "reroll"
    DIE = "die"
    COMBAT_BONUS = "combat_bonus"
    RUN_BONUS = "run_bonus"
    HOOK = "hook"


class TriggerOn(StrEnum):
    """What a trigger answers."""

    REVEALED = "revealed"
    WON = "won"
    CAUGHT = "caught"
    HELPED_KILL = "helped_kill"
    DEATH = "death"
    ENTER = "enter"
    LEAVE = "leave"


class Context(StrEnum):
    """When a card is played or used: the contexts of play, which are also the timings of
    abilities (``setup`` is no timing; ``any`` is usable in each of `ANY_TIME`)."""

    SETUP = "setup"
    OWN = "own"
    ANY = "any"
    COMBAT = "combat"
    ROLL = "roll"
    RUN = "run"
    CURSE = "curse"


ANY_TIME = (Context.OWN, Context.ANY, Context.COMBAT, Context.ROLL)
OWN_TIME = (Context.OWN, Context.SETUP)  # one's own turn outside combat, and the set-up


class Role(StrEnum):
    """Who may use an ability, by their part in the fight."""

    ANY = "any"
    FIGHTER = "fighter"
    HELPER = "helper"
    COMBATANT = "combatant"
    RUNNER = "runner"
    OTHER = "other"


class Target(StrEnum):
    """Whom an operation hits (``to``)."""

    SUBJECT = "subject"
    OTHERS = "others"
    ALL = "all"
    CHOSEN = "chosen"
    COMBATANT = "combatant"
    PLAYER = "player"
    MONSTER = "monster"
    HELPER = "helper"


class Instead(StrEnum):
    """What a replacement replaces."""

    DIE = "die"
    LOSE_LEVEL = "lose_level"
    LOSE_ITEM = "lose_item"
    CURSE = "curse"


class Persistence(StrEnum):
    """How long a curse stays on its victim."""

    NONE = "none"
    COMBAT = "combat"  # until the end of the victim's next combat
    ALWAYS = "always"  # until removed
    NEXT_COMBAT = "next_combat"  # waits for the victim's next combat, acts then, and goes


class Sex(StrEnum):
    """A character's sex; the state holds its index (0 male, 1 female)."""

    MALE = "male"
    FEMALE = "female"


SEXES = tuple(Sex)


class Side(StrEnum):
    """A player's part in the fight, for conditions."""

    FIGHTER = "fighter"
    HELPER = "helper"


class Scope(StrEnum):
    """What an ability's limit counts uses over (``per``)."""

    COMBAT = "combat"
    TURN = "turn"
    ROLL = "roll"


class Deck(StrEnum):
    """The two decks; the state numbers them 0 and 1 (`DECKS`)."""

    DOOR = "door"
    TREASURE = "treasure"


DECKS = tuple(Deck)


class HookName(StrEnum):
    """The Python hooks of ``hooks.py`` a card may name (at most `MAX_HOOKS`)."""

    STEAL = "steal"
    DOUBLE = "double"
    RESURRECT = "resurrect"


MAX_HOOKS = 12


class WhenData(ContentModel):
    klass: str | None = Field(default=None, alias="class")
    race: str | None = None
    sex: Sex | None = None
    tag: str | None = None
    side: Side | None = None
    level_min: int | None = Field(default=None, ge=1, le=20)
    level_max: int | None = Field(default=None, ge=1, le=20)
    helped: bool | None = None


class ModifierData(ContentModel):
    stat: Stat
    amount: int = Field(default=1, ge=-20, le=1000)
    slot: SlotGroup | None = None
    when: WhenData | None = None
    unless: WhenData | None = None

    @model_validator(mode="after")
    def _slot_for_slots(self) -> ModifierData:
        if (self.stat == Stat.SLOTS) != (self.slot is not None):
            raise ValueError("a 'slots' modifier names a slot, and only it does")
        return self


class OpData(ContentModel):
    op: OpKind
    amount: int = Field(default=1, ge=-20, le=20)
    to: Target = Target.SUBJECT
    deck: Deck | None = None
    face: Literal["up", "down"] = "down"
    slot: LoseSlot | None = None
    pick: Literal["victim", "random"] = "victim"
    value: int = Field(default=0, ge=0, le=6)
    all: bool = False
    hook: HookName | None = None
    when: WhenData | None = None
    unless: WhenData | None = None

    @model_validator(mode="after")
    def _fields_fit_the_op(self) -> OpData:
        op = self.op
        if op == OpKind.DRAW and self.deck is None:
            raise ValueError("a 'draw' names its deck: door or treasure")
        if op != OpKind.DRAW and self.deck is not None:
            raise ValueError(f"only 'draw' names a deck, not {op!r}")
        if op == OpKind.LOSE_ITEM and self.slot is None:
            raise ValueError("a 'lose_item' names its slot")
        if op != OpKind.LOSE_ITEM and self.slot is not None:
            raise ValueError(f"only 'lose_item' names a slot, not {op!r}")
        if (op == OpKind.HOOK) != (self.hook is not None):
            raise ValueError("a 'hook' op names its hook, and only it does")
        if op in (OpKind.COMBAT_BONUS, OpKind.RUN_BONUS) and self.amount == 0:
            raise ValueError(f"{op!r} needs a non-zero amount")
        if op in (OpKind.GAIN_LEVEL, OpKind.LOSE_LEVEL) and self.amount < 1:
            raise ValueError(f"{op!r} needs an amount of at least 1")
        return self


class TriggerData(ContentModel):
    on: TriggerOn
    do: list[OpData] = Field(min_length=1)
    when: WhenData | None = None


class CostData(ContentModel):
    discard: int = Field(default=0, ge=0, le=5)
    discard_hand: int = Field(default=0, ge=0, le=10)
    discard_self: bool = False
    lose_level: int = Field(default=0, ge=0, le=3)


class AbilityData(ContentModel):
    timing: Context
    role: Role = Role.ANY
    cost: CostData = CostData()
    limit: int = Field(default=0, ge=0, le=10)
    per: Scope = Scope.COMBAT
    per_target: bool = False
    when: WhenData | None = None
    answers_curse: bool = False
    do: tuple[OpData, ...] = ()
    text: Localized | None = None

    @model_validator(mode="after")
    def _a_timing(self) -> AbilityData:
        if self.timing == Context.SETUP:
            raise ValueError("'setup' is no timing: a card is played in the set-up, not used")
        if self.answers_curse and (
            self.timing != Context.ANY or not self.do or self.do[0].op != OpKind.CANCEL_CURSE
        ):
            raise ValueError("only an 'any' use that cancels a curse answers one")
        return self


class ReplacementData(ContentModel):
    instead_of: Instead
    do: tuple[OpData, ...] = ()
    keep: bool = False
    text: Localized | None = None


class CardData(ContentModel):
    id: str
    name: Localized
    text: Localized | None = None
    kind: CardKind
    count: int = Field(default=1, ge=1, le=10)
    # monsters
    level: int = Field(default=0, ge=0, le=20)
    treasures: int = Field(default=0, ge=0, le=5)
    levels: int = Field(default=1, ge=1, le=2)
    tags: tuple[str, ...] = ()
    bad_stuff: tuple[OpData, ...] = ()
    # items (and the gold value of any treasure)
    slot: Slot | None = None
    big: bool = False
    bonus: int = Field(default=0, ge=-5, le=10)
    value: int = Field(default=0, ge=0, le=1000)
    only: WhenData | None = None
    barred: WhenData | None = None
    # class and race cards
    trait: str | None = None
    # curses
    persistent: Persistence = Persistence.NONE
    # the effect vocabulary
    modifiers: tuple[ModifierData, ...] = ()
    triggers: tuple[TriggerData, ...] = ()
    abilities: tuple[AbilityData, ...] = ()
    replacements: tuple[ReplacementData, ...] = ()
    use: AbilityData | None = None

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> CardData:
        kind = self.kind
        if kind == CardKind.MONSTER:
            if not 1 <= self.level <= 20:
                raise ValueError("a monster has a level from 1 to 20")
            if not 1 <= self.treasures <= 5:
                raise ValueError("a monster has 1 to 5 treasures")
            if not self.bad_stuff:
                raise ValueError("a monster has Bad Stuff")
        elif self.level or self.treasures or self.bad_stuff:
            raise ValueError("only a monster has a level, treasures or Bad Stuff")
        if self.tags and kind not in (CardKind.MONSTER, CardKind.ITEM):
            raise ValueError("only a monster or an item has tags")
        if (kind == CardKind.ITEM) != (self.slot is not None):
            raise ValueError("an item has a slot, and only an item does")
        if kind != CardKind.ITEM and (self.big or self.bonus or self.only or self.barred):
            raise ValueError("only an item is Big, has a bonus or a restriction")
        if (kind in TRAIT_KINDS) != (self.trait is not None):
            raise ValueError("a class or race card names its trait, and only it does")
        if (kind in USE_KINDS) != (self.use is not None):
            raise ValueError("a one-shot, a Go up a level or a curse has a use, and only they do")
        if kind != CardKind.CURSE and self.persistent != Persistence.NONE:
            raise ValueError("only a curse persists")
        if self.value and kind not in TREASURE_KINDS:
            raise ValueError("only a treasure has a gold value")
        if self.value % 100:
            raise ValueError("a gold value is a multiple of 100")
        if kind == CardKind.CURSE and self.use is not None and self.use.timing != Context.ANY:
            raise ValueError("a curse is played at any time: its use has timing 'any'")
        for ability in _abilities(self):
            if not ability.do and not (
                kind == CardKind.CURSE and self.persistent != Persistence.NONE
            ):
                raise ValueError("an ability does something: its 'do' lists operations")
        for ability in self.abilities:
            cost = ability.cost
            if not (
                ability.limit
                or cost.discard
                or cost.discard_hand
                or cost.discard_self
                or cost.lose_level
            ):
                raise ValueError("an ability has a cost or a limit (else it could be used forever)")
        return self


class RulesetData(ContentModel):
    game_id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    title: str
    min_players: int = Field(default=3, ge=2, le=6)
    max_players: int = Field(default=6, ge=2, le=6)
    start_doors: int = Field(ge=0, le=8)
    start_treasures: int = Field(ge=0, le=8)
    hand_limit: int = Field(default=5, ge=1, le=10)
    big_items: int = Field(default=1, ge=0, le=9, description="carried Big items; 9 = any")
    identity: Literal["race", "style"] = "race"
    follower: Literal["hireling", "fan"] = "hireling"
    max_followers: int = Field(default=1, ge=0, le=3)
    escape_roll: int = Field(default=5, ge=2, le=6)
    gold_per_level: int = Field(default=1000, ge=100)
    max_level: int = Field(default=10, ge=2, le=20)
    classes: list[str] = Field(min_length=1)
    races: list[str] = Field(min_length=1)
    # a monster with one of these tags may join, from a hand, a fight with another one
    # (base: undead; Fu: Hong Kong monsters)
    joins: tuple[str, ...] = ()
    # when a monster with one of these tags enters a combat, each seat in turn from the
    # turn's player may add one monster of the tag from hand, or pass, once (Fu: Hong
    # Kong monsters); a monster added so opens no window of its own
    reinforce: tuple[str, ...] = ()
    # the start hand of each deck under the game's `fast_play` option (0: no such option)
    fast_start: int = Field(default=0, ge=0, le=8)
    # a class (race) held alone under Super Munchkin (Half-Breed) spares its holder its
    # drawbacks (base); without it, a class is a class however it is held (Fu)
    sole_trait_shield: bool = True
    # Super Munchkin joins a class in play, and goes when either class goes (Fu)
    extra_class_bound: bool = False
    # an item received in a trade cannot be sold before the receiver's next turn (Fu)
    trade_sale_lock: bool = False
    # under the `fast_play` option, a class, race or style, Half-Breed or Super Munchkin
    # card that shows on top of a discard pile may be claimed by discarding a Go up a
    # level from hand (Fu)
    fast_claim: bool = False
    # outside combat, a player may play a monster enhancer on a follower of theirs that
    # has none; it stays with it, adding its combat modifier to the owner (Fu's fans)
    enhance_followers: bool = False
    # a class, race or style, Half-Breed or Super Munchkin card may be played at any
    # moment of one's own turn, its fight and run included (Fu); else outside them only
    character_all_turn: bool = False
    # the languages of the cards' names and texts (English first)
    languages: tuple[str, ...] = ("en",)


class CardSetFile(ContentModel):
    ruleset: RulesetData
    cards: list[CardData] = Field(min_length=1)

    @model_validator(mode="after")
    def _check_set(self) -> CardSetFile:
        seen: set[str] = set()
        traits = {CardKind.CLASS: set(self.ruleset.classes), CardKind.RACE: set(self.ruleset.races)}
        for card in self.cards:
            if card.id in seen:
                raise ValueError(f"card id {card.id!r} is used twice")
            seen.add(card.id)
            if card.trait is not None and card.trait not in traits[card.kind]:
                known = ", ".join(sorted(traits[card.kind]))
                raise ValueError(f"card {card.id!r}: unknown {card.kind} {card.trait!r}; {known}")
            for when in _conditions(card):
                for kind, value in ((CardKind.CLASS, when.klass), (CardKind.RACE, when.race)):
                    if value is not None and value not in traits[kind] | {NO_TRAIT[kind]}:
                        raise ValueError(f"card {card.id!r}: unknown {kind} {value!r}")
        return self


def _abilities(card: CardData) -> list[AbilityData]:
    return [a for a in (card.use, *card.abilities) if a is not None]


def _ops(card: CardData) -> list[OpData]:
    ops = list(card.bad_stuff)
    for t in card.triggers:
        ops += t.do
    for a in _abilities(card):
        ops += a.do
    for r in card.replacements:
        ops += r.do
    return ops


def _conditions(card: CardData) -> list[WhenData]:
    found = [card.only, card.barred]
    found += [m.when for m in card.modifiers] + [m.unless for m in card.modifiers]
    found += [t.when for t in card.triggers] + [a.when for a in _abilities(card)]
    for op in _ops(card):
        found += [op.when, op.unless]
    return [w for w in found if w is not None]


# ----- compiled, shared definitions -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cond:
    """A compiled condition (see the module docstring); empty fields test nothing."""

    klass: str | None
    race: str | None
    sex: int  # -1, or 0 male / 1 female
    tag: str | None
    side: Side | None
    level_min: int
    level_max: int
    helped: int  # -1, 0 or 1


@dataclass(frozen=True, slots=True)
class Mod:
    stat: Stat
    amount: int
    slot: SlotGroup | None
    when: Cond | None
    unless: Cond | None


@dataclass(frozen=True, slots=True)
class Op:
    op: OpKind
    amount: int
    to: Target
    deck: int  # 0 door, 1 treasure (`DECKS`), -1 none
    face_up: bool
    slot: LoseSlot | None
    random: bool
    value: int
    all: bool
    hook: HookName | None
    when: Cond | None
    unless: Cond | None


@dataclass(frozen=True, slots=True)
class Ability:
    """An activated ability, a one-shot's use, or a curse's effect. `code` indexes the
    card's op lists (decision frames name it)."""

    code: int
    timing: Context
    role: Role
    discard: int
    discard_hand: int
    discard_self: bool
    lose_level: int
    limit: int
    per: Scope
    per_target: bool
    when: Cond | None
    ops: tuple[Op, ...]
    text: Localized | None
    answers_curse: bool  # also used as a curse is played on its user (`AbilityData`)

    def fits(self, ctx: Context) -> bool:
        """Whether the ability may be used in the context `ctx`."""
        return fits(self.timing, ctx) or (self.answers_curse and ctx == Context.CURSE)


@dataclass(frozen=True, slots=True)
class Trigger:
    code: int
    on: TriggerOn
    when: Cond | None
    ops: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class Replacement:
    code: int
    instead_of: Instead
    keep: bool
    ops: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """One card design; every copy points to the same object."""

    key: str
    name: Localized
    text: Localized | None
    kind: CardKind
    deck: int  # 0 door, 1 treasure (`DECKS`)
    level: int
    treasures: int
    levels: int
    tags: frozenset[str]
    undead: bool  # tagged undead (the Cleric's foes)
    slot: Slot | None
    big: bool
    bonus: int
    value: int
    only: Cond | None
    barred: Cond | None
    trait: str | None
    persistent: Persistence
    modifiers: tuple[Mod, ...]
    triggers: tuple[Trigger, ...]
    uses: tuple[Ability, ...]  # the one-shot's use first (if any), then the abilities
    replacements: tuple[Replacement, ...]
    op_lists: tuple[tuple[Op, ...], ...]  # by code: 0 Bad Stuff, then the others

    @property
    def use(self) -> Ability | None:
        """The one-shot's, Go up a level's or curse's effect."""
        return self.uses[0] if self.kind in USE_KINDS else None

    @property
    def given_use(self) -> int:
        """The ability by which an item is given away in a fight (its cost is the item
        itself: a Hong Kong item given to a monster), usable from hand as well as from
        play; -1 if it has none."""
        if self.kind == CardKind.ITEM:
            for k, ability in enumerate(self.uses):
                if ability.timing == Context.COMBAT and ability.discard_self:
                    return k
        return -1


def _cond(data: WhenData | None) -> Cond | None:
    if data is None:
        return None
    return Cond(
        data.klass,
        data.race,
        -1 if data.sex is None else SEXES.index(data.sex),
        data.tag,
        data.side,
        data.level_min or 0,
        data.level_max or 99,
        -1 if data.helped is None else int(data.helped),
    )


def _op(data: OpData) -> Op:
    return Op(
        data.op,
        data.amount,
        data.to,
        -1 if data.deck is None else DECKS.index(data.deck),
        data.face == "up",
        data.slot,
        data.pick == "random",
        data.value,
        data.all,
        data.hook,
        _cond(data.when),
        _cond(data.unless),
    )


def _card(data: CardData) -> Card:
    op_lists: list[tuple[Op, ...]] = [tuple(_op(o) for o in data.bad_stuff)]

    def code_of(ops: Sequence[OpData]) -> int:
        op_lists.append(tuple(_op(o) for o in ops))
        return len(op_lists) - 1

    triggers = tuple(
        Trigger(code_of(t.do), t.on, _cond(t.when), op_lists[-1]) for t in data.triggers
    )
    uses = []
    for a in _abilities(data):
        code = code_of(a.do)
        uses.append(
            Ability(
                code,
                a.timing,
                a.role,
                a.cost.discard,
                a.cost.discard_hand,
                a.cost.discard_self,
                a.cost.lose_level,
                a.limit,
                a.per,
                a.per_target,
                _cond(a.when),
                op_lists[code],
                a.text,
                a.answers_curse,
            )
        )
    replacements = tuple(
        Replacement(code_of(r.do), r.instead_of, r.keep, op_lists[-1]) for r in data.replacements
    )
    tags = frozenset(data.tags)
    return Card(
        key=data.id,
        name=data.name,
        text=data.text,
        kind=data.kind,
        deck=0 if data.kind in DOOR_KINDS else 1,
        level=data.level,
        treasures=data.treasures,
        levels=data.levels,
        tags=tags,
        undead="undead" in tags,
        slot=data.slot,
        big=data.big,
        bonus=data.bonus,
        value=data.value,
        only=_cond(data.only),
        barred=_cond(data.barred),
        trait=data.trait,
        persistent=data.persistent,
        modifiers=tuple(
            Mod(m.stat, m.amount, m.slot, _cond(m.when), _cond(m.unless)) for m in data.modifiers
        ),
        triggers=triggers,
        uses=tuple(uses),
        replacements=replacements,
        op_lists=tuple(op_lists),
    )


class CardSet:
    """A validated card set, compiled: one `Card` per instance id, and hot-path tables."""

    def __init__(self, name: str, data: CardSetFile) -> None:
        self.name = name
        self.data = data
        self.rules = data.ruleset
        designs = {c.id: _card(c) for c in data.cards}
        cards: list[Card] = []
        for c in data.cards:
            cards.extend([designs[c.id]] * c.count)
        self.designs = designs
        self.cards: tuple[Card, ...] = tuple(cards)
        self.size = len(cards)
        self.keys = tuple(c.key for c in cards)
        self.kind = tuple(c.kind for c in cards)
        self.deck = tuple(c.deck for c in cards)
        self.doors = tuple(i for i, c in enumerate(cards) if c.deck == 0)
        self.treasures = tuple(i for i, c in enumerate(cards) if c.deck == 1)
        self.items = tuple(i for i, c in enumerate(cards) if c.kind == CardKind.ITEM)
        self.carried = tuple(c.kind in CARRIED_KINDS for c in cards)  # tradable
        self.value = tuple(c.value for c in cards)
        joins = set(data.ruleset.joins)
        # per card: the tags by which a monster may join a fight from a hand
        self.join_tags = tuple(frozenset(c.tags & joins) for c in cards)
        reinforce = set(data.ruleset.reinforce)
        # per card: the tags by which a monster entering a combat calls reinforcements
        self.reinforce_tags = tuple(frozenset(c.tags & reinforce) for c in cards)
        # (card, index) of every use a card in play may make (Use actions)
        self.play_uses = tuple(
            (i, k)
            for i, c in enumerate(cards)
            for k in range(len(c.uses))
            if c.kind not in USED_AS_PLAYED
        )
        self.droppable = tuple(i for i, c in enumerate(cards) if c.kind in DROPPABLE_KINDS)
        # the cards that may be claimed from the top of a discard pile (`fast_claim`)
        self.claimable = tuple(data.ruleset.fast_claim and c.kind in CHARACTER_KINDS for c in cards)
        # Which cards could be played from hand, and which uses of a card in play could be
        # used, in each context of play (a quick filter before the full checks of `flow`).
        rides = data.ruleset.enhance_followers
        all_turn = data.ruleset.character_all_turn
        self.maybe_play = {
            ctx: tuple(_maybe_play(c, ctx, rides, all_turn) for c in cards) for ctx in Context
        }
        self.maybe_use = {
            ctx: tuple(
                tuple(
                    k for k, a in enumerate(c.uses) if c.kind not in USED_AS_PLAYED and a.fits(ctx)
                )
                for c in cards
            )
            for ctx in Context
        }
        self.max_treasures = max(c.treasures for c in cards) + sum(
            max(0, m.amount)
            for c in designs.values()
            for m in c.modifiers
            if m.stat == Stat.TREASURES
        )

    def copies(self, key: str) -> list[int]:
        """The instance ids of a design, lowest first."""
        return [i for i, k in enumerate(self.keys) if k == key]


def fits(timing: Context, ctx: Context) -> bool:
    """Whether an ability of this timing may be used in the context `ctx`."""
    return timing == ctx or (timing == Context.ANY and ctx in ANY_TIME)


def _maybe_play(card: Card, ctx: Context, rides: bool, all_turn: bool) -> bool:
    kind = card.kind
    if kind == CardKind.ONESHOT:  # used, or carried into play on one's own turn
        return card.uses[0].fits(ctx) or ctx in OWN_TIME
    if kind == CardKind.LEVELUP:
        return card.uses[0].fits(ctx)
    if kind == CardKind.CURSE:
        return ctx in ANY_TIME
    if kind == CardKind.ITEM and card.given_use >= 0:
        return ctx in OWN_TIME or ctx == Context.COMBAT
    if kind in CHARACTER_KINDS:
        return ctx in OWN_TIME or (all_turn and ctx != Context.CURSE)
    if kind == CardKind.ITEM:
        return ctx in OWN_TIME
    if kind == CardKind.FOLLOWER:
        return ctx not in (Context.RUN, Context.CURSE)
    if kind == CardKind.ENHANCER:  # on a monster, or (`rides`) on a follower
        return ctx == Context.COMBAT or (rides and ctx in (Context.OWN, Context.ANY))
    return ctx == Context.COMBAT  # Wandering Monster, undead monsters joining


def load_set(file_name: str) -> CardSet:
    """Load and compile ``data/<file_name>`` (raises `ContentError` on a bad file)."""
    data = load_content(f"data/{file_name}", CardSetFile, package=__package__)
    return CardSet(file_name, data)


def set_files() -> list[str]:
    """The card set files of the package, sorted."""
    return sorted(p.name for p in DATA_DIR.glob("*.toml"))
