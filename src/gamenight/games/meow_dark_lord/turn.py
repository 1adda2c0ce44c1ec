"""The turn: four phases, what the player may do in each, and how play moves on.

1. ``hire1``: hire one cat from hand, or draw one card from the Tower.
2. ``dungeon``: each of your cats may act once (Search, Attack or Activation), in the
   order you choose; `EndDungeon` leaves the rest idle. With no cat left to act the phase
   ends by itself.
3. ``hire2``: as phase 1.
4. ``sacrifice``: sacrifice cats one at a time down to 3, then discard one card at a time
   down to 10; then the next player's turn begins.

While the stack of steps is not empty its top step decides who acts (see `abilities.py`).
"""

from __future__ import annotations

from typing import Final

from gamenight.kernel import Action, Frame

from . import abilities, cards, combat, end
from .actions import (
    ACTIVATE,
    ATTACK,
    DISCARD,
    DRAW,
    END_DUNGEON,
    HIRE,
    SACRIFICE,
    SEARCH,
    Activate,
    Attack,
    Discard,
    Draw,
    EndDungeon,
    Hire,
    Sacrifice,
    Search,
)
from .model import EndReason, EventKind, MeowModel, Phase, Step

DUNGEON_LIMIT = 3  # cats kept at the end of a turn
HAND_LIMIT = 10  # cards kept at the end of a turn
_AFTER = {Phase.HIRE1: Phase.DUNGEON, Phase.HIRE2: Phase.SACRIFICE}
# Bound once: these are read on every move, and looking a member up on its enum class
# costs more than the comparison or the logging it serves.
_HIRE1, _DUNGEON, _HIRE2 = Phase.HIRE1, Phase.DUNGEON, Phase.HIRE2
_SACRIFICE, _OVER = Phase.SACRIFICE, Phase.OVER
_NEXT_PHASE, _ATTACK = Step.NEXT_PHASE, Step.ATTACK
_TURN = EventKind.TURN
_SACRIFICED: Final = EventKind.SACRIFICED


def start_turn(state: MeowModel, seat: int) -> None:
    """Begin `seat`'s turn, unless the turn limit (a safety option) has been reached."""
    if state.turn_number >= state.options["max_turns"]:
        end.by_ranking(state, EndReason.TURN_LIMIT)
        return
    state.turn = seat
    state.turn_number += 1
    state.phase = _HIRE1
    state.acted.clear()
    state.log(_TURN, seat=seat, number=state.turn_number)


def legal(state: MeowModel, seat: int) -> list[Action]:
    """The actions of the seat in `actors` (the top step's controller, or the turn's player)."""
    if state.stack:
        return abilities.options(state, state.stack[-1])
    phase = state.phase
    if phase in (_HIRE1, _HIRE2):
        return [DRAW, *(HIRE[c] for c in state.hands[seat])]
    if phase == _DUNGEON:
        actions: list[Action] = []
        for c in state.dungeons[seat]:
            if c not in state.acted:
                actions.append(SEARCH[c])
                actions.append(ATTACK[c])
                if abilities.can_activate(state, seat, c):
                    actions.append(ACTIVATE[c])
        actions.append(END_DUNGEON)
        return actions
    if len(state.dungeons[seat]) > DUNGEON_LIMIT:
        return [SACRIFICE[c] for c in state.dungeons[seat]]
    return [DISCARD[c] for c in state.hands[seat]]


def act(state: MeowModel, seat: int, action: Action) -> None:
    """Carry out a legal phase action of the turn's player (the stack is empty)."""
    # `type(...) is`: as fast as a dispatch on the type, and type checkers follow it.
    if type(action) is Hire or type(action) is Draw:
        state.stack.push(Frame(_NEXT_PHASE, seat, (-1, 0)))
        if type(action) is Hire:
            cards.hire(state, seat, action.card)
        else:
            cards.draw(state, seat, 1)
    elif type(action) is Search:
        state.acted.append(action.card)
        combat.search(state, seat, action.card)
    elif type(action) is Attack:
        state.acted.append(action.card)
        state.stack.push(Frame(_ATTACK, seat, (action.card, 0)))
    elif type(action) is Sacrifice:
        cards.to_graveyard(state, action.card, _SACRIFICED)
    elif type(action) is Activate:
        state.acted.append(action.card)
        abilities.activate(state, seat, action.card)
    elif type(action) is EndDungeon:
        state.phase = _HIRE2
    else:
        assert type(action) is Discard
        cards.discard(state, seat, action.card)


def settle(state: MeowModel) -> None:
    """Resolve automatic steps and phase changes until someone must choose, or it is over."""
    stack = state.stack
    while state.phase != _OVER:
        if stack:
            step = stack[-1]
            if step.kind == _NEXT_PHASE:
                stack.pop()
                state.phase = _AFTER[state.phase]
            elif not abilities.is_choice(step):
                stack.pop()
                abilities.run(state, step)
            elif abilities.options(state, step):
                return
            else:
                stack.pop()
                state.log(EventKind.NO_TARGET, seat=step.seat, card=step.args[0], step=step.kind)
            continue
        phase, seat = state.phase, state.turn
        if phase == _DUNGEON:
            if any(c not in state.acted for c in state.dungeons[seat]):
                return
            state.phase = _HIRE2
        elif phase == _SACRIFICE:
            if len(state.dungeons[seat]) > DUNGEON_LIMIT or len(state.hands[seat]) > HAND_LIMIT:
                return
            start_turn(state, (seat + 1) % state.num_players)
        else:
            return
