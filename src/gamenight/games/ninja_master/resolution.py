"""The grab: timed grabs and calls, resolved in time order.

This is the one resolution code for live play and for simulation. Both submit the grab's
actions in *global time order*, each stamped with its time since the dice were shown:

- a live table stamps every key press with its exact time and applies it at once, so its
  actions arrive in time order by themselves, and a seat sees a token go the moment it
  is taken;
- a simulation asks every grabbing seat for its next timed action and applies the
  earliest (`gamenight.play.table.play` does so for every state whose `moment` is not
  ``None``), then asks again: bots react to what the others took.

Each action is resolved as it arrives, against the table's clock ``now`` (the time of the
latest timed action): an action earlier than ``now`` is refused. So legality is decided
on the spot, and an illegal action (a token already gone, a call before any token was
taken) raises `IllegalAction` and changes nothing, as the kernel requires.

Why not collect every seat's whole plan and resolve the plans when all are in? Then a
call's legality (was a token taken before it?) and a grab's success would depend on plans
not yet submitted, so a refused call could only be dropped silently at the end, and a
live table could not show a token gone until the round was over. Resolving each action
in time order keeps one code path, immediate refusals, and views that are always exact.

Ties. Two grabs of one token at the very same millisecond: each contestant, as it
arrives, takes the token from the holder with probability 1/k (k contestants so far), so
the state's generator picks one uniformly whatever their order of arrival. Calls within
``tie_window_ms`` of the first call are "the same moment": every one of them counts, and
the generator picks one of the correct callers for the point (`settle_calls`).

The first call ends the grab: no grab after it (one at the very same millisecond still
counts); calls go on until the tie window closes. The grab ends when every seat is out
(called, or `Done`): a live table submits `Done` for every seat still grabbing at
`deadline` (the end of the tie window, or the time limit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gamenight.kernel import Action
from gamenight.kernel.rng import Rng

from .actions import Call, Done, Grab
from .content import MAX_TOTAL, NUM_TOKENS, TOKEN_IDS
from .scoring import CALL_RIGHT, CALL_WRONG

if TYPE_CHECKING:
    from .state import NinjaMasterState

MAX_HELD = 2  # tokens a player may hold: one in each hand


def held(state: NinjaMasterState, seat: int) -> int:
    """How many tokens `seat` holds."""
    return state.holder.count(seat)


def refusal(state: NinjaMasterState, seat: int, action: Action) -> str | None:
    """Why `seat` (a grabbing seat) may not take `action` now, or ``None`` if it may."""
    kind = type(action)
    if kind is Done:
        return None
    if kind is Grab:
        token = action.token
        if type(token) is not int or not 0 <= token < NUM_TOKENS:
            return f"there is no token {token!r}; tokens are 0..{NUM_TOKENS - 1} ({', '.join(TOKEN_IDS)})"
    elif kind is Call:
        if type(action.total) is not int or not 0 <= action.total <= MAX_TOTAL:
            return f"a call is a number of ninjas from 0 to {MAX_TOTAL}, got {action.total!r}"
    else:
        return f"{action} is not a Ninja Master action"
    ms = action.ms
    if type(ms) is not int:
        return f"a time is a whole number of milliseconds, got {ms!r}"
    if ms < state.now:
        return f"{ms} ms is earlier than the table's clock ({state.now} ms): actions come in time order"
    limit = state.options["time_limit_ms"]
    if ms > limit:
        return f"{ms} ms is past the grab's time limit ({limit} ms)"
    if kind is Grab:
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
    if max(state.holder) < 0:
        return "nobody has taken a token yet: a call must wait for the first token"
    if state.calls:
        first = state.calls[0][2]
        window = state.options["tie_window_ms"]
        if ms > first + window:
            return f"{ms} ms is too late: the first call was at {first} ms (tie window {window} ms)"
    return None


def resolve(state: NinjaMasterState, seat: int, action: Action) -> None:
    """Carry out a legal action of the grab (see `refusal`)."""
    kind = type(action)
    if kind is Grab:
        token, ms = action.token, action.ms
        state.now = ms
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
        state.log("grab", seat=seat, token=TOKEN_IDS[token], ms=ms, holder=state.holder[token])
        return
    if kind is Call:
        state.now = action.ms
        state.calls.append((seat, action.total, action.ms))
        state.log("call", seat=seat, total=action.total, ms=action.ms)
    state.grabbing = tuple(s for s in state.grabbing if s != seat)


def deadline(state: NinjaMasterState) -> int:
    """When a live table must submit `Done` for every seat still grabbing (ms)."""
    limit = state.options["time_limit_ms"]
    if state.calls:
        return min(limit, state.calls[0][2] + state.options["tie_window_ms"])
    return limit


def settle_calls(
    calls: Sequence[tuple[int, int, int]], total: int, players: int, rng: Rng
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
