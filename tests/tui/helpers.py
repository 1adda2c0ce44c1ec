"""Shared helpers of the live-play tests: a clock moved by hand, and scripted seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.games.ninja_master.actions import DONE, WAIT, Call, Grab
from gamenight.games.ninja_master.content import token_id
from gamenight.kernel import Action
from gamenight.play.live import LiveTable

# One ninja of each colour and no Smoke: each Ninja token is worth +1 and the total is 5.
# One Katana against three Shurikens: the Katana is not takeable; the roller scores 3.
QUIET = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana"] + ["shuriken"] * 3


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


def grab(token: str, ms: int) -> Grab:
    return Grab(token_id(token), ms)


def call(total: int, ms: int) -> Call:
    return Call(total, ms)


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
