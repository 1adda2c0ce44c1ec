"""`Turns`, the table loop's order of decisions that the sequential adapters follow, on a
tiny real-time game: every seat may press a buzzer at a chosen time or pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the RL adapters need the rl extra")

from gamenight.envs.encoding import Turns
from gamenight.kernel import Action, ActionCodec, IllegalAction, Outcome, State
from gamenight.kernel.rng import Rng


@dataclass(frozen=True, order=True, slots=True)
class Press(Action):
    ms: int


@dataclass(frozen=True, order=True, slots=True)
class Pass(Action):
    pass


class Buzzer(State):
    """The first press wins; a seat that passes is out; nobody wins if all pass.

    Presses are timed (`moment` is their time), passes are not."""

    game_id = "buzzer"
    title = "Buzzer"
    min_players = 2
    max_players = 3
    codec = ActionCodec([Press(100), Press(200), Press(300), Pass()])

    def _setup(self) -> None:
        self.waiting = list(range(self.num_players))
        self.winner = -1

    def actors(self) -> tuple[int, ...]:
        return () if self.is_over() else tuple(self.waiting)

    def is_over(self) -> bool:
        return self.winner >= 0 or not self.waiting

    def outcome(self) -> Outcome:
        return Outcome((self.winner,), tuple(float(s == self.winner) for s in range(3)))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"waiting": list(self.waiting), "winner": self.winner}

    def moment(self, action: Action) -> float | None:
        return action.ms if isinstance(action, Press) else None

    def _legal(self, seat: int) -> list[Action]:
        return list(self.codec.actions)

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Press):
            self.winner = seat
        else:
            self.waiting.remove(seat)

    def _copy_into(self, new: State) -> None:
        new.waiting, new.winner = self.waiting.copy(), self.winner

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        pass

    def _dump(self) -> dict[str, Any]:
        return {"waiting": self.waiting, "winner": self.winner}

    def _load(self, data: dict[str, Any]) -> None:
        self.waiting, self.winner = data["waiting"], data["winner"]


def buzzer(players: int = 3) -> Turns:
    return Turns(Buzzer(players, {}, seed=0))


def test_in_a_timed_step_every_actor_proposes_and_the_earliest_applies():
    turns = buzzer()
    assert [turns.deciding(), turns.decide(Press(300))] == [0, None]
    assert [turns.deciding(), turns.decide(Press(100))] == [1, None]
    assert turns.state.history == []  # nothing happens before every actor has proposed
    assert turns.deciding() == 2
    assert turns.decide(Press(100)) == (1, Press(100))  # seat 2 ties at 100 ms, after seat 1
    assert turns.state.winner == 1 and turns.proposals == []


def test_a_later_untimed_proposal_never_comes_first():
    turns = buzzer(players=2)
    turns.decide(Press(300))
    assert turns.decide(Pass()) == (0, Press(300))


def test_an_untimed_first_decision_applies_at_once():
    turns = buzzer()
    assert turns.decide(Pass()) == (0, Pass())
    assert turns.state.actors() == (1, 2)
    assert turns.deciding() == 1


def test_an_illegal_proposal_is_refused_and_changes_nothing():
    turns = buzzer()
    turns.decide(Press(200))
    with pytest.raises(IllegalAction):
        turns.decide(Press(150))
    assert turns.proposals == [(0, Press(200))] and turns.deciding() == 1


def test_a_clone_keeps_the_proposals_and_is_independent():
    turns = buzzer()
    turns.decide(Press(200))
    copy = turns.clone()
    copy.decide(Press(100))
    copy.decide(Press(300))
    assert copy.state.winner == 1
    assert turns.state.winner == -1 and turns.proposals == [(0, Press(200))]
