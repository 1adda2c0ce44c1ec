"""The compact layout of a short terminal (80×24): its table per game and language as
stored snapshots, and a whole turn of the other seats readable above the prompt."""

from __future__ import annotations

import asyncio
import io
import re
from types import SimpleNamespace

import pytest
from rich.cells import cell_len
from rich.console import Console

import gamenight
from gamenight import agents, i18n
from gamenight.cli.human import HumanAgent
from gamenight.kernel import PASS
from gamenight.play import play
from gamenight.ui import renderer

from .test_whole_games import SNAPSHOTS, UPDATE

COMPACT = ["boss-quest", "meow-dark-lord", "munchkin", "munchkin-fu"]
PAUSE = "(Enter: more) "
PROMPT = re.compile(
    r"\(Enter: more\) |Choice \[[^\]]*\]: "
    r"|Enter or \d+ again confirms, anything else chooses again: "
)
# What the scripted person types over and over: always the first choice; in Meow, hire a
# cat, search or attack with it, draw...: a game with every kind of move.
ANSWERS = {"boss-quest": "1\n", "meow-dark-lord": "2\n1\n", "munchkin": "1\n", "munchkin-fu": "1\n"}
# Munchkin's games are long: a turn limit keeps them short, with every kind of screen.
OPTIONS: dict[str, dict[str, int]] = {
    "munchkin": {"max_turns": 15},
    "munchkin-fu": {"max_turns": 15},
}


def compact_snapshot(game_id: str, lang: str) -> str:
    """The compact table of a seeded position a few moves in, 5 players, from seat 0."""
    state = gamenight.make(game_id, 5, seed=7)
    for move in range(9):
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[-1 if move % 3 == 0 else 0])
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None, highlight=False)
    console.print(renderer(game_id).compact_table(state.view(0), lang, me=0))
    return out.getvalue()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", COMPACT)
def test_the_compact_table_matches_its_snapshot(game_id, lang):
    path = SNAPSHOTS / f"{game_id}.compact.{lang}.txt"
    shown = compact_snapshot(game_id, lang)
    if UPDATE:
        path.write_text(shown, encoding="utf-8")
    assert path.is_file(), f"no snapshot yet: GAMENIGHT_SNAPSHOTS=update writes {path.name}"
    assert shown == path.read_text(encoding="utf-8")
    assert len(shown.splitlines()) <= 10


def screens(game_id: str, players: int, seed: int, answers: str, lang: str = "en") -> list[str]:
    """What a person typing `answers` over and over reads at each prompt of a whole game
    on an 80×24 terminal: the lines printed since the previous prompt."""
    out = io.StringIO()
    console = Console(
        file=out, width=80, height=24, force_terminal=True, color_system=None, highlight=False
    )
    human = HumanAgent(0, renderer(game_id), lang, console, io.StringIO(answers * 30000))
    bots = [agents.make(agents.default(game_id), game_id, seed + s) for s in range(1, players)]
    state = gamenight.make(game_id, players, seed, **OPTIONS.get(game_id, {}))
    play(state, [human, *bots])
    assert state.is_over()
    return PROMPT.split(out.getvalue().replace(PAUSE, "\0" + PAUSE))[1:]


def rows(screen: str) -> int:
    """The terminal lines `screen` takes at 80 columns, the prompt's included."""
    lines = screen.rstrip("\0").split("\n")
    return sum(max(1, -(-cell_len(line) // 80)) for line in lines)


def player_counts(game_id: str) -> range:
    """Every number of players the game allows."""
    rules = type(gamenight.make(game_id, 3, seed=1))
    return range(rules.min_players, rules.max_players + 1)


@pytest.mark.parametrize(
    ("game_id", "players"),
    [(game_id, players) for game_id in COMPACT for players in player_counts(game_id)],
)
def test_everything_printed_between_two_prompts_fits_80_by_24(game_id, players):
    seeds = (1,) if game_id.startswith("munchkin") else (1, 2)
    for seed in seeds:
        shown = screens(game_id, players, seed, ANSWERS[game_id])
        assert len(shown) > 5
        for screen in shown:
            assert rows(screen) <= 24, screen
        # What happened waits for Enter only after a busy turn: in Boss Quest, the battle
        # and the next round.
        paused = [i for i, screen in enumerate(shown) if screen.endswith("\0")]
        if game_id == "boss-quest":
            assert all("Battle" in shown[i] + shown[i + 1] for i in paused)
        assert len(paused) <= len(shown) // 4


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", COMPACT)
def test_a_whole_compact_game_in_each_language(game_id, lang):
    shown = screens(game_id, 5, 3, ANSWERS[game_id], lang)
    assert len(shown) > 5
    assert "{" not in "".join(shown)  # no field left unfilled by a translation
    assert all(rows(screen) <= 24 for screen in shown)


def test_other_seats_turns_are_summarised_and_what_hit_you_told_in_full():
    shown = "".join(screens("meow-dark-lord", 4, 2, "2\n1\n"))
    assert "Seat 1: hired" in shown and "Seat 1 hires" not in shown
    assert "You hire" in shown  # your own moves
    assert "Seat 3 takes 1 coin from you." in shown  # your coins taken
    assert "Your Gang Boss falls: to the Graveyard." in shown  # your cat killed


def listed(compact: bool) -> list[list[str]]:
    """The words of each line listing seven short choices and ``p``."""
    words = SimpleNamespace(
        table=lambda view, lang, me=None: "",
        choice=lambda view, action, lang: f"Choice {action}",
        events=lambda events, lang, me=None: [],
    )
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    human = HumanAgent(0, words, console=console, stdin=io.StringIO("6\n"), compact=compact)
    assert human.act({}, [1, 2, 3, 4, 5, 6, 7, PASS]) == 6
    return [line.split() for line in out.getvalue().splitlines() if re.match(r" +(\d+|p) ", line)]


def test_short_choices_come_in_two_columns_on_a_short_terminal():
    assert listed(compact=True) == [
        ["1", "Choice", "1", "5", "Choice", "5"],
        ["2", "Choice", "2", "6", "Choice", "6"],
        ["3", "Choice", "3", "7", "Choice", "7"],
        ["4", "Choice", "4", "p", "pass"],
    ]
    assert len(listed(compact=False)) == 8  # one a line


def test_a_tall_terminal_or_a_pipe_gets_the_full_table():
    for height, terminal, compact in ((24, True, True), (40, True, False), (24, False, False)):
        console = Console(file=io.StringIO(), height=height, force_terminal=terminal)
        assert HumanAgent(0, renderer("boss-quest"), console=console).compact is compact


def test_ninja_masters_rules_panel_at_80x24_scrolls_to_its_end_by_keys():
    pytest.importorskip("textual")
    from gamenight.games.ninja_master.ui.live import NinjaMasterApp, RulesScreen

    async def read_the_rules() -> None:
        state = gamenight.make("ninja-master", 2, seed=1)
        bot = agents.make("normal", "ninja-master", 2)
        app = NinjaMasterApp(state, [None, bot], 0, "ru", clock=lambda: 10**12)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("?")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            panel = app.screen.query_one("#rules")
            assert panel.size.height <= 24 and panel.max_scroll_y > 0  # longer than the screen
            await pilot.press("pagedown", "end")
            await pilot.pause()
            assert panel.scroll_y == panel.max_scroll_y
            await pilot.press("q")  # closes the rules, and only them
            await pilot.pause()
            assert not isinstance(app.screen, RulesScreen) and app.is_running
            await pilot.press("q")  # asks before leaving
            assert app.is_running
            await pilot.press("q")
        assert not app.is_running

    asyncio.run(read_the_rules())
