"""Moving cards between zones: Tower, hands, dungeons, the Graveyard and the Rigor track.

Entering and leaving the dungeon push the card's Hire and Last Wish abilities onto the
state's stack of steps (see `abilities.py`), where they resolve before play goes on.
"""

from __future__ import annotations

from typing import Literal

from gamenight.kernel import Frame

from . import end
from .content import CATS, HEARTS, NUM_CATS, RIGOR, Ability
from .model import EndReason, EventKind, MeowModel

# Bound once: looking a member up on its enum class costs about as much as logging the
# event, and these are logged on most moves.
_DRAW, _DREW, _HIRE = EventKind.DRAW, EventKind.DREW, EventKind.HIRE


def push(state: MeowModel, seat: int, card: int, ability: Ability) -> None:
    """Put `card`'s `ability`, controlled by `seat`, on top of the stack of steps."""
    state.stack.push(Frame(ability.effect, seat, (card, ability.amount)))


def draw(state: MeowModel, seat: int, count: int) -> None:
    """`seat` draws `count` cats from the Tower.

    A Rigor Mortis card is revealed onto the track and another card is drawn in its place;
    the last one ends the game at once.
    """
    tower = state.tower
    while count > 0 and tower:
        card = tower.pop()
        if state.safe_top:
            state.safe_top -= 1
        if card >= NUM_CATS:
            state.track.append(card)
            state.log(EventKind.RIGOR_MORTIS, seat=seat, revealed=len(state.track))
            if len(state.track) == len(RIGOR):
                end.by_ranking(state, EndReason.RIGOR_MORTIS)
                return
            continue
        state.hands[seat].append(card)
        state.log(_DRAW, seat=seat)
        state.log(_DREW, (seat,), seat=seat, card=card)
        count -= 1


def hire(state: MeowModel, seat: int, card: int) -> None:
    """Play `card` from `seat`'s hand into their dungeon, with its printed hearts."""
    state.hands[seat].remove(card)
    if card in state.revealed:
        state.revealed.remove(card)
    state.dungeons[seat].append(card)
    state.hearts[card] = HEARTS[card]
    state.log(_HIRE, seat=seat, card=card)
    ability = CATS[card].hire
    if ability is not None:
        push(state, seat, card, ability)


def owner(state: MeowModel, card: int) -> int:
    """The seat whose dungeon holds `card`."""
    for seat, dungeon in enumerate(state.dungeons):
        if card in dungeon:
            return seat
    raise ValueError(f"card {card} is in no dungeon")


def to_graveyard(
    state: MeowModel, card: int, how: Literal[EventKind.KILLED, EventKind.SACRIFICED]
) -> None:
    """A dungeon cat goes to the Graveyard, killed or sacrificed (`how`, the event told).

    Its Last Wish, if any, triggers for its owner.
    """
    seat = owner(state, card)
    state.dungeons[seat].remove(card)
    state.hearts[card] = 0
    state.graveyard.append(card)
    state.log(how, seat=seat, card=card)
    ability = CATS[card].last_wish
    if ability is not None:
        push(state, seat, card, ability)


def to_hand(state: MeowModel, seat: int, card: int) -> None:
    """A Graveyard card goes, in plain sight, to `seat`'s hand."""
    state.graveyard.remove(card)
    state.hands[seat].append(card)
    state.revealed.append(card)
    state.log(EventKind.TO_HAND, seat=seat, card=card)


def discard(state: MeowModel, seat: int, card: int) -> None:
    """`seat` discards `card` from hand to the Graveyard (no Last Wish: not from the dungeon)."""
    state.hands[seat].remove(card)
    if card in state.revealed:
        state.revealed.remove(card)
    state.graveyard.append(card)
    state.log(EventKind.DISCARD, seat=seat, card=card)
