"""Ninja Master observations for reinforcement learning, built from ``view(seat)`` only.

The RL adapters (``gamenight.envs``) call `encode_state` (the floats of `encode` of a
seat's view, written straight from the state into their float32 buffer); `pieces` declares the
observation's named pieces, in order (the flat layout derives from them). Seats are
absolute, as in the action codec; ``n`` is the player count, ``D = 9`` the dice, ``F = 6``
the faces of a die, ``T = 6`` the tokens (the Ninja colours, then the Katana). Times are in
ms. Nothing is hidden, so every seat's observation differs only in ``me``.

=====================  ======  ==========================================================
piece                  shape   meaning
=====================  ======  ==========================================================
``me``                 n       one-hot: the observing seat (zeros: spectator)
``to_act``             n       seats still grabbing
``round``              ()      the round being played
``target``             ()      option: the points that win
``now_ms``             ()      the table's clock: the latest timed action
``floor_ms``           ()      the earliest time of a new proposal
``time_limit_ms``      ()      option: the grab's time limit
``tie_window_ms``      ()      option: calls this long after the first count with it
``smoke_rule.parity``  ()      1: each Smoke flips the sign; 0: only exactly one
``die.face``           D, F    one-hot per die: the face it shows
``token.holder``       T, n    one-hot per token: who took it (zeros: free)
``token.ms``           T       when each token was taken (0: free)
``call.made``          n       1: the seat called this round
``call.total``         n       the total it called (0: no call)
``call.ms``            n       when it called (0: no call)
``katana_owner``       n       one-hot: the Katana's owner
``shuriken``           n       one-hot: the Shuriken's holder
``score``              n       points, at most `score_cap` (see there)
``sudden_death``       ()      flag
``over``               ()      flag: the game is over
``winner``             n       the game's winners
=====================  ======  ==========================================================
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, MutableSequence
from typing import Any

from gamenight.kernel.observation import Observation, Piece, Pieces, one_hot
from gamenight.kernel.options import resolve_options

from .actions import MAX_MS
from .content import DICE, MAX_TOTAL, NUM_TOKENS, FaceKind
from .model import NinjaMasterModel, Phase, SmokeRule
from .state import NinjaMasterState
from .views import NinjaMasterView

try:
    from . import _observe

    NATIVE = True  # the whole of `encode_state` in C, for float32 buffers
except ImportError:  # not built (a plain source tree): the Python code writes the same floats
    NATIVE = False

SCORES = (0.0, math.inf)  # outcome().scores are the points: at least 0, no fixed ceiling
FACES = max(len(die) for die in DICE)


def pieces(players: int, options: Mapping[str, Any]) -> Pieces:
    """The pieces `encode` writes, in order, with their shapes and bounds."""
    return _pieces(
        players,
        options["max_rounds"],
        options["target"],
        options["start_score"],
        options["reaction_ms"],
        options["tie_window_ms"],
    )


@functools.cache  # `encode` asks at every observation
def _pieces(
    n: int, max_rounds: int, target: int, start_score: int, reaction_ms: int, tie_window_ms: int
) -> Pieces:
    return Pieces(
        [
            Piece("me", (n,), 0, 1),
            Piece("to_act", (n,), 0, 1),
            Piece("round", (), 0, max_rounds),
            Piece("target", (), 0, target),
            Piece("now_ms", (), 0, MAX_MS),
            Piece("floor_ms", (), 0, MAX_MS + reaction_ms),
            Piece("time_limit_ms", (), 0, MAX_MS),
            Piece("tie_window_ms", (), 0, tie_window_ms),
            Piece("smoke_rule.parity", (), 0, 1),
            Piece("die.face", (len(DICE), FACES), 0, 1),
            Piece("token.holder", (NUM_TOKENS, n), 0, 1),
            Piece("token.ms", (NUM_TOKENS,), 0, MAX_MS),
            Piece("call.made", (n,), 0, 1),
            Piece("call.total", (n,), 0, MAX_TOTAL),
            Piece("call.ms", (n,), 0, MAX_MS),
            Piece("katana_owner", (n,), 0, 1),
            Piece("shuriken", (n,), 0, 1),
            Piece("score", (n,), 0, score_cap(target, start_score)),
            Piece("sudden_death", (), 0, 1),
            Piece("over", (), 0, 1),
            Piece("winner", (n,), 0, 1),
        ]
    )


def encode(view: NinjaMasterView) -> list[float]:
    """The floats of `pieces`, from a view (a seat's or a spectator's)."""
    n = view["players"]
    obs = Observation(pieces(n, view))  # the view repeats the options the bounds depend on
    obs["me"] = one_hot(view["seat"], n)
    to_act = view["to_act"]
    obs["to_act"] = [1.0 if i in to_act else 0.0 for i in range(n)]
    obs["round"] = view["round"]
    obs["target"] = view["target"]
    obs["now_ms"] = view["now_ms"]
    obs["floor_ms"] = view["floor_ms"]
    obs["time_limit_ms"] = view["time_limit_ms"]
    obs["tie_window_ms"] = view["tie_window_ms"]
    obs["smoke_rule.parity"] = 1.0 if view["smoke_rule"] == SmokeRule.PARITY else 0.0
    obs["die.face"] = [hot for die in view["dice"] for hot in one_hot(die["face"], FACES)]
    tokens = view["tokens"]
    obs["token.holder"] = [hot for token in tokens for hot in one_hot(token["holder"], n)]
    obs["token.ms"] = [token["ms"] or 0.0 for token in tokens]
    calls = {call["seat"]: call for call in view["calls"]}
    obs["call.made"] = [1.0 if i in calls else 0.0 for i in range(n)]
    obs["call.total"] = [calls[i]["total"] if i in calls else 0.0 for i in range(n)]
    obs["call.ms"] = [calls[i]["ms"] if i in calls else 0.0 for i in range(n)]
    obs["katana_owner"] = one_hot(view["katana_owner"], n)
    obs["shuriken"] = one_hot(view["shuriken"], n)
    cap = score_cap(view["target"], view["start_score"])
    obs["score"] = [min(score, cap) for score in view["scores"]]
    obs["sudden_death"] = 1.0 if view["sudden_death"] else 0.0
    obs["over"] = 1.0 if view["phase"] == Phase.OVER else 0.0
    winners = view["winners"]
    obs["winner"] = [1.0 if i in winners else 0.0 for i in range(n)]
    return obs.values


def _encode_state(
    state: NinjaMasterModel, seat: int | None, values: MutableSequence[float]
) -> None:
    """Write `encode(view(seat))` into `values` (all zeros, as long as the observation),
    read from the state's own fields without building the view: the same floats, so
    exactly what the view allows (a test compares the two).

    This is `encode_state` in Python, the reference: where `_observe` is built,
    `encode_state` is its C function, which writes a float32 buffer (the adapters'
    float32 NumPy array) in one call and hands anything else to this one."""
    state.check_seat(seat)
    n, options = state.num_players, state.options
    at = _places(n).starts
    if seat is not None:
        values[at["me"] + seat] = 1.0
    for s in state.grabbing:
        values[at["to_act"] + s] = 1.0
    values[at["round"]] = state.round
    values[at["target"]] = options["target"]
    values[at["now_ms"]] = state.now
    values[at["floor_ms"]] = state.floor
    values[at["time_limit_ms"]] = options["time_limit_ms"]
    values[at["tie_window_ms"]] = options["tie_window_ms"]
    if options["smoke_rule"] == SmokeRule.PARITY:
        values[at["smoke_rule.parity"]] = 1.0
    faces = at["die.face"]
    for die, index in enumerate(state.dice.faces):
        values[faces + die * FACES + index] = 1.0
    holders, taken = at["token.holder"], at["token.ms"]
    for token, holder in enumerate(state.holder):
        if holder >= 0:
            values[holders + token * n + holder] = 1.0
            values[taken + token] = state.taken_at[token]
    for caller, total, ms in state.calls:  # a later call of a seat replaces its earlier one
        values[at["call.made"] + caller] = 1.0
        values[at["call.total"] + caller] = total
        values[at["call.ms"] + caller] = ms
    values[at["katana_owner"] + state.katana_owner] = 1.0
    values[at["shuriken"] + state.shuriken] = 1.0
    cap = score_cap(options["target"], options["start_score"])
    for s, score in enumerate(state.scores):
        values[at["score"] + s] = min(score, cap)
    if state.sudden_death:
        values[at["sudden_death"]] = 1.0
    if state.phase == Phase.OVER:
        values[at["over"]] = 1.0
    for s in state.winners:
        values[at["winner"] + s] = 1.0


def text(view: NinjaMasterView) -> str:
    """A short readable form of a view (OpenSpiel's observation string)."""
    seat = view["seat"]
    dice = " ".join(
        f"{d['colour']} {d['ninjas']}"
        if d["kind"] == FaceKind.NINJA
        else f"{d['colour']} smoke"
        if d["kind"] == FaceKind.SMOKE
        else d["kind"]
        for d in view["dice"]
    )
    taken = ", ".join(
        f"{t['token']}:{t['holder']}@{t['ms']}" for t in view["tokens"] if t["holder"] is not None
    )
    calls = ", ".join(f"{c['seat']}:{c['total']}@{c['ms']}" for c in view["calls"])
    return (
        f"seat {'spectator' if seat is None else seat} | round {view['round']} {view['phase']}"
        f" | now {view['now_ms']} ms | floor {view['floor_ms']} ms | to act {view['to_act']}"
        f"{' | proposed ' + str(view['proposal']) if view['proposal'] else ''}\n"
        f"dice {dice}\ntaken {taken or '-'} | calls {calls or '-'}\n"
        f"scores {view['scores']} | katana {view['katana_owner']} | shuriken {view['shuriken']}"
        f"{' | sudden death' if view['sudden_death'] else ''}"
    )


def score_cap(target: int, start_score: int) -> int:
    """The highest score an observation shows: scores above it are shown as it.

    Points have no fixed ceiling (in sudden death a stolen Katana can move half of a
    growing score), but beyond twice the target and a round's worth of points the exact
    excess never matters to a decision.
    """
    return 2 * max(target, start_score) + 50


def max_actions(players: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game (every action is a sealed proposal).

    In a round each seat proposes once, then again after each resolution at most. A
    resolution lets seats leave (``Done``: at most n), or takes at least one free token
    (at most T), or carries out calls (at most n): at most 2n + T resolutions, each
    asking at most n seats again.
    """
    resolutions = 2 * players + NUM_TOKENS
    rounds: int = options["max_rounds"]
    return rounds * players * (1 + resolutions)


@functools.cache
def _places(players: int) -> Pieces:
    """Where each piece lies for `players` seats: the options move only the bounds."""
    defaults = resolve_options(NinjaMasterState.game_id, NinjaMasterState.options_spec, players, {})
    return pieces(players, defaults)


# The pieces in the order `_observe` takes their starts (it checks each one's size).
_NATIVE_PIECES = (
    "me",
    "to_act",
    "round",
    "target",
    "now_ms",
    "floor_ms",
    "time_limit_ms",
    "tie_window_ms",
    "smoke_rule.parity",
    "die.face",
    "token.holder",
    "token.ms",
    "call.made",
    "call.total",
    "call.ms",
    "katana_owner",
    "shuriken",
    "score",
    "sudden_death",
    "over",
    "winner",
)


def _native_layout(players: int) -> tuple[tuple[int, int] | int, ...]:
    """Each of `_NATIVE_PIECES`' start and size for `players` seats, then the length."""
    places = _places(players)
    sizes = {piece.name: piece.size for piece in places.pieces}
    return (*((places.starts[name], sizes[name]) for name in _NATIVE_PIECES), places.size)


# `encode_state`: the C function where it is built (it hands any target but a float32
# buffer to `_encode_state`), so that the adapters' call runs no Python code; else the
# Python code.
encode_state: Callable[[NinjaMasterModel, int | None, MutableSequence[float]], None]
if NATIVE:
    _observe.configure(
        {
            n: _native_layout(n)
            for n in range(NinjaMasterState.min_players, NinjaMasterState.max_players + 1)
        },
        FACES,
        Phase.OVER,
        SmokeRule.PARITY,
        _encode_state,
    )
    encode_state = _observe.encode_state
else:
    encode_state = _encode_state
