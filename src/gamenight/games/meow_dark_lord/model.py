"""Meow, Dark Lord!: the state's fields, the game's vocabularies, and the queries that
every rule module shares.

`MeowModel` declares the fields; `MeowState` (``state.py``) derives from it and adds the
set-up, the contract and the dispatch. The rule modules take a `MeowModel`, so none of
them imports the state. Every field is a plain int, str or list of ints, or the kernel's
stack of steps, so the kernel copies and writes them with no code of the game's.

Cards are ints (see `content.py`); the Tower's top card is its last element. Seats are
numbered clockwise. The vocabularies are `StrEnum`s: their members are written as their
strings, and the plain strings of a loaded snapshot compare equal to them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal, TypedDict

from gamenight.kernel import DecisionStack, Fields, State

from .content import Effect


class Phase(StrEnum):
    """The four phases of a turn (`turn.py`), and the end of the game."""

    HIRE1 = "hire1"
    DUNGEON = "dungeon"
    HIRE2 = "hire2"
    SACRIFICE = "sacrifice"
    OVER = "over"


class EndReason(StrEnum):
    """Why the game ended."""

    COIN_TARGET = "coin_target"
    RIGOR_MORTIS = "rigor_mortis"
    TURN_LIMIT = "turn_limit"


class TieBreak(StrEnum):
    """The step of the ranking that decided the winner (`end.py`)."""

    COINS = "coins"
    CATS = "cats"
    HEARTS = "hearts"
    HAND = "hand"
    ROLL_OFF = "roll_off"


class Step(StrEnum):
    """The steps on the stack that are no ability's effect (a step of an effect's kind,
    `content.Effect`, resolves that effect: `abilities.py`)."""

    ATTACK = "attack"  # an attacking cat's target is chosen
    SACRIFICE = "sacrifice"  # an activation's cost: another cat of its owner's
    STEAL = "steal"  # where a Steal cat's next coin comes from
    NEXT_PHASE = "next_phase"  # under a hire or a draw: the hire phase ends once it is reached


class EventKind(StrEnum):
    """What an event tells; each kind's data has its type below (`EVENT_DATA`)."""

    SETUP = "setup"
    DEAL = "deal"
    TURN = "turn"
    DRAW = "draw"
    DREW = "drew"
    RIGOR_MORTIS = "rigor_mortis"
    HIRE = "hire"
    SEARCH = "search"
    ATTACK = "attack"
    COINS = "coins"
    WOUND = "wound"
    KILLED = "killed"
    SACRIFICED = "sacrificed"
    ACTIVATE = "activate"
    ABILITY = "ability"
    HEAL = "heal"
    TO_HAND = "to_hand"
    DISCARD = "discard"
    NO_TARGET = "no_target"
    ROLL_OFF = "roll_off"
    GAME_OVER = "game_over"


# Where a coins event's coins came from when no player paid them.
TREASURY: Final = "treasury"


# ----- the data of each kind of event (cards by id, seats by number) -----------------


class SetupData(TypedDict):
    """The game begins: who plays first, the Tower's size and its Rigor-Mortis-free top."""

    first: int
    tower: int
    safe_top: int


class DealData(TypedDict):
    """The cards dealt to `seat`, told to that seat only."""

    seat: int
    cards: list[int]


class TurnData(TypedDict):
    """`seat`'s turn begins; `number` counts the game's turns from 1."""

    seat: int
    number: int


class SeatData(TypedDict):
    """`seat` draws a card from the Tower (which one is told to that seat only)."""

    seat: int


class CardData(TypedDict):
    """`seat` moves `card`: ``drew`` (told to the drawer only), ``hire``, ``killed`` and
    ``sacrificed`` (to the Graveyard), ``activate``, ``to_hand`` (from the Graveyard, in
    plain sight), ``discard``."""

    seat: int
    card: int


class RigorMortisData(TypedDict):
    """`seat` draws a Rigor Mortis, the `revealed`-th on the track."""

    seat: int
    revealed: int


class SearchData(TypedDict):
    """`seat`'s `card` searches: its `dice`, and the `hits` that each bring a coin."""

    seat: int
    card: int
    dice: list[int]
    hits: int


class AttackData(TypedDict):
    """`seat`'s `card` attacks `target`: its `dice`, and the `hits` that each take a heart."""

    seat: int
    card: int
    target: int
    dice: list[int]
    hits: int


class CoinsData(TypedDict):
    """`seat` takes `amount` coins through `card`, from a seat or the treasury."""

    seat: int
    card: int
    amount: int
    source: int | Literal["treasury"]


class WoundData(TypedDict):
    """`card` loses `amount` hearts and has `hearts` left."""

    card: int
    amount: int
    hearts: int


class StrikeData(TypedDict):
    """The ability of `seat`'s `card` strikes `target` (a ``wound`` effect)."""

    seat: int
    card: int
    effect: Effect
    target: int


class HealData(TypedDict):
    """The ability of `seat`'s `card` heals `target` up to `hearts`."""

    seat: int
    card: int
    target: int
    hearts: int


class NoTargetData(TypedDict):
    """The `step` of `seat`'s `card` has nothing to act on and does nothing."""

    seat: int
    card: int
    step: str  # an `Effect` or a `Step`


class RollOffData(TypedDict):
    """The tied `seats` roll a die each (`dice`, in the same order)."""

    seats: list[int]
    dice: list[int]


class GameOverData(TypedDict):
    """The game ends: its `winner`, why, the ranking step that decided, every seat's coins."""

    winner: int
    reason: EndReason
    decided_by: TieBreak
    coins: list[int]


EventData = (
    SetupData
    | DealData
    | TurnData
    | SeatData
    | CardData
    | RigorMortisData
    | SearchData
    | AttackData
    | CoinsData
    | WoundData
    | StrikeData
    | HealData
    | NoTargetData
    | RollOffData
    | GameOverData
)
# The data type of each kind of event.
EVENT_DATA: dict[EventKind, type[EventData]] = {
    EventKind.SETUP: SetupData,
    EventKind.DEAL: DealData,
    EventKind.TURN: TurnData,
    EventKind.DRAW: SeatData,
    EventKind.DREW: CardData,
    EventKind.RIGOR_MORTIS: RigorMortisData,
    EventKind.HIRE: CardData,
    EventKind.SEARCH: SearchData,
    EventKind.ATTACK: AttackData,
    EventKind.COINS: CoinsData,
    EventKind.WOUND: WoundData,
    EventKind.KILLED: CardData,
    EventKind.SACRIFICED: CardData,
    EventKind.ACTIVATE: CardData,
    EventKind.ABILITY: StrikeData,
    EventKind.HEAL: HealData,
    EventKind.TO_HAND: CardData,
    EventKind.DISCARD: CardData,
    EventKind.NO_TARGET: NoTargetData,
    EventKind.ROLL_OFF: RollOffData,
    EventKind.GAME_OVER: GameOverData,
}


_OVER = Phase.OVER  # bound once: `is_over` is asked on every move


class MeowModel(State):
    """A game's fields, and the queries the rule modules share."""

    fields = Fields(
        scalars=(
            "turn",
            "turn_number",
            "phase",
            "treasury",
            "safe_top",
            "winner",
            "end_reason",
            "decided_by",
        ),
        lists=("coins", "hearts", "tower", "graveyard", "track", "acted", "revealed"),
        nested=("hands", "dungeons"),
        parts=(("stack", DecisionStack),),
    )
    __slots__ = fields.names

    # Every one is set by the set-up, or loaded.
    turn: int  # whose turn it is
    turn_number: int
    phase: Phase
    treasury: int
    safe_top: int  # the Tower's top cards known (by the set-up) to hold no Rigor Mortis
    winner: int  # -1 until the game is over
    end_reason: EndReason | Literal[""]  # "" until the game is over
    decided_by: TieBreak | Literal[""]  # "" until the game is over
    coins: list[int]  # per seat
    hearts: list[int]  # heart tokens per card id (0 outside the dungeons)
    tower: list[int]
    graveyard: list[int]
    track: list[int]  # revealed Rigor Mortis cards
    acted: list[int]  # cats that have taken their dungeon action this turn
    revealed: list[int]  # cards in hands that everybody saw go there (from the Graveyard)
    stack: DecisionStack  # steps waiting to resolve (`abilities.py`); the top one decides
    hands: list[list[int]]
    dungeons: list[list[int]]

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == _OVER

    def roll(self, count: int) -> list[int]:
        """Roll `count` six-sided dice with the game's generator."""
        below = self.rng.below
        return [below(6) + 1 for _ in range(count)]
