"""Meow, Dark Lord! in the terminal: a whole game at the prompt, and every line rendered."""

from __future__ import annotations

import io
import random

from rich.console import Console
from typer.testing import CliRunner

import gamenight
from gamenight import ui as render
from gamenight.cli.app import app
from gamenight.games.meow_dark_lord.actions import FromTreasury, Rob, Search
from gamenight.kernel import GameRecord
from gamenight.testing import rigged

runner = CliRunner()
DRAW = render.renderer("meow-dark-lord")


def plain(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None, highlight=False).print(renderable)
    return out.getvalue()


def test_a_whole_game_at_the_prompt_is_saved_and_replays(tmp_path):
    path = tmp_path / "game.json"
    args = ["play", "meow-dark-lord", "-p", "3", "--bots", "heuristic", "--seed", "5"]
    args += ["--lang", "ru", "--save", str(path)]
    result = runner.invoke(app, args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    record = GameRecord.from_json(path.read_text())
    final = gamenight.replay(record)
    assert final.is_over() and "Победитель:" in result.output  # the Russian table
    assert "Полосатый разведчик" in result.output or "Толстый кот" in result.output


def test_every_event_and_choice_of_random_games_is_put_in_words():
    for seed in range(40):
        state = gamenight.make("meow-dark-lord", players=2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.actors()[0]
            view = state.view(seat)
            legal = state.legal_actions(seat)
            for action in legal:
                assert DRAW.choice(view, action, "en") != str(action)
            if rng.random() < 0.05:
                assert "Your hand" in plain(DRAW.table(view, "en", me=seat))
            state.apply(seat, rng.choice(legal))
        for seat in (None, 0):
            for event in state.events_for(seat):
                for line in DRAW.events([event], "en", me=seat):
                    assert not line.startswith(f"{event.kind}:"), line
        reveal = [state.view(s) for s in range(state.num_players)]
        assert "every hand shown" in plain(DRAW.table(state.view(None), "en", reveal=reveal))
        assert "Winner: " in plain(DRAW.result(state.view(0), "en", me=0))


def test_simulate_shows_each_cats_hirers_win_rate():
    result = runner.invoke(app, ["simulate", "meow-dark-lord", "-n", "30", "-p", "3", "-s", "2"])
    assert result.exit_code == 0, result.output
    assert "By card" in result.output and "hirers' win rate" in result.output
    assert "hired:" not in result.output  # per-card figures stay out of the agent table


def test_the_steal_choice_names_the_treasury_and_each_rival():
    state = rigged(
        "meow-dark-lord",
        players=3,
        dungeons={0: ["prowler"]},
        coins=[0, 4, 0],
        phase="dungeon",
        dice=[1, 1],
    )
    state.apply(0, Search(state.dungeons[0][0]))
    view = state.view(0)
    assert [DRAW.choice(view, a, "en") for a in state.legal_actions(0)] == [
        "Take a coin from the treasury [dim](32 coins)[/]",
        "Steal a coin from seat 1 [dim](4 coins)[/]",
    ]
    table = plain(DRAW.table(view, "en", me=0))
    assert "You to choose where Night Prowler's next coin comes from (2 coins to take)." in table
    state.apply(0, Rob(1))
    assert "(1 coin to take)" in plain(DRAW.table(state.view(0), "en", me=0))
    state.apply(0, FromTreasury())
    lines = DRAW.events([e for e in state.events if e.kind == "coins"], "en", me=0)
    assert lines == [
        "You take [yellow]1 coin[/] from seat 1.",
        "You take [yellow]1 coin[/] from the treasury.",
    ]


def test_a_wounded_cat_shows_its_lost_hearts_without_colour():
    """NO_COLOR and pipes lose nothing: a lost heart is a hollow ♡, not only a dim ♥."""
    from gamenight.games.meow_dark_lord.content import HEARTS

    from .helpers import game

    state = game(phase="dungeon", dungeons={0: [("guardian", 1)]})
    lost = HEARTS[state.dungeons[0][0]] - 1
    assert lost > 0
    shown = plain(DRAW.table(state.view(0), "en", me=0))
    assert "♥" + "♡" * lost in shown
