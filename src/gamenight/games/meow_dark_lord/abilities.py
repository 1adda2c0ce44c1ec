"""Abilities: the effect vocabulary of `content.py`, and the stack of steps they resolve on.

Anything that happens in several parts waits on the state's stack as a step
``(kind, seat, card, amount)``: `seat` controls it, `card` is its source. A step is either
automatic (``coins``, ``draw``, ``tax``, ``return_self``) or a choice its controller makes
with one small action (a ``wound`` or ``heal`` target, a ``raise`` card, an ``attack``
target, the cat to ``sacrifice`` as a cost, where a Steal cat's next coin comes from). The
top step resolves first, so a Last Wish set off by a cost resolves before the ability that
paid it.

A rare card whose ability fits no effect gets its own function here, registered in
`AUTOMATIC` or `CHOICES` under a new `content.Effect` that `content.EFFECTS` also lists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, NamedTuple, TypeVar

from gamenight.kernel import Action, Frame

from . import cards, coins, combat
from .actions import (
    FROM_TREASURY,
    RETRIEVE,
    ROB,
    SACRIFICE,
    TARGET,
    FromTreasury,
    Retrieve,
    Rob,
    Sacrifice,
    Target,
)
from .content import CATS, EFFECTS, HEARTS, Effect
from .model import EventKind, MeowModel, Step

# A step is a kernel decision frame, ``Frame(kind, controlling seat, (source card, amount))``
# (card -1: none); its JSON form is ``[kind, seat, card, amount]``. The kernel types a
# frame's args as ints or strings, so what reads them asserts that they are ints (inline:
# a helper's call would cost more than the rest of reading a step).


# ----- automatic effects ---------------------------------------------------------------


def _coins(state: MeowModel, seat: int, card: int, amount: int) -> None:
    coins.win(state, seat, card, amount)


def _draw(state: MeowModel, seat: int, card: int, amount: int) -> None:
    cards.draw(state, seat, amount)


def _tax(state: MeowModel, seat: int, card: int, amount: int) -> None:
    coins.tax(state, seat, card, amount)


def _return_self(state: MeowModel, seat: int, card: int, amount: int) -> None:
    if card in state.graveyard:
        cards.to_hand(state, seat, card)


AUTOMATIC: dict[str, Callable[[MeowModel, int, int, int], None]] = {
    Effect.COINS: _coins,
    Effect.DRAW: _draw,
    Effect.TAX: _tax,
    Effect.RETURN_SELF: _return_self,
}


# ----- choices ---------------------------------------------------------------------------

A = TypeVar("A", bound=Action)


class Choice(NamedTuple, Generic[A]):
    """A step its controller resolves by choosing one of `options` (actions of type `A`)."""

    options: Callable[[MeowModel, int, int], list[A]]  # (state, seat, card)
    resolve: Callable[[MeowModel, int, int, int, A], None]  # (..., amount, choice)


def _any_cat(state: MeowModel, seat: int, card: int) -> list[Target]:
    return [TARGET[c] for dungeon in state.dungeons for c in dungeon]


def _own_cat(state: MeowModel, seat: int, card: int) -> list[Target]:
    return [TARGET[c] for c in state.dungeons[seat]]


def _graveyard_card(state: MeowModel, seat: int, card: int) -> list[Retrieve]:
    return [RETRIEVE[c] for c in state.graveyard]


def _attack_target(state: MeowModel, seat: int, card: int) -> list[Target]:
    return [TARGET[c] for c in combat.attack_targets(state, seat)]


def _other_own_cat(state: MeowModel, seat: int, card: int) -> list[Sacrifice]:
    return [SACRIFICE[c] for c in state.dungeons[seat] if c != card]


def _coin_source(state: MeowModel, seat: int, card: int) -> list[FromTreasury | Rob]:
    treasury: list[FromTreasury | Rob] = [FROM_TREASURY] if state.treasury > 0 else []
    return treasury + [ROB[s] for s in coins.victims(state, seat)]


def _wound(state: MeowModel, seat: int, card: int, amount: int, choice: Target) -> None:
    state.log(EventKind.ABILITY, seat=seat, card=card, effect=Effect.WOUND, target=choice.card)
    combat.wound(state, choice.card, amount)


def _heal(state: MeowModel, seat: int, card: int, amount: int, choice: Target) -> None:
    target = choice.card
    state.hearts[target] = min(HEARTS[target], state.hearts[target] + amount)
    state.log(EventKind.HEAL, seat=seat, card=card, target=target, hearts=state.hearts[target])


def _raise(state: MeowModel, seat: int, card: int, amount: int, choice: Retrieve) -> None:
    cards.to_hand(state, seat, choice.card)


def _attack(state: MeowModel, seat: int, card: int, amount: int, choice: Target) -> None:
    combat.attack(state, seat, card, choice.card)


def _sacrifice(state: MeowModel, seat: int, card: int, amount: int, choice: Sacrifice) -> None:
    cards.to_graveyard(state, choice.card, EventKind.SACRIFICED)


def _steal(state: MeowModel, seat: int, card: int, amount: int, choice: FromTreasury | Rob) -> None:
    source = choice.seat if isinstance(choice, Rob) else None
    coins.steal(state, seat, card, source, amount)


# Each choice takes actions of its own type: a step is resolved only with one of its
# options (`State.apply` refuses anything else), so the table holds choices of any type.
CHOICES: dict[str, Choice[Any]] = {
    Effect.WOUND: Choice(_any_cat, _wound),
    Effect.HEAL: Choice(_own_cat, _heal),
    Effect.RAISE: Choice(_graveyard_card, _raise),
    Step.ATTACK: Choice(_attack_target, _attack),
    Step.SACRIFICE: Choice(_other_own_cat, _sacrifice),
    Step.STEAL: Choice(_coin_source, _steal),
}

_unimplemented = set(EFFECTS) - AUTOMATIC.keys() - CHOICES.keys()
if _unimplemented:
    raise RuntimeError(f"effects without an implementation: {sorted(_unimplemented)}")


# ----- the stack -------------------------------------------------------------------------


def is_choice(step: Frame) -> bool:
    """Whether `step` waits for its controller's choice."""
    return step.kind in CHOICES


def options(state: MeowModel, step: Frame) -> list[Action]:
    """The actions that resolve a choice step (empty: it has nothing to act on)."""
    card = step.args[0]
    assert type(card) is int
    return CHOICES[step.kind].options(state, step.seat, card)


def resolve(state: MeowModel, step: Frame, choice: Action) -> None:
    """Resolve a choice step (already taken off the stack) with the chosen action."""
    kind, seat, (card, amount) = step
    assert type(card) is int and type(amount) is int
    CHOICES[kind].resolve(state, seat, card, amount, choice)


def run(state: MeowModel, step: Frame) -> None:
    """Resolve an automatic step (already taken off the stack)."""
    kind, seat, (card, amount) = step
    assert type(card) is int and type(amount) is int
    AUTOMATIC[kind](state, seat, card, amount)


# ----- Activation ------------------------------------------------------------------------


def can_activate(state: MeowModel, seat: int, card: int) -> bool:
    """Whether `card` may use its Activation now: its cost can be paid and its effect has
    something to act on."""
    ability = CATS[card].activation
    if ability is None:
        return False
    if ability.sacrifice and len(state.dungeons[seat]) < 2:
        return False
    choice = CHOICES.get(ability.effect)
    return choice is None or bool(choice.options(state, seat, card))


def activate(state: MeowModel, seat: int, card: int) -> None:
    """`card` uses its Activation: the cost is paid first (it is the top step)."""
    ability = CATS[card].activation
    assert ability is not None
    state.log(EventKind.ACTIVATE, seat=seat, card=card)
    cards.push(state, seat, card, ability)
    if ability.sacrifice:
        state.stack.push(Frame(Step.SACRIFICE, seat, (card, 0)))
