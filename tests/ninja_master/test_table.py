"""The table loop in a real-time step: every grabbing seat proposes, the earliest acts."""

from __future__ import annotations

from typing import Any

import gamenight
from gamenight.games.ninja_master.actions import DONE, Grab
from gamenight.play import play


class OneGrab:
    """Grabs one token at a fixed time while it is free, then is done."""

    name = "one-grab"

    def __init__(self, token: int, ms: int) -> None:
        self.token, self.ms = token, ms

    def act(self, view: dict[str, Any], legal: list, clock=None, state=None):
        free = view["tokens"][self.token]["holder"] is None
        if free and view["now_ms"] <= self.ms and view["round"] == 1:
            return Grab(self.token, self.ms)
        return DONE


def test_the_earliest_proposal_happens_first_whatever_the_seat_order():
    state = gamenight.make("ninja-master", players=3, seed=1, max_rounds=1)
    agents = [OneGrab(0, 900), OneGrab(0, 400), OneGrab(0, 650)]
    play(state, agents)
    grabs = [event.data for event in state.events if event.kind == "grab"]
    assert grabs == [{"seat": 1, "token": "red", "ms": 400, "holder": 1}]


def test_seats_asked_but_not_applied_are_asked_again():
    state = gamenight.make("ninja-master", players=3, seed=1, max_rounds=1)
    agents = [OneGrab(0, 900), OneGrab(1, 400), OneGrab(2, 650)]
    play(state, agents)
    grabs = [
        (event.data["seat"], event.data["ms"]) for event in state.events if event.kind == "grab"
    ]
    assert grabs == [(1, 400), (2, 650), (0, 900)]
