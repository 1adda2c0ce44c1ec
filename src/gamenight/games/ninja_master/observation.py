"""Ninja Master observations for reinforcement learning, built from ``view(seat)`` only.

The RL adapters (``gamenight.envs``) call `encode` on a seat's view. Seats are absolute,
as in the action codec; ``n`` is the player count, ``D = 9`` the dice, ``F = 6`` the faces
of a die, ``T = 6`` the tokens (the Ninja colours, then the Katana). Times are in ms.
Nothing is hidden, so every seat's observation differs only in ``me``.

=================================  =====  ==================================================
features                           count  meaning
=================================  =====  ==================================================
``me[i]``                          n      one-hot: the observing seat (zeros: spectator)
``to_act[i]``                      n      seats still grabbing
``round``, ``target``              2      as in the view
``now_ms``                         1      the table's clock: the latest timed action
``floor_ms``                       1      the earliest time of a new proposal
``time_limit_ms``, ``tie_window``  2      options
``smoke_rule.parity``              1      1: each Smoke flips the sign; 0: only exactly one
``die[d].face[f]``                 D·F    one-hot: the face each die shows
``token[t].holder[i]``             T·n    one-hot: who took the token (zeros: free)
``token[t].ms``                    T      when it was taken (0: free)
``call[i].made|total|ms``          3·n    each seat's call this round
``katana_owner[i]``, ``shuriken``  2·n    one-hot: the tokens' holders
``score[i]``                       n      points, at most `score_cap` (see there)
``sudden_death``, ``over``         2      flags
``winner[i]``                      n      the game's winners
=================================  =====  ==================================================
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from gamenight.kernel.observation import Layout, one_hot

from .actions import MAX_MS
from .content import DICE, MAX_TOTAL, NUM_TOKENS, TOKEN_IDS
from .scoring import PARITY

SCORES = (0.0, math.inf)  # outcome().scores are the points: at least 0, no fixed ceiling
FACES = max(len(die) for die in DICE)


def layout(players: int, options: Mapping[str, Any]) -> list[tuple[str, float, float]]:
    """``(name, low, high)`` of every float `encode` returns, in order."""
    n = players
    out = Layout()
    add = out.add

    add("me", 0, 1, n)
    add("to_act", 0, 1, n)
    add("round", 0, options["max_rounds"])
    add("target", 0, options["target"])
    add("now_ms", 0, MAX_MS)
    add("floor_ms", 0, MAX_MS + options["reaction_ms"])
    add("time_limit_ms", 0, MAX_MS)
    add("tie_window_ms", 0, options["tie_window_ms"])
    add("smoke_rule.parity", 0, 1)
    for d in range(len(DICE)):
        add(f"die[{d}].face", 0, 1, FACES)
    for token in TOKEN_IDS:
        add(f"token[{token}].holder", 0, 1, n)
        add(f"token[{token}].ms", 0, MAX_MS)
    for i in range(n):
        add(f"call[{i}].made", 0, 1)
        add(f"call[{i}].total", 0, MAX_TOTAL)
        add(f"call[{i}].ms", 0, MAX_MS)
    add("katana_owner", 0, 1, n)
    add("shuriken", 0, 1, n)
    add("score", 0, score_cap(options["target"], options["start_score"]), n)
    add("sudden_death", 0, 1)
    add("over", 0, 1)
    add("winner", 0, 1, n)
    return out


def encode(view: dict[str, Any]) -> list[float]:
    """The floats `layout` describes, from a view (a seat's or a spectator's)."""
    n = view["players"]
    out: list[float] = []
    out.extend(one_hot(view["seat"], n))
    to_act = view["to_act"]
    out.extend(1.0 if i in to_act else 0.0 for i in range(n))
    out.append(view["round"])
    out.append(view["target"])
    out.append(view["now_ms"])
    out.append(view["floor_ms"])
    out.append(view["time_limit_ms"])
    out.append(view["tie_window_ms"])
    out.append(1.0 if view["smoke_rule"] == PARITY else 0.0)
    for die in view["dice"]:
        out.extend(one_hot(die["face"], FACES))
    for token in view["tokens"]:
        out.extend(one_hot(token["holder"], n))
        out.append(token["ms"] or 0.0)
    calls = {call["seat"]: call for call in view["calls"]}
    for i in range(n):
        call = calls.get(i)
        out.extend((1.0, call["total"], call["ms"]) if call else (0.0, 0.0, 0.0))
    out.extend(one_hot(view["katana_owner"], n))
    out.extend(one_hot(view["shuriken"], n))
    cap = score_cap(view["target"], view["start_score"])
    out.extend(min(score, cap) for score in view["scores"])
    out.append(1.0 if view["sudden_death"] else 0.0)
    out.append(1.0 if view["phase"] == "over" else 0.0)
    winners = view["winners"]
    out.extend(1.0 if i in winners else 0.0 for i in range(n))
    return out


def text(view: dict[str, Any]) -> str:
    """A short readable form of a view (OpenSpiel's observation string)."""
    seat = view["seat"]
    dice = " ".join(
        f"{d['colour']} {d['ninjas']}"
        if d["kind"] == "ninja"
        else f"{d['colour']} smoke"
        if d["kind"] == "smoke"
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
    return options["max_rounds"] * players * (1 + resolutions)
