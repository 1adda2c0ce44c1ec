"""Abilities: the effect vocabulary of `content.py`, and the stack of steps they resolve on.

Anything that happens in several parts waits on the state's stack as a step
``(kind, seat, card, amount)``: `seat` controls it, `card` is its source. A step is either
automatic (``coins``, ``draw``, ``tax``, ``return_self``) or a choice its controller makes
with one small action (a ``wound`` or ``heal`` target, a ``raise`` card, an ``attack``
target, the cat to ``sacrifice`` as a cost, where a Steal cat's next coin comes from). The
top step resolves first, so a Last Wish set off by a cost resolves before the ability that
paid it.

A rare card whose ability fits no effect gets its own function here, registered in
`AUTOMATIC` or `CHOICES` under a new effect name that `content.EFFECTS` also lists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from gamenight.kernel import Action, Frame

from . import cards, coins, combat
from .actions import FROM_TREASURY, RETRIEVE, ROB, SACRIFICE, TARGET, FromTreasury
from .content import CATS, EFFECTS, HEARTS

if TYPE_CHECKING:
    from .state import MeowState

# A step is a kernel decision frame, ``Frame(kind, controlling seat, (source card, amount))``
# (card -1: none); its JSON form is ``[kind, seat, card, amount]``.
SACRIFICE_COST = "sacrifice"


# ----- automatic effects ---------------------------------------------------------------


def _coins(state: MeowState, seat: int, card: int, amount: int) -> None:
    coins.win(state, seat, card, amount)


def _draw(state: MeowState, seat: int, card: int, amount: int) -> None:
    cards.draw(state, seat, amount)


def _tax(state: MeowState, seat: int, card: int, amount: int) -> None:
    coins.tax(state, seat, card, amount)


def _return_self(state: MeowState, seat: int, card: int, amount: int) -> None:
    if card in state.graveyard:
        cards.to_hand(state, seat, card)


AUTOMATIC: dict[str, Callable[[MeowState, int, int, int], None]] = {
    "coins": _coins,
    "draw": _draw,
    "tax": _tax,
    "return_self": _return_self,
}


# ----- choices ---------------------------------------------------------------------------


class Choice(NamedTuple):
    """A step its controller resolves by choosing one of `options`."""

    options: Callable[[MeowState, int, int], list[Action]]  # (state, seat, card)
    resolve: Callable[[MeowState, int, int, int, Action], None]  # (..., amount, choice)


def _any_cat(state: MeowState, seat: int, card: int) -> list[Action]:
    return [TARGET[c] for dungeon in state.dungeons for c in dungeon]


def _own_cat(state: MeowState, seat: int, card: int) -> list[Action]:
    return [TARGET[c] for c in state.dungeons[seat]]


def _graveyard_card(state: MeowState, seat: int, card: int) -> list[Action]:
    return [RETRIEVE[c] for c in state.graveyard]


def _attack_target(state: MeowState, seat: int, card: int) -> list[Action]:
    return [TARGET[c] for c in combat.attack_targets(state, seat)]


def _other_own_cat(state: MeowState, seat: int, card: int) -> list[Action]:
    return [SACRIFICE[c] for c in state.dungeons[seat] if c != card]


def _coin_source(state: MeowState, seat: int, card: int) -> list[Action]:
    treasury: list[Action] = [FROM_TREASURY] if state.treasury > 0 else []
    return treasury + [ROB[s] for s in coins.victims(state, seat)]


def _wound(state: MeowState, seat: int, card: int, amount: int, choice: Action) -> None:
    state.log("ability", seat=seat, card=card, effect="wound", target=choice.card)
    combat.wound(state, choice.card, amount)


def _heal(state: MeowState, seat: int, card: int, amount: int, choice: Action) -> None:
    target = choice.card
    state.hearts[target] = min(HEARTS[target], state.hearts[target] + amount)
    state.log("heal", seat=seat, card=card, target=target, hearts=state.hearts[target])


def _raise(state: MeowState, seat: int, card: int, amount: int, choice: Action) -> None:
    cards.to_hand(state, seat, choice.card)


def _attack(state: MeowState, seat: int, card: int, amount: int, choice: Action) -> None:
    combat.attack(state, seat, card, choice.card)


def _sacrifice(state: MeowState, seat: int, card: int, amount: int, choice: Action) -> None:
    cards.to_graveyard(state, choice.card, "sacrificed")


def _steal(state: MeowState, seat: int, card: int, amount: int, choice: Action) -> None:
    source = None if type(choice) is FromTreasury else choice.seat
    coins.steal(state, seat, card, source, amount)


CHOICES: dict[str, Choice] = {
    "wound": Choice(_any_cat, _wound),
    "heal": Choice(_own_cat, _heal),
    "raise": Choice(_graveyard_card, _raise),
    combat.ATTACK: Choice(_attack_target, _attack),
    SACRIFICE_COST: Choice(_other_own_cat, _sacrifice),
    coins.STEAL: Choice(_coin_source, _steal),
}

_unimplemented = set(EFFECTS) - AUTOMATIC.keys() - CHOICES.keys()
if _unimplemented:
    raise RuntimeError(f"effects without an implementation: {sorted(_unimplemented)}")


# ----- the stack -------------------------------------------------------------------------


def is_choice(step: Frame) -> bool:
    """Whether `step` waits for its controller's choice."""
    return step.kind in CHOICES


def options(state: MeowState, step: Frame) -> list[Action]:
    """The actions that resolve a choice step (empty: it has nothing to act on)."""
    return CHOICES[step.kind].options(state, step.seat, step.args[0])


def resolve(state: MeowState, step: Frame, choice: Action) -> None:
    """Resolve a choice step (already taken off the stack) with the chosen action."""
    kind, seat, (card, amount) = step
    CHOICES[kind].resolve(state, seat, card, amount, choice)


def run(state: MeowState, step: Frame) -> None:
    """Resolve an automatic step (already taken off the stack)."""
    kind, seat, (card, amount) = step
    AUTOMATIC[kind](state, seat, card, amount)


# ----- Activation ------------------------------------------------------------------------


def can_activate(state: MeowState, seat: int, card: int) -> bool:
    """Whether `card` may use its Activation now: its cost can be paid and its effect has
    something to act on."""
    ability = CATS[card].activation
    if ability is None:
        return False
    if ability.sacrifice and len(state.dungeons[seat]) < 2:
        return False
    choice = CHOICES.get(ability.effect)
    return choice is None or bool(choice.options(state, seat, card))


def activate(state: MeowState, seat: int, card: int) -> None:
    """`card` uses its Activation: the cost is paid first (it is the top step)."""
    ability = CATS[card].activation
    assert ability is not None
    state.log("activate", seat=seat, card=card)
    cards.push(state, seat, card, ability)
    if ability.sacrifice:
        state.stack.push(Frame(SACRIFICE_COST, seat, (card, 0)))
