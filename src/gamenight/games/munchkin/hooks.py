"""Python hooks: the few card texts the effect vocabulary does not cover (at most 12).

A card names a hook with the operation ``{ op = "hook", hook = "<name>" }``. Each hook
declares when it may run (`timing`, for the documentation and the data checks) and what
it aims at (`target`: ``none``, ``seat``, ``item`` or ``monster``). A hook that asks for
a choice pushes a ``hook:<name>`` frame whose actions `choices` lists and `resolve`
carries out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamenight.kernel import Action, Frame

from . import character, effects, zones

if TYPE_CHECKING:
    from .state import MunchkinState

MAX_HOOKS = 12
PREFIX = "hook:"


@dataclass(frozen=True)
class Hook:
    name: str
    timing: str  # own, combat, run, roll or any
    target: str  # none, seat, item or monster
    text: str
    run: Callable[[MunchkinState, int, int], None]  # (state, card, subject)
    choices: Callable[[MunchkinState, Frame], list[Action]] | None = None
    resolve: Callable[[MunchkinState, Frame, Action], None] | None = None
    feasible: Callable[[MunchkinState, int], bool] | None = None  # (state, user): usable now?


# ----- steal: the thief's theft ---------------------------------------------------------

STEAL_ROLL = 4


def _steal_targets(s: MunchkinState, seat: int) -> list[int]:
    cards = s.CS.cards
    return [
        c
        for p in range(s.num_players)
        if p != seat and not s.dead[p]
        for c in s.table[p]
        if cards[c].kind == "item" and not cards[c].big
    ]


def _steal_run(s: MunchkinState, card: int, seat: int) -> None:
    s.stack.push(Frame(PREFIX + "steal", seat, (card,)))


def _steal_choices(s: MunchkinState, frame: Frame) -> list[Action]:
    pick = s.A.pick
    return [pick[c] for c in _steal_targets(s, frame.seat)]


def _steal_resolve(s: MunchkinState, frame: Frame, action: Action) -> None:
    seat, item = frame.seat, action.card
    victim = zones.owner(s, item)
    die = s.die()
    success = die >= STEAL_ROLL
    s.log("steal", seat=seat, victim=victim, card=item, die=die, success=success)
    if success:
        zones.leave_play(s, victim, item)
        zones.enter_play(s, seat, item)
    else:
        effects.lose_levels(s, seat, 1, int(frame.args[0]))


# ----- double: a one-shot copy of yourself ------------------------------------------------


def _double_run(s: MunchkinState, card: int, seat: int) -> None:
    if s.monsters and seat in character.combatants(s):
        extra = max(0, character.player_strength(s, seat))
        s.cmods += [0, seat, extra]
        s.log("bonus", card=card, seat=seat, amount=extra)


# ----- resurrect: the cleric's door from the discard pile --------------------------------


def _resurrect_feasible(s: MunchkinState, seat: int) -> bool:
    from .phases import START

    return s.phase == START and seat == s.turn and bool(s.door_discard)


def _resurrect_run(s: MunchkinState, card: int, seat: int) -> None:
    from . import flow

    if _resurrect_feasible(s, seat):
        flow.kick(s, from_discard=True)


HOOKS: dict[str, Hook] = {
    hook.name: hook
    for hook in (
        Hook(
            "steal",
            "own",
            "item",
            f"Take a small item another player has in play: roll {STEAL_ROLL}+ to keep it, "
            "else lose a level.",
            _steal_run,
            _steal_choices,
            _steal_resolve,
        ),
        Hook(
            "double",
            "combat",
            "seat",
            "Your strength counts twice in this combat (as it is when played).",
            _double_run,
        ),
        Hook(
            "resurrect",
            "own",
            "none",
            "Instead of kicking open the door, take the top card of the Door discard pile "
            "as the card kicked open.",
            _resurrect_run,
            feasible=_resurrect_feasible,
        ),
    )
}

if len(HOOKS) > MAX_HOOKS:
    raise RuntimeError(f"at most {MAX_HOOKS} hooks; add vocabulary instead")


def hook_of(kind: str) -> Hook | None:
    """The hook of a ``hook:<name>`` frame kind, or None."""
    return HOOKS.get(kind[len(PREFIX) :]) if kind.startswith(PREFIX) else None
