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

from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from .state import MeowState

HIRE1, DUNGEON, HIRE2, SACRIFICE_PHASE = "hire1", "dungeon", "hire2", "sacrifice"
DUNGEON_LIMIT = 3  # cats kept at the end of a turn
HAND_LIMIT = 10  # cards kept at the end of a turn
# A marker step under a hire or a draw: when everything the hire set off has resolved,
# the hire phase is over.
NEXT_PHASE = "next_phase"
_AFTER = {HIRE1: DUNGEON, HIRE2: SACRIFICE_PHASE}


def start_turn(state: MeowState, seat: int) -> None:
    """Begin `seat`'s turn, unless the turn limit (a safety option) has been reached."""
    if state.turn_number >= state.options["max_turns"]:
        end.by_ranking(state, "turn_limit")
        return
    state.turn = seat
    state.turn_number += 1
    state.phase = HIRE1
    state.acted.clear()
    state.log("turn", seat=seat, number=state.turn_number)


def legal(state: MeowState, seat: int) -> list[Action]:
    """The actions of the seat in `actors` (the top step's controller, or the turn's player)."""
    if state.stack:
        return abilities.options(state, state.stack[-1])
    phase = state.phase
    if phase in (HIRE1, HIRE2):
        return [DRAW, *(HIRE[c] for c in state.hands[seat])]
    if phase == DUNGEON:
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


def act(state: MeowState, seat: int, action: Action) -> None:
    """Carry out a legal phase action of the turn's player (the stack is empty)."""
    kind = type(action)
    if kind is Hire or kind is Draw:
        state.stack.push(Frame(NEXT_PHASE, seat, (-1, 0)))
        if kind is Hire:
            cards.hire(state, seat, action.card)
        else:
            cards.draw(state, seat, 1)
    elif kind is Search:
        state.acted.append(action.card)
        combat.search(state, seat, action.card)
    elif kind is Attack:
        state.acted.append(action.card)
        state.stack.push(Frame(combat.ATTACK, seat, (action.card, 0)))
    elif kind is Activate:
        state.acted.append(action.card)
        abilities.activate(state, seat, action.card)
    elif kind is EndDungeon:
        state.phase = HIRE2
    elif kind is Sacrifice:
        cards.to_graveyard(state, action.card, "sacrificed")
    else:
        assert kind is Discard
        cards.discard(state, seat, action.card)


def settle(state: MeowState) -> None:
    """Resolve automatic steps and phase changes until someone must choose, or it is over."""
    stack = state.stack
    while state.phase != end.OVER:
        if stack:
            step = stack[-1]
            if step.kind == NEXT_PHASE:
                stack.pop()
                state.phase = _AFTER[state.phase]
            elif not abilities.is_choice(step):
                stack.pop()
                abilities.run(state, step)
            elif abilities.options(state, step):
                return
            else:
                stack.pop()
                state.log("no_target", seat=step.seat, card=step.args[0], step=step.kind)
            continue
        phase, seat = state.phase, state.turn
        if phase == DUNGEON:
            if any(c not in state.acted for c in state.dungeons[seat]):
                return
            state.phase = HIRE2
        elif phase == SACRIFICE_PHASE:
            if len(state.dungeons[seat]) > DUNGEON_LIMIT or len(state.hands[seat]) > HAND_LIMIT:
                return
            start_turn(state, (seat + 1) % state.num_players)
        else:
            return
