"""Boss Quest in the terminal: every event and choice of random games put in words."""

from __future__ import annotations

import io
import random

from rich.console import Console

import gamenight
from gamenight import ui as render

DRAW = render.renderer("boss-quest")


def plain(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None, highlight=False).print(renderable)
    return out.getvalue()


def test_every_event_and_choice_of_random_games_is_put_in_words():
    for seed in range(30):
        players = 2 + seed % 5
        state = gamenight.make("boss-quest", players, seed=seed, spells_per_round=1 + seed % 7)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.actors()[0]
            view = state.view(seat)
            legal = state.legal_actions(seat)
            for action in legal:
                assert DRAW.choice(view, action, "en") != str(action)
            if rng.random() < 0.05:
                assert "(you)" in plain(DRAW.table(view, "en", me=seat))
            state.apply(seat, rng.choice(legal))
        for seat in (None, 0):
            for event in state.events_for(seat):
                for line in DRAW.events([event], "en", me=seat):
                    assert not line.startswith(f"{event.kind}:"), line
        reveal = [state.view(s) for s in range(players)]
        shown = plain(DRAW.table(state.view(None), "en", reveal=reveal))
        assert "every hidden weapon shown" in shown and "The game is over." in shown
        assert "Winner" in plain(DRAW.result(state.view(0), "en", me=0))
