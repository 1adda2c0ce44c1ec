"""The grab: sealed timed proposals, resolved together in time order.

This is the one resolution code for live play, simulation and the RL environments.

Sealed proposals. Every seat still grabbing proposes its next move: ``Grab(token, ms)``,
``Call(total, ms)``, ``Done()`` or ``Wait()`` (see `actions.py`), stamped with its time
since the dice were shown. A proposal is hidden from the other seats. While some seat has
not proposed, nothing happens; when the last one does, the engine resolves:

1. every ``Done`` leaves the grab (it changes nothing for the others, but a seat that
   waited for something to happen decides again);
2. the earliest moment among the timed proposals is taken, and *every* proposal at that
   moment is carried out together (a grab counts half a millisecond before a call of the
   same millisecond); arrival order never matters: two grabs of one token at one moment
   are a tie that the state's generator draws uniformly (the k-th contestant takes the
   token with probability 1/k), and every call of the tie window counts, one correct
   caller drawn for the point (`settle_calls`);
3. the others saw it happen. A proposal timed before the moment plus ``reaction_ms``
   could not have been changed in time: it stays sealed, and is carried out at its own
   time. A later one, a ``Wait``, or one the rules no longer allow (its token went, it
   comes after the call) is withdrawn, unseen by the others, and that seat proposes again;
4. repeat while every seat still grabbing has a proposal; if only ``Wait`` is left,
   nothing more will happen before the time limit: the grab ends.

Reaction time is a rule, not a claim. A new proposal may not be timed before the
*floor*: the dice were shown at 0, so the floor starts at ``reaction_ms``, and each
resolved moment raises it to that moment plus ``reaction_ms``. So no seat reacts faster
than a person can (a 1 ms grab is refused), and a call that a seat has seen cannot be
copied into the same moment to share its point: only a call sealed before it counts
with it.

Rules of the grab: no grab after the first call (one at the very same millisecond still
counts); calls go on until the tie window after the first call closes; at most two
tokens in hand; nothing after the time limit; a call may be proposed only once a token
was taken. The grab ends when every seat is out (called, or ``Done``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gamenight.kernel import Action
from gamenight.kernel.limits import quote
from gamenight.kernel.rng import Rng

from .actions import Call, Done, Grab, Wait
from .content import MAX_TOTAL, NUM_TOKENS, TOKEN_IDS
from .model import CallData, EventKind, GrabData, NinjaMasterModel, TimeUpData
from .scoring import CALL_RIGHT, CALL_WRONG

# Bound once: an enum member looked up on its class costs a Python call.
_GRAB, _CALL, _TIME_UP = EventKind.GRAB, EventKind.CALL, EventKind.TIME_UP

MAX_HELD = 2  # tokens a player may hold: one in each hand


def held(state: NinjaMasterModel, seat: int) -> int:
    """How many tokens `seat` holds."""
    return state.holder.count(seat)


def moment(action: Action) -> float:
    """When a proposal happens, in ms: a call half a ms after a grab of the same ms, so
    that grab counts first; ``Done`` at once (-1); ``Wait`` never (infinity)."""
    if isinstance(action, Grab):
        return action.ms
    if isinstance(action, Call):
        return action.ms + 0.5
    return -1.0 if isinstance(action, Done) else math.inf


def refusal(state: NinjaMasterModel, seat: int, action: Action) -> str | None:
    """Why grabbing `seat` may not propose `action` now, or ``None`` if it may."""
    if isinstance(action, Done | Wait):
        return None
    if isinstance(action, Grab):
        token = action.token
        if type(token) is not int or not 0 <= token < NUM_TOKENS:
            names = ", ".join(TOKEN_IDS)
            return f"there is no token {quote(token)}; tokens are 0..{NUM_TOKENS - 1} ({names})"
    elif isinstance(action, Call):
        if type(action.total) is not int or not 0 <= action.total <= MAX_TOTAL:
            return f"a call is a number of ninjas from 0 to {MAX_TOTAL}, got {quote(action.total)}"
    else:
        return f"{quote(action)} is not a Ninja Master action"
    ms = action.ms
    if type(ms) is not int:
        return f"a time is a whole number of milliseconds, got {quote(ms)}"
    if ms < state.floor:
        return (
            f"{ms} ms is sooner than a reaction allows: the earliest is {state.floor} ms "
            f"({state.options['reaction_ms']} ms after {_seen(state)})"
        )
    if isinstance(action, Call) and max(state.holder) < 0:
        return "nobody has taken a token yet: a call must wait for the first token"
    return rule_refusal(state, seat, action)


def _seen(state: NinjaMasterModel) -> str:
    return f"the last move, at {state.now} ms" if state.now else "the dice were shown"


def rule_refusal(state: NinjaMasterModel, seat: int, action: Grab | Call) -> str | None:
    """Why the grab's rules forbid a well-formed timed action at its time (``None``: they
    allow it). Checked when it is proposed, and again when it is carried out."""
    ms = action.ms
    limit = state.options["time_limit_ms"]
    if ms > limit:
        return f"{ms} ms is past the grab's time limit ({limit} ms)"
    if type(action) is Grab:
        token = action.token
        if state.calls and ms > state.calls[0][2]:
            return f"the grab is over: seat {state.calls[0][0]} called at {state.calls[0][2]} ms"
        if held(state, seat) >= MAX_HELD:
            return f"seat {seat} already holds {MAX_HELD} tokens"
        holder = state.holder[token]
        if holder == seat:
            return f"seat {seat} already holds the {TOKEN_IDS[token]} token"
        if holder >= 0 and (state.taken_at[token] != ms or state.contest[token] >> seat & 1):
            return f"the {TOKEN_IDS[token]} token was taken by seat {holder} at {state.taken_at[token]} ms"
        return None
    if state.calls:
        first = state.calls[0][2]
        window = state.options["tie_window_ms"]
        if ms > first + window:
            return f"{ms} ms is too late: the first call was at {first} ms (tie window {window} ms)"
    return None


def propose(state: NinjaMasterModel, seat: int, action: Action) -> None:
    """Seal `seat`'s legal proposal; resolve once every seat still grabbing has one."""
    state.sealed[seat] = action
    sealed = state.sealed
    while state.grabbing and all(sealed[s] is not None for s in state.grabbing):
        _resolve_earliest(state)


def _resolve_earliest(state: NinjaMasterModel) -> None:
    """One step of the resolution (module docstring): Done, else the earliest moment."""
    sealed = state.sealed
    done = [s for s in state.grabbing if type(sealed[s]) is Done]
    if done:
        for seat in done:
            sealed[seat] = None
        state.grabbing = [s for s in state.grabbing if s not in done]
        for seat in state.grabbing:  # something happened: whoever waited decides again
            if type(sealed[seat]) is Wait:
                sealed[seat] = None
        return
    proposals = {s: p for s in state.grabbing if (p := sealed[s]) is not None}  # every seat
    when = min(moment(p) for p in proposals.values())
    if when == math.inf:  # only Wait is left: nobody will act before the limit
        for seat in state.grabbing:
            sealed[seat] = None
        time_up: TimeUpData = {"ms": state.options["time_limit_ms"]}
        state.log(_TIME_UP, **time_up)
        state.grabbing = []
        return
    group = [s for s, p in proposals.items() if moment(p) == when]
    for seat in group:
        action = proposals[seat]
        sealed[seat] = None
        assert isinstance(action, Grab | Call)  # Done has left; Wait is never the earliest
        # Every sealed move was checked against the rules after the last resolution, and
        # moves of one moment never exclude each other (a shared token is a tie).
        assert rule_refusal(state, seat, action) is None
        _carry_out(state, seat, action)
    state.now = int(when)
    state.floor = state.now + state.options["reaction_ms"]
    for seat in state.grabbing:
        proposal = sealed[seat]
        if proposal is None:
            continue
        if (
            not isinstance(proposal, Grab | Call)  # a Wait: something happened, decide again
            or moment(proposal) >= state.floor
            or rule_refusal(state, seat, proposal) is not None
        ):
            sealed[seat] = None


def _carry_out(state: NinjaMasterModel, seat: int, action: Grab | Call) -> None:
    if isinstance(action, Grab):
        token, ms = action.token, action.ms
        holder = state.holder[token]
        if holder < 0:
            state.holder[token] = seat
            state.taken_at[token] = ms
            state.contest[token] = 1 << seat
        else:  # the same millisecond: the k-th contestant takes it with probability 1/k
            contest = state.contest[token] | 1 << seat
            state.contest[token] = contest
            if state.rng.below(contest.bit_count()) == 0:
                state.holder[token] = seat
        # Typed literals: a TypedDict called like a class builds its dict more slowly.
        grabbed: GrabData = {
            "seat": seat,
            "token": TOKEN_IDS[token],
            "ms": ms,
            "holder": state.holder[token],
        }
        state.log(_GRAB, **grabbed)
        return
    state.calls.append([seat, action.total, action.ms])
    called: CallData = {"seat": seat, "total": action.total, "ms": action.ms}
    state.log(_CALL, **called)
    state.grabbing = [s for s in state.grabbing if s != seat]


def settle_calls(
    calls: Sequence[Sequence[int]], total: int, players: int, rng: Rng
) -> tuple[list[int], int]:
    """Call points per seat, and the seat that won the point (-1: none).

    Every call of the tie window counts: each wrong one loses points; one correct caller,
    drawn by the generator when there are several, wins the point.
    """
    points = [0] * players
    right = []
    for seat, called, _ in calls:
        if called == total:
            right.append(seat)
        else:
            points[seat] += CALL_WRONG
    if not right:
        return points, -1
    winner = right[rng.below(len(right))] if len(right) > 1 else right[0]
    points[winner] += CALL_RIGHT
    return points, winner
