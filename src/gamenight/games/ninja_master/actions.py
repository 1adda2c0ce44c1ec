"""Ninja Master actions and their integer codec.

Every action of the grab is *timed*: ``ms`` is the actor's reaction time, in whole
milliseconds since the dice were shown (0..`MAX_MS`).

- ``Grab(token, ms)``: take a token (`content.TOKEN_IDS`: the Ninja colours, then the Katana).
- ``Call(total, ms)``: call out the total number of ninjas rolled (0..`MAX_TOTAL`).
- ``Done()``: take nothing more and call nothing this round. It carries no time: stopping
  changes nothing for the others, so it never moves the table's clock.
- ``Wait()``: do nothing before the next thing happens, then decide again (see it, react).

Each is a *sealed proposal* (`resolution.py`): a seat's next move, hidden from the others
until the engine resolves the earliest proposals together.

Time buckets. `legal_actions` offers a finite set of representative times, the
`BUCKET_MS`; the state accepts any exact ``ms`` (the live table stamps each key press with
its exact time). The codec maps an action to the integer of its bucket: bucket ``b``
holds the times ``BUCKET_MS[b-1] < ms <= BUCKET_MS[b]``, so ``decode(encode(a))`` is `a`
with its time rounded up to the bucket's representative time.

Codec order (B = len(BUCKET_MS) = 11; with the dice data, T = 6 tokens and
C = MAX_TOTAL + 1 = 28 calls; N = (T + C) * B + 2 = 376): ``Grab(t, BUCKET_MS[b])`` is
``t * B + b``; ``Call(n, BUCKET_MS[b])`` is ``T * B + n * B + b``; ``Done()`` is ``N - 2``
and ``Wait()`` is ``N - 1``.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any

from gamenight.kernel import Action, ActionCodec

from .content import MAX_TOTAL, NUM_TOKENS, TOKEN_IDS

BUCKET_MS = (250, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000, 20_000, 60_000)
MAX_MS = BUCKET_MS[-1]  # the longest grab time limit


def _token_name(token: Any) -> str:
    valid = type(token) is int and 0 <= token < NUM_TOKENS
    return TOKEN_IDS[token] if valid else repr(token)


@dataclass(frozen=True, order=True, slots=True)
class Grab(Action):
    """Take `token` (a Ninja colour's number, or `content.KATANA`) at `ms`."""

    token: int
    ms: int

    def __str__(self) -> str:
        return f"Grab({_token_name(self.token)} at {self.ms!r} ms)"


@dataclass(frozen=True, order=True, slots=True)
class Call(Action):
    """Call out `total` ninjas at `ms`."""

    total: int
    ms: int

    def __str__(self) -> str:
        return f"Call({self.total!r} at {self.ms!r} ms)"


@dataclass(frozen=True, order=True, slots=True)
class Done(Action):
    """Take nothing more and call nothing this round."""


@dataclass(frozen=True, order=True, slots=True)
class Wait(Action):
    """Do nothing before the next action is resolved; then decide again."""


def bucket(ms: int) -> int:
    """The bucket of an exact time in ``0..MAX_MS``."""
    return bisect_left(BUCKET_MS, ms)


class TimedCodec(ActionCodec):
    """The codec of timed actions: exact times are encoded by their bucket."""

    def encode(self, action: Action) -> int:
        try:
            index = self._index.get(action)
        except TypeError:  # unhashable: no action; the base class says so
            index = None
        if index is not None:  # a representative action (the common case)
            return index
        if isinstance(action, Grab | Call) and type(action.ms) is int and 0 <= action.ms <= MAX_MS:
            action = dataclasses.replace(action, ms=BUCKET_MS[bucket(action.ms)])
        return super().encode(action)

    def from_json(self, data: Any) -> Action:
        """Parse an action, keeping its exact time; a bad form raises `IllegalAction`."""
        ms = data.get("ms") if isinstance(data, dict) else None
        if type(ms) is not int or not 0 <= ms <= MAX_MS:
            return super().from_json(data)
        # The base class checks the type and fields against the representative action.
        canonical = super().from_json({**data, "ms": BUCKET_MS[bucket(ms)]})
        assert isinstance(canonical, Grab | Call)  # the only actions with a time
        return dataclasses.replace(canonical, ms=ms)


GRABS: tuple[tuple[Grab, ...], ...] = tuple(
    tuple(Grab(token, ms) for ms in BUCKET_MS) for token in range(NUM_TOKENS)
)
CALLS: tuple[tuple[Call, ...], ...] = tuple(
    tuple(Call(total, ms) for ms in BUCKET_MS) for total in range(MAX_TOTAL + 1)
)
# Every call at the buckets lo..hi-1, in codec order: CALL_SPANS[lo][hi] (legal_actions
# lists a whole span at once instead of one slice per total).
CALL_SPANS: tuple[tuple[tuple[Call, ...], ...], ...] = tuple(
    tuple(tuple(row[b] for row in CALLS for b in range(lo, hi)) for hi in range(len(BUCKET_MS) + 1))
    for lo in range(len(BUCKET_MS) + 1)
)
DONE = Done()
WAIT = Wait()
CODEC = TimedCodec(
    [a for row in GRABS for a in row] + [a for row in CALLS for a in row] + [DONE, WAIT]
)
