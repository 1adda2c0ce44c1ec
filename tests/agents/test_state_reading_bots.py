"""Bots that read their seat's share of the state (``reads_state``): the table loop asks
them `act_in` and builds no view; the base class's `choose_in` chooses from the view."""

from __future__ import annotations

from typing import Any

import gamenight
from gamenight.kernel import Action, Bot, State
from gamenight.play.table import ask, next_actor


class Counting(Bot[Any]):
    """Takes the first legal action, counting how it was asked."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.from_view = self.from_state = 0

    def choose(self, view: Any, legal: list[Action]) -> Action:
        self.from_view += 1
        return legal[0]


class StateReading(Counting):
    reads_state = True

    def choose_in(self, state: State, seat: int, legal: list[Action]) -> Action:
        self.from_state += 1
        return super().choose_in(state, seat, legal)  # the base: `choose` on the view


def test_the_table_asks_a_state_reading_bot_act_in_and_builds_no_view(monkeypatch):
    state = gamenight.make("boss-quest", 3, seed=4)
    built: list[int | None] = []
    original = type(state).view
    monkeypatch.setattr(
        type(state), "view", lambda s, seat: built.append(seat) or original(s, seat)
    )
    plain, reading = Counting(1), StateReading(1)
    seat = next_actor(state)
    assert len(state.legal_actions(seat)) > 1
    first = ask(plain, state, seat)
    assert built == [seat] and plain.from_view == 1
    built.clear()
    # The base class's `choose_in` builds the view itself: once, for `choose`.
    assert ask(reading, state, seat) == first
    assert reading.from_state == 1 and reading.from_view == 1 and built == [seat]


def test_act_in_takes_the_only_legal_action_without_choosing():
    state = gamenight.make("boss-quest", 3, seed=4)
    bot = StateReading(2)
    only = state.legal_actions(next_actor(state))[:1]
    assert bot.act_in(state, 0, only) is only[0]
    assert bot.from_state == bot.from_view == 0


def test_act_in_shuffles_ties_as_act_does():
    state = gamenight.make("boss-quest", 3, seed=4)
    seat = next_actor(state)
    legal = state.legal_actions(seat)

    class Shuffling(StateReading):
        shuffle_ties = True

    by_view, by_state = Shuffling(7), Shuffling(7)
    for _ in range(20):
        assert by_state.act_in(state, seat, legal) == by_view.act(state.view(seat), legal)
    assert by_state._rng.getstate() == by_view._rng.getstate()
