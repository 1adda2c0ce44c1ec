"""Driving a rigged Munchkin position on to the moment a test looks at.

Choices are answered with their first legal action (the first candidate in table or
hand order, the fighter first among targets), windows with passes, so a test knows what
was chosen without naming it.
"""

from __future__ import annotations

from gamenight.games.munchkin import MunchkinState
from gamenight.games.munchkin.actions import ACCEPT, DONE, TREASURES, Ask
from gamenight.kernel import PASS


def answer_first(state: MunchkinState) -> None:
    """Play on with the first legal action (a pass in a window, the first candidate of a
    choice, a roll in a run) while a choice is open or the fight and its run go on."""
    while not state.is_over() and (state.stack or state.phase in ("combat", "run")):
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def answer_choices(state: MunchkinState) -> None:
    """Answer the open choices (not the windows) with their first legal action."""
    while state.stack and not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def pass_window(state: MunchkinState) -> None:
    """Everybody waiting in the open window passes, and the choices it leads to are
    answered with their first legal action, until the window has closed."""
    window = state.window
    assert window is not None
    while state.window is window or state.stack:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, PASS if PASS in legal else legal[0])


def others_pass(state: MunchkinState) -> None:
    """Every seat but the fighter (seat 0) passes, whatever the order of the waiting
    seats: the fighter is the last seat waiting."""
    while state.actors() != (0,):
        state.apply(next(seat for seat in state.actors() if seat != 0), PASS)


def helped(state: MunchkinState, helper: int = 1) -> None:
    """The fighter (seat 0) asks `helper`, who helps for nothing (the window opens again)."""
    others_pass(state)
    for seat, action in ((0, Ask(helper)), (0, DONE), (0, TREASURES[0]), (helper, ACCEPT)):
        state.apply(seat, action)
