"""Python hooks: the few card texts the effect vocabulary does not cover (at most
`content.MAX_HOOKS`).

A card names a hook with the operation ``{ op = "hook", hook = "<name>" }``; the names are
`content.HookName`, so a card naming no hook fails when its set is loaded. Each hook
declares when it may run (`timing`, for the documentation) and what it aims at
(`target`). A hook that asks for a choice pushes a ``hook:<name>`` frame
(`model.hook_frame`) whose actions `choices` lists and `resolve` carries out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from gamenight.kernel import Action, Frame

from . import character, combat, zones
from .actions import Pick
from .content import MAX_HOOKS, CardKind, Context, HookName
from .model import (
    HOOK_FRAME,
    BonusData,
    EventKind,
    FrameKind,
    MunchkinModel,
    Phase,
    StealData,
    hook_frame,
    ints,
)


class HookTarget(StrEnum):
    """What a hook aims at."""

    NONE = "none"
    SEAT = "seat"
    ITEM = "item"
    MONSTER = "monster"


@dataclass(frozen=True)
class Hook:
    """A hook: what it does (`run`), and if it asks for a choice, the choice's actions and
    how they are carried out."""

    name: HookName
    timing: Context
    target: HookTarget
    text: str
    run: Callable[[MunchkinModel, int, int], None]  # (state, card, subject)
    choices: Callable[[MunchkinModel, Frame], list[Action]] | None = None
    resolve: Callable[[MunchkinModel, Frame, Action], None] | None = None
    feasible: Callable[[MunchkinModel, int], bool] | None = None  # (state, user): usable now?


# ----- steal: the thief's theft ---------------------------------------------------------

STEAL_ROLL = 4


def _steal_targets(s: MunchkinModel, seat: int) -> list[int]:
    cards = s.CS.cards
    return [
        c
        for p in range(s.num_players)
        if p != seat and not s.dead[p]
        for c in s.table[p]
        if cards[c].kind == CardKind.ITEM and not cards[c].big
    ]


def _steal_run(s: MunchkinModel, card: int, seat: int) -> None:
    s.stack.push(Frame(hook_frame(HookName.STEAL), seat, (card,)))


def _steal_choices(s: MunchkinModel, frame: Frame) -> list[Action]:
    pick = s.A.pick
    return [pick[c] for c in _steal_targets(s, frame.seat)]


def _steal_resolve(s: MunchkinModel, frame: Frame, action: Action) -> None:
    assert type(action) is Pick, action  # `_steal_choices` offers picks only
    seat, item = frame.seat, action.card
    victim = zones.owner(s, item)
    die = s.die()
    success = die >= STEAL_ROLL
    s.log(
        EventKind.STEAL,
        **StealData(seat=seat, victim=victim, card=item, die=die, success=success),
    )
    if success:
        zones.leave_play(s, victim, item)
        zones.enter_play(s, seat, item)
    else:
        character.lose_levels(s, seat, 1, ints(frame)[0])


# ----- double: a one-shot copy of yourself ------------------------------------------------


def _double_run(s: MunchkinModel, card: int, seat: int) -> None:
    if s.monsters and seat in character.combatants(s):
        extra = max(0, character.player_strength(s, seat))
        s.cmods += (0, seat, extra)
        s.log(EventKind.BONUS, **BonusData(card=card, seat=seat, amount=extra))


# ----- resurrect: the cleric's door from the discard pile --------------------------------


def _resurrect_feasible(s: MunchkinModel, seat: int) -> bool:
    if s.phase == Phase.START:  # instead of kicking open the door
        return seat == s.turn and bool(s.door_discard)
    # instead of a treasure of a face-up draw (the choice before it is on top)
    stack = s.stack
    return (
        bool(stack)
        and stack.top.kind == FrameKind.FACE_UP
        and stack.top.seat == seat
        and bool(s.treasure_discard)
    )


def _resurrect_run(s: MunchkinModel, card: int, seat: int) -> None:
    if s.phase == Phase.START:
        if seat == s.turn and s.door_discard:
            combat.kick(s, from_discard=True)
    elif s.treasure_discard:  # chosen before the face-up draw: it joins the haul
        s.haul += (zones.take_from_discard(s, 1),)


HOOKS: dict[str, Hook] = {
    hook.name: hook
    for hook in (
        Hook(
            HookName.STEAL,
            Context.OWN,
            HookTarget.ITEM,
            f"Take a small item another player has in play: roll {STEAL_ROLL}+ to keep it, "
            "else lose a level.",
            _steal_run,
            _steal_choices,
            _steal_resolve,
        ),
        Hook(
            HookName.DOUBLE,
            Context.COMBAT,
            HookTarget.SEAT,
            "Your strength counts twice in this combat (as it is when played).",
            _double_run,
        ),
        Hook(
            HookName.RESURRECT,
            Context.OWN,
            HookTarget.NONE,
            "Instead of a face-up draw, take the top card of the matching discard pile: "
            "the Door card kicked open, or a treasure of a win with help.",
            _resurrect_run,
            feasible=_resurrect_feasible,
        ),
    )
}

if set(HOOKS) != set(HookName) or len(HOOKS) > MAX_HOOKS:
    raise RuntimeError(f"every hook name needs a hook, and at most {MAX_HOOKS} hooks")


def hook_of(kind: str) -> Hook | None:
    """The hook of a ``hook:<name>`` frame kind, or None."""
    return HOOKS.get(kind[len(HOOK_FRAME) :]) if kind.startswith(HOOK_FRAME) else None
