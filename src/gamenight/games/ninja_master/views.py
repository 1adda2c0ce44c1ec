"""Ninja Master: what each seat may see.

Nothing is hidden once rolled: the dice on the table, who took which token and when, the
calls and the scores are public, so every seat (and a spectator) sees the same view. The
next round's dice are never in a view: they are rolled only when that round starts.

During the grab the view gives the faces, not the counts a player must work out (the
ninja total, whether the Katana is takeable): those appear in ``last_round`` once scored.
"""

from __future__ import annotations

from typing import Any, TypedDict

from .content import COLOURS, DICE, TOKEN_IDS, FaceKind
from .model import NinjaMasterModel, Phase, RoundSummary, SmokeRule


class DieView(TypedDict):
    """A die as rolled."""

    die: int
    face: int  # the face index shown
    kind: FaceKind
    ninjas: int
    colour: str | None  # ninja and smoke faces only


class TokenView(TypedDict):
    """A token, and who took it when."""

    token: str  # `content.TOKEN_IDS`
    holder: int | None
    ms: int | None


class CallView(TypedDict):
    """A call of this round."""

    seat: int
    total: int
    ms: int


class NinjaMasterView(TypedDict):
    """What a seat sees (``seat`` is ``None`` for a spectator): the whole table."""

    game: str
    seat: int | None
    players: int
    round: int
    phase: Phase
    to_act: list[int]  # seats still grabbing
    target: int
    start_score: int
    max_rounds: int
    time_limit_ms: int
    tie_window_ms: int
    smoke_rule: SmokeRule
    now_ms: int
    reaction_ms: int
    floor_ms: int
    proposal: dict[str, Any] | None  # the seat's own sealed proposal, as JSON
    deadline_ms: int | None  # None once nobody is grabbing
    dice: list[DieView]
    tokens: list[TokenView]
    calls: list[CallView]
    katana_owner: int
    shuriken: int
    scores: list[int]
    sudden_death: bool
    last_round: RoundSummary | None  # the previous round, once scored
    winners: list[int]


def view(state: NinjaMasterModel, seat: int | None) -> NinjaMasterView:
    """Exactly what `seat` may know (``None``: a spectator)."""
    state.check_seat(seat)
    dice: list[DieView] = []
    for die, index in enumerate(state.dice.faces):
        face = DICE[die][index]
        dice.append(
            {
                "die": die,
                "face": index,
                "kind": face.kind,
                "ninjas": face.ninjas,
                "colour": COLOURS[face.colour] if face.colour >= 0 else None,
            }
        )
    tokens: list[TokenView] = []
    for token, name in enumerate(TOKEN_IDS):
        holder = state.holder[token]
        tokens.append(
            {
                "token": name,
                "holder": holder if holder >= 0 else None,
                "ms": state.taken_at[token] if holder >= 0 else None,
            }
        )
    calls: list[CallView] = [{"seat": s, "total": total, "ms": ms} for s, total, ms in state.calls]
    options = state.options
    return {
        "game": state.game_id,
        "seat": seat,
        "players": state.num_players,
        "round": state.round,
        "phase": state.phase,
        "to_act": list(state.grabbing),
        "target": options["target"],
        "start_score": options["start_score"],
        "max_rounds": options["max_rounds"],
        "time_limit_ms": options["time_limit_ms"],
        "tie_window_ms": options["tie_window_ms"],
        "smoke_rule": options["smoke_rule"],
        "now_ms": state.now,
        "reaction_ms": options["reaction_ms"],
        "floor_ms": state.floor,
        "proposal": _proposal(state, seat),
        "deadline_ms": state.deadline() if state.grabbing else None,
        "dice": dice,
        "tokens": tokens,
        "calls": calls,
        "katana_owner": state.katana_owner,
        "shuriken": state.shuriken,
        "scores": list(state.scores),
        "sudden_death": state.sudden_death,
        "last_round": _summary_copy(state.last_round),
        "winners": list(state.winners),
    }


def _proposal(state: NinjaMasterModel, seat: int | None) -> dict[str, Any] | None:
    """`seat`'s own sealed proposal (sealed proposals are hidden from everybody else)."""
    proposal = None if seat is None else state.sealed[seat]
    return None if proposal is None else proposal.to_json()


def _summary_copy(summary: RoundSummary | None) -> RoundSummary | None:
    """A fresh copy of a round's summary (built in `NinjaMasterState._end_round`), so that
    a view's reader cannot change the state."""
    if summary is None:
        return None
    return {
        **summary,
        "holders": list(summary["holders"]),
        "calls": [list(call) for call in summary["calls"]],
        "points": {source: list(points) for source, points in summary["points"].items()},
        "scores": list(summary["scores"]),
    }
