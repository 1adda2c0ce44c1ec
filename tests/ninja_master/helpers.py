"""Shared helpers of the Ninja Master scenario tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.games.ninja_master import NinjaMasterState
from gamenight.games.ninja_master.actions import DONE, WAIT, Call, Grab
from gamenight.games.ninja_master.content import COLOURS, DICE, FaceKind, token_id
from gamenight.games.ninja_master.rig import carry_out, settle  # noqa: F401
from gamenight.kernel import Action
from gamenight.play.live import LiveTable
from gamenight.testing import rigged

# One ninja of each colour and no Smoke (each Ninja token worth +1); one Katana against
# three Shurikens, so the Katana is not takeable; the Shuriken holder scores 3.
QUIET = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana"] + ["shuriken"] * 3


def game(players: int = 3, **setup: Any) -> NinjaMasterState:
    """A rigged position at the start of a grab (keywords: ``games/ninja_master/rig.py``).

    Without `dice` the roll is `QUIET`; without `reaction_ms` it is 0, so that a scenario
    can time its moves freely (the reaction floor has tests of its own).
    """
    setup.setdefault("dice", QUIET)
    setup.setdefault("reaction_ms", 0)
    return rigged("ninja-master", players=players, **setup)


def words(text: str) -> str:
    """Every run of white space made one space."""
    return " ".join(text.split())


def face_words(die: int, index: int) -> str:
    """A face as the renderer shows it in English: ``red ●●``, ``smoke blue``, ``Katana``."""
    face = DICE[die][index]
    if face.kind == FaceKind.NINJA:
        return f"{COLOURS[face.colour]} {'●' * face.ninjas}"
    if face.kind == FaceKind.SMOKE:
        return f"smoke {COLOURS[face.colour]}"
    return face.kind.capitalize()


def grab(token: str, ms: int) -> Grab:
    """Grab the ``"red"``...``"black"`` or ``"katana"`` token at `ms`."""
    return Grab(token_id(token), ms)


def call(total: int, ms: int) -> Call:
    return Call(total, ms)


def finish(state: NinjaMasterState) -> dict[str, Any]:
    """Every seat still grabbing is done: the round is scored. Returns its summary."""
    round_ = state.round
    while state.round == round_ and not state.is_over():
        for seat in state.actors():
            state.apply(seat, DONE)
    assert state.last_round is not None
    return state.last_round


def play(state: NinjaMasterState, *moves: tuple[int, Any]) -> None:
    """Carry out ``(seat, action)`` moves one by one (`rig.carry_out`)."""
    carry_out(state, *moves)


# ----- the live table -------------------------------------------------------------------


class FakeClock:
    """Whole nanoseconds, as `time.monotonic_ns`, that move only when the test says so."""

    def __init__(self) -> None:
        self.ns = 10**12  # anywhere: only differences count
        self.origin = self.ns

    def __call__(self) -> int:
        return self.ns

    def mark(self) -> None:
        """`to` counts from now: a step begins (the app begins it on a key press)."""
        self.origin = self.ns

    def begin(self, live: LiveTable) -> None:
        """Begin the table's step now."""
        self.mark()
        live.begin()

    def to(self, ms: float) -> None:
        """Move to `ms` after the step began (never back)."""
        ns = self.origin + round(ms * 1_000_000)
        assert ns >= self.ns, "a clock never goes back"
        self.ns = ns


class Script:
    """A seat that makes given timed moves in order, each in its round, then `Done`.

    `moves` are ``(round, action)`` pairs. While its round is on, the seat proposes the
    first move not yet carried out (it reads the round's events), or waits
    while the rules do not allow that move yet (a call before any token was taken).
    """

    name = "script"
    needs_state = True

    def __init__(self, seat: int, moves: Sequence[tuple[int, Action]]) -> None:
        self.seat = seat
        self.moves = list(moves)

    def act(self, view: dict[str, Any], legal: list, clock: Any = None, state: Any = None):
        moves = [action for round_no, action in self.moves if round_no == view["round"]]
        made = 0
        for event in reversed(state.events):
            if event.kind == "roll":
                break
            made += event.kind in ("grab", "call") and event.data["seat"] == self.seat
        if made == len(moves):
            return DONE
        return moves[made] if state.refusal(self.seat, moves[made]) is None else WAIT


def finish_step(live: LiveTable, clock: FakeClock) -> None:
    """Let time run, from one bot action to the next, until the step is over."""
    while live.running:
        clock.to(max(live.next_due(), live.elapsed_ms()))
        live.advance()
