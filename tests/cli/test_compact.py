"""The compact layout of a short terminal (80×24): its table per game and language as
stored snapshots, and a whole turn of the other seats readable above the prompt."""

from __future__ import annotations

import io
import re
from types import SimpleNamespace

import pytest
from rich.console import Console

import gamenight
from gamenight import agents, i18n
from gamenight.cli.human import HumanAgent
from gamenight.kernel import PASS
from gamenight.play import play
from gamenight.ui import renderer

from .test_whole_games import SNAPSHOTS, UPDATE

COMPACT = ["boss-quest", "meow-dark-lord"]
PROMPT = re.compile(
    r"Choice \[[^\]]*\]: |Enter or \d+ again confirms, anything else chooses again: "
)


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
    human = HumanAgent(0, renderer(game_id), lang, console, io.StringIO(answers * 3000))
    bots = [agents.make(agents.default(game_id), game_id, seed + s) for s in range(1, players)]
    state = gamenight.make(game_id, players, seed)
    play(state, [human, *bots])
    assert state.is_over()
    return PROMPT.split(out.getvalue())[1:]


@pytest.mark.parametrize(
    ("game_id", "players", "seeds", "answers"),
    [
        ("boss-quest", 4, (1, 2), "1\n"),  # always take one weapon
        ("boss-quest", 5, (1, 2), "1\n"),
        # Hire a cat, search or attack with it, draw...: a game with every kind of move.
        # Meow's turns are long: seeds whose busiest turns still fit (see the docs).
        ("meow-dark-lord", 4, (2, 3), "2\n1\n"),
    ],
)
def test_a_whole_turn_of_the_other_seats_fits_above_the_prompt(game_id, players, seeds, answers):
    for seed in seeds:
        shown = screens(game_id, players, seed, answers)
        assert len(shown) > 5
        for screen in shown:
            # A new round's start and a battle's result are told whole: they may scroll.
            if "Battle" in screen or "Round" in screen:
                continue
            assert screen.count("\n") <= 23, screen  # the prompt is the 24th line
            assert max((len(line) for line in screen.splitlines()), default=0) <= 80


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize(
    ("game_id", "answers"), [("boss-quest", "1\n"), ("meow-dark-lord", "2\n1\n")]
)
def test_a_whole_compact_game_in_each_language(game_id, answers, lang):
    shown = screens(game_id, 5, 3, answers, lang)
    assert len(shown) > 5
    assert "{" not in "".join(shown)  # no field left unfilled by a translation


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
