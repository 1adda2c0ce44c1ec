"""Ninja Master's model: the game's vocabularies, its events' data, and the state's fields
with the queries every rule module shares.

The state (`state.py`) derives from `NinjaMasterModel`; the rule modules (`resolution`,
`views`, `rig`...) import this module, never the state, so the package has no import cycle.

The vocabularies are `StrEnum`s: a member is its string, so snapshots, records and events
read as before, and a loaded snapshot's plain strings compare equal to the members. (The
dice data's face kinds are `content.FaceKind`, beside the schema that reads them.)

Each `EventKind` has its data as a `TypedDict` (`RollData`...); the view's are in `views`.
The fields the kernel knows (`NinjaMasterModel.fields`) are plain ints, bools and lists, so
cloning copies a few short lists; the hooks here add the sealed proposals, the roll (written
as its faces) and the last round's summary, the last two immutable and shared by clones.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypedDict

from gamenight.kernel import Action, Fields, State

from .dice import Roll, summarize

# ----- vocabularies ---------------------------------------------------------------------


class Phase(StrEnum):
    """Where the game is: a round's grab, or the end."""

    GRAB = "grab"
    OVER = "over"


class SmokeRule(StrEnum):
    """The ``smoke_rule`` option: how Smokes sign a colour's Ninja token."""

    PARITY = "parity"  # each Smoke of the colour flips the sign
    SINGLE = "single"  # the rulebook's literal words: only exactly one Smoke


class Source(StrEnum):
    """Where a round's points come from (``floor``: given back by the floor at 0)."""

    NINJA = "ninja"
    KATANA = "katana"
    SHURIKEN = "shuriken"
    CALL = "call"
    FLOOR = "floor"


class EventKind(StrEnum):
    """The kinds of the game's events; each has its data below (`RollData`...)."""

    ROLL = "roll"
    GRAB = "grab"
    CALL = "call"
    TIME_UP = "time_up"
    SCORE = "score"
    SUDDEN_DEATH = "sudden_death"
    GAME_OVER = "game_over"


# The state's per-seat totals of each source: ``ninja_points``...
SOURCE_POINTS = tuple(f"{source}_points" for source in Source)


# ----- a round's summary and the events ---------------------------------------------------


class RoundSummary(TypedDict):
    """A scored round, for views (``last_round``) and its ``score`` event."""

    round: int
    total: int  # the ninjas rolled
    katana_takeable: bool
    holders: list[int]  # per token: the seat that took it, or -1
    calls: list[list[int]]  # [seat, total, ms] in time order
    call_winner: int  # the seat that won the call's point, or -1
    points: dict[str, list[int]]  # per `Source`: each seat's points of the round
    scores: list[int]  # after the round


class RollData(TypedDict):
    round: int
    roller: int  # the Shuriken holder
    faces: list[int]  # face index per die


class GrabData(TypedDict):
    seat: int
    token: str  # `content.TOKEN_IDS`
    ms: int
    holder: int  # who holds the token now: not `seat` when a tie's draw left it elsewhere


class CallData(TypedDict):
    seat: int
    total: int
    ms: int


class TimeUpData(TypedDict):
    ms: int  # the time limit: nobody moves any more this round


class ScoreData(RoundSummary):
    """The round's summary and all it takes to explain every change of score alone (a
    replay tells each action's events on their own)."""

    faces: list[int]
    roller: int
    katana_owner_before: int
    smoke_rule: SmokeRule
    katana_owner: int  # the Katana's new owner


class SuddenDeathData(TypedDict):
    seats: list[int]  # those who reached the target in the same round


class GameOverData(TypedDict):
    winners: list[int]
    scores: list[int]


# ----- the state's fields -------------------------------------------------------------------


class NinjaMasterModel(State):
    """The fields of a game of Ninja Master, and the queries the rule modules share."""

    fields = Fields(
        scalars=(
            "round",
            "phase",
            "katana_owner",
            "shuriken",
            "now",
            "floor",
            "sudden_death",
            "truncated",
        ),
        lists=(
            "scores",
            "holder",
            "taken_at",
            "contest",
            "grabbing",
            "winners",
            "won",
            *SOURCE_POINTS,
        ),
        nested=("calls",),
        own_scalars=("dice", "last_round"),
        own_lists=("sealed",),
    )
    __slots__ = fields.names

    round: int
    phase: Phase
    katana_owner: int
    shuriken: int  # the Shuriken holder: rolls this round, scores its Shurikens
    now: int  # the table's clock: ms of the latest resolved timed action this round
    floor: int  # the earliest ms of a new proposal: `now` (0: the dice) + reaction_ms
    sudden_death: bool  # several players reached the target in one round
    truncated: bool  # the max_rounds safety limit ended the game
    scores: list[int]
    holder: list[int]  # per token: the seat that took it, or -1
    taken_at: list[int]  # per token: ms it was taken at, or -1
    contest: list[int]  # per token: bit mask of the seats that grabbed it at taken_at
    grabbing: list[int]  # seats still grabbing, in seat order
    winners: list[int]  # empty until the game is over
    won: list[int]  # per `Source` but the floor: points won (each seat's positive results)
    ninja_points: list[int]  # per seat, summed over the rounds: points from each source
    katana_points: list[int]
    shuriken_points: list[int]
    call_points: list[int]
    floor_points: list[int]  # given back by the floor at 0
    calls: list[list[int]]  # [seat, total, ms] in time order
    # Copied by the kernel, written and read by the hooks below.
    sealed: list[Action | None]  # per seat: its sealed proposal, hidden from the others
    dice: Roll  # written as its faces
    last_round: RoundSummary | None  # the previous round's summary, replaced each round

    # ----- queries ----------------------------------------------------------------------

    @property
    def reaction_ms(self) -> int:
        """The reaction floor: nobody acts sooner than this after what they react to."""
        reaction: int = self.options["reaction_ms"]
        return reaction

    def deadline(self) -> int:
        """The last ms at which a timed action still counts: the end of the tie window
        after the first call, else the time limit. A live table submits ``Done`` after it."""
        limit: int = self.options["time_limit_ms"]
        if self.calls:
            window: int = self.options["tie_window_ms"]
            return min(limit, self.calls[0][2] + window)
        return limit

    def source_totals(self) -> tuple[list[int], ...]:
        """Per `Source`, in order, each seat's points from it summed over the rounds."""
        return (
            self.ninja_points,
            self.katana_points,
            self.shuriken_points,
            self.call_points,
            self.floor_points,
        )

    # ----- the fields the kernel does not know ----------------------------------------

    def _dump(self) -> dict[str, Any]:
        data = super()._dump()
        data["faces"] = list(self.dice.faces)
        data["sealed"] = [None if p is None else p.to_json() for p in self.sealed]
        data["last_round"] = self.last_round
        return data

    def _load(self, data: dict[str, Any]) -> None:
        super()._load(data)
        self.dice = summarize(data["faces"])
        self.sealed = [None if p is None else self.codec.from_json(p) for p in data["sealed"]]
        self.last_round = data["last_round"]
