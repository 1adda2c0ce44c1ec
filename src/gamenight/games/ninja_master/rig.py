"""Rig a Ninja Master position for scenario tests (see `gamenight.testing.rig`)."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.kernel import Action

from .actions import WAIT
from .content import DICE
from .dice import summarize
from .model import NinjaMasterModel, Phase


def rig(
    state: NinjaMasterModel,
    *,
    dice: Sequence[str] | None = None,
    scores: Sequence[int] | None = None,
    katana: int | None = None,
    shuriken: int | None = None,
    sudden_death: bool | None = None,
) -> NinjaMasterModel:
    """Set up a position at the start of a round's grab (nothing taken, nobody called).

    - `dice`: the faces shown, one per die, by name (``"red 2"``, ``"blue smoke"``,
      ``"katana"``, ``"shuriken"``) in any order: each is put on a die that has that face.
    - `scores`: per seat; `katana`: the Katana's owner; `shuriken`: the Shuriken's holder,
      who rolled; `sudden_death`: several players already reached the target.
    """
    if dice is not None:
        state.dice = summarize(_faces(dice))
    if scores is not None:
        if len(scores) != state.num_players:
            raise ValueError(f"give {state.num_players} scores, got {len(scores)}")
        state.scores = list(scores)
    if katana is not None:
        state.katana_owner = katana
    if shuriken is not None:
        state.shuriken = shuriken
    if sudden_death is not None:
        state.sudden_death = sudden_death
    state.phase, state.winners = Phase.GRAB, []
    state.holder = [-1] * len(state.holder)
    state.taken_at = [-1] * len(state.taken_at)
    state.contest = [0] * len(state.contest)
    state.calls, state.now = [], 0
    state.floor = state.reaction_ms
    state.sealed = [None] * state.num_players
    state.grabbing = list(range(state.num_players))
    state.events.clear()
    state.history.clear()
    return state


def carry_out(state: NinjaMasterModel, *moves: tuple[int, Action]) -> NinjaMasterModel:
    """Carry out ``(seat, action)`` moves one by one, as if each seat's move were the only
    one sealed: each is proposed, then every other seat still to propose waits, so the
    engine resolves it at once (a move that ends the round is not followed by waits)."""
    for seat, action in moves:
        round_ = state.round
        state.apply(seat, action)
        if state.round == round_:
            settle(state)
    return state


def settle(state: NinjaMasterModel) -> NinjaMasterModel:
    """Every seat still to propose waits: the sealed proposals are resolved."""
    for seat in state.actors():
        if seat in state.actors():
            state.apply(seat, WAIT)
    return state


def _faces(names: Sequence[str]) -> list[int]:
    """The face index per die that shows the named faces (a matching of faces to dice)."""
    if len(names) != len(DICE):
        raise ValueError(f"name {len(DICE)} faces, one per die; got {len(names)}")
    wanted = [" ".join(name.lower().split()) for name in names]
    options = [[d for d, die in enumerate(DICE) if any(f.name == w for f in die)] for w in wanted]
    for name, dice in zip(names, options, strict=True):
        if not dice:
            raise ValueError(f"no die has the face {name!r}")
    order = sorted(range(len(wanted)), key=lambda i: len(options[i]))
    chosen: dict[int, int] = {}  # die -> position in `wanted`

    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        for die in options[i]:
            if die not in chosen:
                chosen[die] = i
                if place(k + 1):
                    return True
                del chosen[die]
        return False

    if not place(0):
        raise ValueError(f"these faces cannot all show at once on the dice: {list(names)}")
    return [
        next(f for f, face in enumerate(DICE[d]) if face.name == wanted[chosen[d]])
        for d in range(len(DICE))
    ]
