"""Munchkin's model: the game's vocabularies, its events' data, and the state's fields
with the queries every rule module shares.

The state (`state.py`) derives from `MunchkinModel`; the rule modules (`flow`, `combat`,
`effects`...) import this module, never the state, so the package has no import cycle.
The card vocabulary (kinds, stats, operations, contexts of play...) is in `content`,
beside the schema that reads it; the view's types are in `views`.

The vocabularies are `StrEnum`s: a member is its string, so snapshots, records and events
read as before, and a loaded snapshot's plain strings compare equal to the members. Each
`EventKind` has its data as a `TypedDict` (`TurnData`...). Modules bind the members they
compare on hot paths to module constants: an attribute of an enum class costs a lookup.

Every field is a plain int or str, a tuple of ints (pairs and triples are flat), a tuple
of such tuples (one per seat: the hands and the cards in play), or a kernel part (the
window, the decision stack, the offers), so the kernel copies, writes and reads them all
(`MunchkinModel.fields`). Cards are ints (`content.py`); the decks' tops are their last
elements. The tuples are never changed but replaced (``s.limbo += (card,)``, `removed`,
`with_seat`): a search's clone shares them all, and a change copies only what it
changes.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import ClassVar, NotRequired, TypedDict, TypeVar, cast

from gamenight.kernel import Action, DecisionStack, Fields, Frame, Offers, State, Window

from .actions import ActionTable
from .content import CardSet, Deck, HookName, Instead

T = TypeVar("T")

# ----- vocabularies ---------------------------------------------------------------------


class Phase(StrEnum):
    """Where the turn is (``docs/munchkin.md``, The turn)."""

    SETUP = "setup"  # every player chooses a sex (Begin), plays their start hand, says Done
    START = "start"  # the turn's player, before kicking open the door
    REVEAL = "reveal"  # a window on the door card kicked open (not a monster)
    COMBAT = "combat"
    RUN = "run"
    LOOT = "loot"  # no fight from the door: look for trouble or loot the room
    AFTER = "after"  # the rest of the turn, before charity
    CHARITY = "charity"
    END = "end"  # the window at the end of the turn
    OVER = "over"


class WindowKind(StrEnum):
    """What the open window answers (``NONE``: no window is open)."""

    NONE = ""
    REVEAL = "reveal"  # the door card kicked open
    COMBAT = "combat"  # the whole combat
    ROLL = "roll"  # a run-away roll
    END = "end"  # the end of the turn


class FrameKind(StrEnum):
    """The kinds of the decision stack's frames, and their args.

    Automatic frames run as the stack unwinds; the others are a seat's choice. A hook's
    choice is a frame of kind ``hook:<name>`` (`hook_frame`).
    """

    # automatic
    OPS = "ops"  # (card, code, index, subject): one operation of a card's list
    REWARD = "reward"  # (treasures,) the fighter's win is paid
    HAUL = "haul"  # (treasures,) a helped win's treasures are drawn face up and shared
    END_COMBAT = "end_combat"  # ()
    LOOT_END = "loot_end"  # (dead seat,) the body's last cards are discarded
    HAUL_REST = "haul_rest"  # () the treasures left on the table go to the frame's seat
    # choices the operations ask for
    AIM = "aim"  # (card, code, index, subject): a combatant
    AIM_SEAT = "aim_seat"  # (card, code, index, subject): any living player
    AIM_MONSTER = "aim_monster"  # (card, code, index, subject)
    LOSE = "lose"  # (card, code, index, remaining): the frame's seat loses cards it picks
    VALUE = "value"  # (card,) a die face
    COST = "cost"  # (card, remaining): cards to discard from hand
    CURSE_TARGET = "curse_target"  # (card,)
    CURSE = "curse"  # (card, source): the victim takes it (Pass) or cancels it
    # choices of the turn
    ENHANCE = "enhance"  # (card,) which monster an enhancer goes on
    WANDER = "wander"  # (card,) which monster from hand joins
    GIVE = "give"  # (card,) charity: which of the lowest players gets it
    LOOT_BODY = "loot"  # (dead seat,) take one card of the body
    SHARE = "share"  # (count,) take this many of the treasures on the table
    BRIBE = "bribe"  # (helper, stage, treasures, helper_first, *items) the fighter's bribe
    COUNTER = "counter"  # (offer, stage, treasures, helper_first, *items) the helper's terms
    ANSWER = "answer"  # (offer,)
    TRADE = "trade"  # (other, *items) a seat builds a trade
    TRADE_COUNTER = "trade_counter"  # (offer, *items) the seat asked builds a counter
    SELL = "sell"  # (*items)
    KEEP = "keep"  # (limit, *kept): a limit was lowered; the seat keeps what it allows
    FACE_UP = "face_up"  # (): draw face up (Pass), or take a discard pile's top instead
    CLAIM = "claim"  # (card, asked, *claims): claim a discard pile's top (`zones.claims`)
    REINFORCE = "reinforce"  # (monster, asked): add a monster of its kind from hand, or pass


HOOK_FRAME = "hook:"  # the prefix of a hook's choice frames


def hook_frame(name: HookName) -> str:
    """The kind of the choice frame of a hook (``hook:steal``)."""
    return HOOK_FRAME + name


class Setup(IntEnum):
    """A seat's step in the set-up (its ``ready``)."""

    SEX = 0  # choosing the character's sex (`Begin`)
    HAND = 1  # playing the start hand, until `Done`
    READY = 2


class Limit(IntEnum):
    """What a ``keep`` frame brings back within its limit (its first arg)."""

    BIG = 0  # Big items (a Dwarf no more)
    CLASS = 1  # classes (Super Munchkin gone)
    RACE = 2  # races (Half-Breed gone)


def with_seat(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """`values` (one per seat) with `seat`'s replaced by `value`: how the rules change a
    per-seat field (a hand: ``with_seat(s.hands, seat, s.hands[seat] + (card,))``)."""
    return (*values[:seat], value, *values[seat + 1 :])


def removed(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    """`values` without its first `value` (a ValueError when it has none, as
    `list.remove`): how the rules take a card out of a tuple field."""
    i = values.index(value)
    return values[:i] + values[i + 1 :]


def ints(frame: Frame) -> tuple[int, ...]:
    """A frame's args, which in this game are always ints."""
    # The kernel's frames may hold ints or strings; every frame this game pushes holds
    # ints, which no type can say of the kernel's `Frame`.
    return cast(tuple[int, ...], frame.args)


class Answer(StrEnum):
    """An answer to an offer (``answer`` events name the action)."""

    ACCEPT = "Accept"
    DECLINE = "Decline"
    COUNTER = "Counter"
    PAY_OFF = "Pay off"  # a demand answered with an item (`Pick`)


class EventKind(StrEnum):
    """The kinds of the game's events; each has its data below (the comment names it)."""

    SETUP = "setup"  # SetupData
    TURN = "turn"  # TurnData
    BEGIN = "begin"  # BeginData
    KICK = "kick"  # KickData
    NO_DOOR = "no_door"  # SeatData: the Door deck and its discards are empty
    REVEAL = "reveal"  # CardSeatData: an add_monster op's door card
    PLAY = "play"  # SeatCardData
    TROUBLE = "trouble"  # SeatCardData: a monster from hand, looking for trouble
    EQUIP = "equip"  # SeatCardData
    UNEQUIP = "unequip"  # SeatCardData
    DROP = "drop"  # SeatCardData: discarded from play
    USE = "use"  # UseData
    END_TURN = "end_turn"  # SeatData
    DRAW = "draw"  # DrawData
    DRAWN = "drawn"  # DrawnData (to the drawer only)
    RESHUFFLE = "reshuffle"  # ReshuffleData
    COMBAT = "combat"  # CombatData
    MONSTER = "monster"  # CardSeatData: a monster joins (seat: who brought it)
    ENHANCE = "enhance"  # EnhanceData
    MONSTER_GONE = "monster_gone"  # MonsterGoneData
    NO_MONSTERS = "no_monsters"  # SeatData
    BONUS = "bonus"  # BonusData
    RUN_BONUS = "run_bonus"  # RunBonusData
    ASK = "ask"  # AskData
    OFFER = "offer"  # OfferData
    ANSWER = "answer"  # AnswerData
    HELPER = "helper"  # HelperData
    WIN = "win"  # WinData
    HAUL = "haul"  # HaulData
    BRIBE_ITEM = "bribe_item"  # BribeItemData
    TAKE = "take"  # SeatCardData
    RUN = "run"  # RunData
    ROLL = "roll"  # RollData
    SET_ROLL = "set_roll"  # RollChangeData
    REROLL = "reroll"  # RollChangeData
    RAN = "ran"  # RanData
    ESCAPE = "escape"  # EscapeData
    CAUGHT = "caught"  # CaughtData
    COMBAT_OVER = "combat_over"  # SeatData
    DEATH = "death"  # DeathData
    LOOT = "loot"  # SeatCardData: a card taken from a body
    CLAIM = "claim"  # ClaimData: a seat claims a discard pile's top with a Go up a level
    CLAIMED = "claimed"  # ClaimedData: the claim is settled (a die roll among several)
    BODY_DISCARDED = "body_discarded"  # CardsData
    LEVEL = "level"  # LevelData
    DISCARD = "discard"  # SeatCardsData: from hand
    LOSE = "lose"  # SeatCardsData: from play
    SEX = "sex"  # SexData
    REPLACED = "replaced"  # ReplacedData
    CURSE = "curse"  # CurseData
    CURSED = "cursed"  # CardSeatData
    CURSE_CANCELLED = "curse_cancelled"  # CardSeatData
    CURSE_REMOVED = "curse_removed"  # CurseRemovedData
    STEAL = "steal"  # StealData
    TRADE = "trade"  # TradeData
    TRADED = "traded"  # TradedData
    SOLD = "sold"  # SoldData
    CHARITY_DISCARD = "charity_discard"  # SeatCardData
    GIFT = "gift"  # GiftData
    GIFT_CARD = "gift_card"  # GiftCardData (to the giver and the receiver only)
    END = "end"  # EndData


# ----- the events' data -------------------------------------------------------------------


class SetupData(TypedDict):
    first: int  # the first turn's player


class TurnData(TypedDict):
    seat: int
    number: int


class BeginData(TypedDict):
    seat: int
    sex: int  # 0 male, 1 female


class KickData(TypedDict):
    seat: int
    card: int
    discard: bool  # taken from the Door discard pile (the Cleric's resurrection)


class SeatData(TypedDict):
    seat: int


class ClaimData(TypedDict):
    seat: int
    card: int  # the card claimed
    levelup: int  # the Go up a level the seat will discard for it


class ClaimedData(TypedDict):
    seat: int  # who takes the card
    card: int
    claimants: list[int]
    rolls: list[int]  # the claimants' last die rolls (none for a single claimant)


class SeatCardData(TypedDict):
    seat: int
    card: int


class CardSeatData(TypedDict):
    card: int
    seat: int


class SeatCardsData(TypedDict):
    seat: int
    cards: list[int]


class CardsData(TypedDict):
    cards: list[int]


class HaulData(TypedDict):
    """The treasures of a helped win on the table; `from_discard`: the one of them taken
    from the top of the Treasure discard pile instead of the deck (a Cleric's)."""

    cards: list[int]
    from_discard: NotRequired[int]


class UseData(TypedDict):
    seat: int
    card: int
    ability: int
    hand: bool  # a one-shot used as it is played from hand


class DrawData(TypedDict):
    """A face-up draw names its `cards`; a face-down one only their `count`."""

    seat: int
    deck: Deck
    cards: NotRequired[list[int]]
    count: NotRequired[int]


class DrawnData(TypedDict):
    seat: int
    cards: list[int]


class ReshuffleData(TypedDict):
    deck: Deck
    cards: int


class CombatData(TypedDict):
    seat: int
    number: int


class EnhanceData(TypedDict):
    card: int
    monster: int


class MonsterGoneData(TypedDict):
    card: int
    by: int  # the card that took it away
    defeated: bool  # its treasures are won


class BonusData(TypedDict):
    """A bonus of this combat on a player (`seat`) or on a `monster`."""

    card: int
    seat: NotRequired[int]
    monster: NotRequired[int]
    amount: int


class RunBonusData(TypedDict):
    card: int
    seat: int
    amount: int


class AskData(TypedDict):
    seat: int
    other: int


class OfferData(TypedDict):
    offer: int
    seat: int
    other: int
    terms: list[int]  # (treasures, helper_first, *items)


class AnswerData(TypedDict):
    seat: int
    offer: int
    answer: Answer


class HelperData(TypedDict):
    seat: int
    helper: int


class WinData(TypedDict):
    seat: int
    helper: int  # -1: none
    monsters: list[int]
    level: int  # the fighter's new level


class BribeItemData(TypedDict):
    card: int
    seat: int
    receiver: int


class RunData(TypedDict):
    seat: int
    helper: int


class RollData(TypedDict):
    seat: int
    monster: int
    die: int


class RollChangeData(TypedDict):
    seat: int
    card: int
    value: int


class RanData(TypedDict):
    seat: int
    monster: int
    die: int
    total: int
    escaped: bool


class EscapeData(TypedDict):
    """An escape by a `card` (`all`: from every monster), or one without a roll from a
    `monster` that does not chase the seat (`auto`)."""

    seat: int
    card: NotRequired[int]
    all: NotRequired[bool]
    monster: NotRequired[int]
    auto: NotRequired[bool]


class CaughtData(TypedDict):
    seat: int
    monster: int


class DeathData(TypedDict):
    seat: int
    card: int  # what killed
    body: list[int]
    order: list[int]  # the looters, first first
    rolls: list[int]  # their tie-breaking rolls (0: none)


class LevelData(TypedDict):
    seat: int
    level: int
    card: int


class SexData(TypedDict):
    seat: int
    sex: int
    card: int


class ReplacedData(TypedDict):
    seat: int
    card: int
    what: Instead


class CurseData(TypedDict):
    card: int
    seat: int  # the victim
    source: int


class CurseRemovedData(TypedDict):
    seat: int
    curse: int
    card: int


class StealData(TypedDict):
    seat: int
    victim: int
    card: int
    die: int
    success: bool


class TradeData(TypedDict):
    offer: int
    seat: int
    other: int
    give: list[int]
    take: list[int]


class TradedData(TypedDict):
    seat: int
    other: int
    give: list[int]
    take: list[int]


class SoldData(TypedDict):
    seat: int
    cards: list[int]
    gold: int
    level: int


class GiftData(TypedDict):
    """A gift names its `card` when everybody knew it was in the giver's hand."""

    seat: int
    receiver: int
    card: NotRequired[int]


class GiftCardData(TypedDict):
    seat: int
    receiver: int
    card: int


class EndData(TypedDict):
    winners: list[int]
    levels: list[int]
    truncated: bool


# ----- the state's fields -------------------------------------------------------------------

# Tuples that start every game empty and that a rigged position starts empty too.
TRANSIENT = (
    "toggled",
    "trades",
    "monsters",
    "enh",
    "cmods",
    "rbonus",
    "uses",
    "escaped",
    "run_left",
    "runners",
    "body",
    "haul",
    "limbo",
    "public_hand",
    "seen",
    "winners",
)
# Each deck's fields, by `content.DECKS` index (0 doors, 1 treasures): its draw pile (the
# top last) and its discard pile.
DRAW_PILES = ("door_deck", "treasure_deck")
DISCARD_PILES = ("door_discard", "treasure_discard")
PER_SEAT = ("level", "sex", "dead", "fresh", "ready", "charity_got")  # one int per seat


class MunchkinModel(State):
    """The fields of a game of a Munchkin card set, and the queries the rule modules share.

    The card set is the class's (`state.state_class` makes one subclass per set)."""

    fields = Fields(
        scalars=(
            "turn",
            "turn_number",
            "phase",
            "window_kind",
            "fought",
            "door_card",
            "combat_no",
            "helper",
            "run_mon",
            "roll",
            "roll_seat",
            "charmed",
            "drawn",
            "sales",
            "sale_bonus_used",
            "turn_actions",
            "truncated",
        ),
        tuples=(
            *PER_SEAT,
            "door_deck",
            "treasure_deck",
            "door_discard",
            "treasure_discard",
            "unequipped",
            *TRANSIENT,
            "forced",
            "hands",
            "table",
        ),
        parts=(("window", Window), ("stack", DecisionStack), ("offers", Offers)),
    )
    __slots__ = fields.names

    CS: ClassVar[CardSet]
    A: ClassVar[ActionTable]
    draw_cap: ClassVar[int]  # cards one turn may draw at most (see `zones.draw_cards`)

    turn: int  # the turn's player (the fighter in a combat)
    turn_number: int
    phase: Phase
    window_kind: WindowKind
    fought: int  # the turn's player has had a combat this turn
    door_card: int  # the door card kicked open, while its window is open (-1: none)
    combat_no: int  # the current (or last) combat's number: the occasion of its offers
    helper: int  # -1: none
    run_mon: int  # the monster being run from (-1: none chosen)
    roll: int  # the run-away die on the table (-1: none)
    roll_seat: int
    charmed: int  # treasures of monsters defeated without a kill in this combat
    drawn: int  # cards drawn this turn
    sales: int  # sales begun this turn
    sale_bonus_used: int  # the once-a-turn sale bonus (Halfling) is spent
    turn_actions: int  # actions applied this turn (the set-up counts as a turn)
    truncated: bool
    level: tuple[int, ...]
    sex: tuple[int, ...]  # 0 male, 1 female (`content.SEXES`)
    dead: tuple[int, ...]  # died this turn (back at the next turn's start)
    fresh: tuple[int, ...]  # draws a new start hand at the start of their next turn
    ready: tuple[int, ...]  # the seat's step in the set-up (`Setup`)
    charity_got: tuple[int, ...]  # cards received in this turn's charity
    door_deck: tuple[int, ...]
    treasure_deck: tuple[int, ...]
    door_discard: tuple[int, ...]
    treasure_discard: tuple[int, ...]
    unequipped: tuple[int, ...]  # items in play turned sideways
    toggled: tuple[int, ...]  # items equipped or unequipped this turn
    trades: tuple[int, ...]  # pairs: sender, receiver of the trades begun this turn
    monsters: tuple[int, ...]  # in the fight, in the order they came
    enh: tuple[int, ...]  # pairs: enhancer, monster
    cmods: tuple[int, ...]  # triples: 0 seat | 1 monster, target, amount (this combat)
    rbonus: tuple[int, ...]  # pairs: seat, run-away bonus (this combat)
    uses: tuple[int, ...]  # quads: card, ability, target, scope (0 combat, 1 turn, 2 roll)
    escaped: tuple[int, ...]  # runners who escaped every monster of this combat
    run_left: tuple[int, ...]  # monsters not yet run from
    runners: tuple[int, ...]  # seats still to run from run_mon, the next first
    body: tuple[int, ...]  # a dead player's cards, being looted
    haul: tuple[int, ...]  # treasures won with help, face up, being shared
    limbo: tuple[int, ...]  # cards being played (a curse or an enhancer waiting for a target)
    public_hand: tuple[int, ...]  # cards in hands that everybody knows
    seen: tuple[int, ...]  # pairs: viewer, card in another hand it knows
    winners: tuple[int, ...]
    forced: tuple[int, ...]  # die results to come first (rigged tests)
    hands: tuple[tuple[int, ...], ...]
    table: tuple[tuple[int, ...], ...]  # cards in play in front of each seat
    window: Window | None
    stack: DecisionStack
    offers: Offers

    # The legal actions of the last seat asked, for the number of actions played then: a
    # driver asks for them and `apply` checks against them, so they are built once (and
    # `flow.settle` keeps a chooser's options). The state changes only by `apply`, which
    # plays one more action, so the key is exact; copies, loads and rigs start without it.
    _legal_key: tuple[int, int] | None = None
    _legal_list: list[Action]

    # ----- queries ----------------------------------------------------------------------

    def living(self) -> list[int]:
        """The seats not dead this turn, in seat order."""
        dead = self.dead
        return [p for p in range(self.num_players) if not dead[p]]

    def die(self) -> int:
        """Roll a six-sided die (a rigged game's forced results come first)."""
        forced = self.forced
        if forced:
            self.forced = forced[1:]
            return forced[0]
        return self.rng.below(6) + 1

    def finish(self, truncated: bool) -> None:
        """End the game: the players at the top level win; when a safety limit ends it
        (`truncated`), the highest level wins (the declared ranking: levels)."""
        self.phase = Phase.OVER
        self.truncated = truncated
        best = max(self.level)
        self.winners = tuple(p for p in range(self.num_players) if self.level[p] == best)
        self.stack.clear()
        self.window, self.window_kind = None, WindowKind.NONE
        self.log(
            EventKind.END,
            **EndData(winners=list(self.winners), levels=list(self.level), truncated=truncated),
        )
