"""Shared helpers of the Boss Quest scenario tests."""

from __future__ import annotations

from typing import Any

from gamenight import testing
from gamenight.games.boss_quest import BossQuestState
from gamenight.games.boss_quest.content import COLOURS, weapon_id
from gamenight.games.boss_quest.model import EventKind
from gamenight.kernel import Action
from gamenight.testing import rigged

ALL_WEAPONS = [f"{colour} {value}" for colour in COLOURS for value in range(1, 8)]


def game(players: int = 3, **setup: Any) -> BossQuestState:
    """A rigged Boss Quest position (keywords: see ``games/boss_quest/rig.py``)."""
    return rigged("boss-quest", players=players, **setup)


def last_visit(players: int = 3, **setup: Any) -> BossQuestState:
    """A position where every seat but the last in turn order has visited the Mage.

    The Armorer is the last seat, so turns run 0, 1, ...; the last seat's visit starts
    the battle.
    """
    last = players - 1
    return game(players, armorer=last, turn=last, visited=range(last), **setup)


def low_hands(players: int) -> dict[str, Any]:
    """Rig keywords giving every seat two low weapons (values 1 and 2, or 3 and 4)."""
    hidden, visible = {}, {}
    for seat in range(players):
        colour, low = COLOURS[seat % len(COLOURS)], 1 + 2 * (seat // len(COLOURS))
        hidden[seat], visible[seat] = f"{colour} {low}", [f"{colour} {low + 1}"]
    return {"hidden": hidden, "visible": visible}


def play(state: BossQuestState, *moves: tuple[int, Action]) -> None:
    """Apply ``(seat, action)`` moves in order."""
    for seat, action in moves:
        state.apply(seat, action)


def events(state: BossQuestState, kind: EventKind) -> list[dict[str, Any]]:
    """The data of every event of one kind, oldest first."""
    return [event.data for event in state.events if event.kind == kind]


def battle(state: BossQuestState) -> dict[str, Any]:
    """The data of the one battle fought since the position was rigged."""
    (fought,) = events(state, EventKind.BATTLE)
    return fought


def wid(name: str) -> int:
    """A weapon's id from its name (``"red 5"``)."""
    return weapon_id(name)


def others(*names: str) -> list[str]:
    """Every weapon except `names`, for rigs that empty the deck."""
    return [w for w in ALL_WEAPONS if w not in names]


def random_moves(state: BossQuestState, steps: int, seed: int = 0) -> None:
    """Play up to `steps` uniformly random legal actions (fewer if the game ends)."""
    testing.random_moves(state, steps, seed)


def decide_in_python(monkeypatch: Any) -> None:
    """Bots decide in Python, so that the C parts their Judge calls are compared one by one
    (`_judge.seat_decision` takes the whole decision in C otherwise)."""
    from gamenight.games.boss_quest import bots

    monkeypatch.setattr(bots, "seat_decision", lambda state, seat, legal: None, raising=False)
    monkeypatch.setattr(bots, "view_decision", lambda view, legal: None, raising=False)
