"""Ninja Master's full-screen app: the scoring it tells, and a round played with keys.

The app runs under Textual's test pilot with a fake clock: the bots act, the deadline
passes and the scoring is told only when the test moves the clock, so nothing sleeps.
"""

from __future__ import annotations

import asyncio

import pytest
from rich.text import Text
from textual.widgets import Static
from typer.testing import CliRunner

import gamenight
import gamenight.cli.play
from gamenight import agents
from gamenight.cli.app import app as cli
from gamenight.games.ninja_master.actions import DONE
from gamenight.games.ninja_master.rig import carry_out
from gamenight.games.ninja_master.ui.live import NinjaMasterApp, key_help
from gamenight.games.ninja_master.ui.terminal import dice_text, score_changes
from gamenight.kernel import GameRecord
from gamenight.play import play
from gamenight.testing import rigged
from gamenight.ui import is_live, live_app

from .helpers import QUIET, FakeClock, Script, call, grab

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4"]
# Three Katanas against one Shuriken: the Katana is takeable.
TAKEABLE = ["red 1", "blue 1", "green 1", "yellow 1", "black 1", "katana", "katana", "katana"]
TAKEABLE += ["shuriken"]


def words(text: Text | str) -> str:
    """Plain text with every run of spaces made one."""
    plain = text.plain if isinstance(text, Text) else text
    return " ".join(plain.split())


# ----- the scoring, line by line ------------------------------------------------------------


def scored(state) -> dict:
    """The latest round's score event."""
    return next(event.data for event in reversed(state.events) if event.kind == "score")


def told(moves, players=3, **setup):
    """The scoring told of a rigged round with `moves` then everybody done: (seat, points,
    reason) per line."""
    state = rigged("ninja-master", players=players, reaction_ms=0, **setup)
    played = state.round
    carry_out(state, *moves)
    while state.round == played:
        state.apply(state.actors()[0], DONE)
    changes = score_changes(scored(state), NAMES[:players], "en")
    return [(c.seat, c.points, words(c.reason)) for c in changes]


def test_a_stolen_katana_is_told_first_with_half_the_owners_points():
    lines = told(
        [(1, grab("katana", 300)), (0, grab("red", 400))],
        dice=TAKEABLE,
        scores=[9, 2, 4],
        katana=0,
        shuriken=2,
    )
    assert lines[:3] == [
        (1, 4, "stole the Katana from You: half of 9, rounded down"),
        (0, -4, "lost the Katana to Bot 1"),
        (0, 1, "red token: 1 × ninja"),
    ]
    assert (2, 1, "Shuriken: 1 × Shuriken rolled") in lines


def test_a_defended_katana_and_a_katana_taken_when_not_takeable():
    assert told([(0, grab("katana", 300))], dice=TAKEABLE, katana=0)[0] == (
        0,
        0,
        "defended the Katana",
    )
    assert told([(2, grab("katana", 300))], dice=QUIET, katana=0)[0] == (
        2,
        -3,
        "took the Katana, but it was not takeable",
    )


def test_smokes_are_the_reason_a_token_counts_negative_or_positive_again():
    dice = ["red 2", "red 1", "red smoke", "blue 1", "blue smoke", "blue smoke"]
    dice += ["katana", "shuriken", "shuriken"]
    lines = told([(0, grab("red", 300)), (1, grab("blue", 310))], dice=dice, shuriken=2)
    assert (0, -3, "red token: 3 × ninja, 1 × smoke: negative") in lines
    assert (1, 1, "blue token: 1 × ninja, 2 × smoke: positive again") in lines


def test_calls_right_wrong_and_tied_and_the_floor_at_zero():
    moves = [(0, grab("red", 200)), (0, call(5, 500)), (1, call(5, 550)), (2, call(4, 560))]
    lines = told(moves, dice=QUIET, scores=[5, 5, 1], shuriken=0, katana=0)
    calls = [line for line in lines if "called" in line[2]]
    winner = next(seat for seat, points, _ in calls if points == 1)
    loser = 1 - winner
    assert sorted(calls) == sorted(
        [
            (winner, 1, f"called 5 at {0.5 + 0.05 * winner:.2f} s: right"),
            (
                loser,
                0,
                f"called 5 at {0.5 + 0.05 * loser:.2f} s: right too, at the same moment: "
                f"the draw chose {NAMES[winner]}",
            ),
            (2, -3, "called 4 at 0.56 s: wrong, there are 5"),
        ]
    )
    assert lines[-1] == (2, 2, "back to 0: a score never goes below 0")  # 1 - 3 = -2


@pytest.mark.parametrize("seed", range(10))
def test_the_changes_told_add_up_to_every_new_score(seed):
    players = 2 + seed % 4
    state = gamenight.make("ninja-master", players=players, seed=seed)
    bots = [agents.make("easy", "ninja-master", seed * 10 + s) for s in range(players)]
    before = state.view(0)
    rounds = 0

    def check(state, seat, action):
        nonlocal before, rounds
        if state.round == before["round"] and not state.is_over():
            return
        after = state.view(0)
        changes = score_changes(scored(state), NAMES[:players], "en")
        for s in range(players):
            gained = sum(change.points for change in changes if change.seat == s)
            assert gained == after["scores"][s] - before["scores"][s]
        before, rounds = after, rounds + 1

    play(state, bots, observer=check)
    assert rounds == state.round


def test_names_come_from_the_dice_data_in_the_chosen_language():
    lithuanian = {"red": "raudona", "blue": "mėlyna", "green": "žalia", "yellow": "geltona"}
    lithuanian |= {"black": "juoda", None: "Katana"}
    dice = rigged("ninja-master", players=2, dice=QUIET).view(0)["dice"]
    expected = [lithuanian[d["colour"]] if d["kind"] != "shuriken" else "Šurikenas" for d in dice]
    assert dice_text(dice, "lt").plain.split("\n")[2].split() == expected
    assert "raudona" in words(key_help("lt")) and "red" in words(key_help("en"))


# ----- the app, driven by keys ------------------------------------------------------------------


def screen(app: NinjaMasterApp, panel: str) -> str:
    """What a panel of the app shows, as plain words."""
    return words(app.query_one(f"#{panel}", Static).content)


def test_a_round_played_with_keys():
    clock = FakeClock()
    state = rigged("ninja-master", players=2, dice=QUIET, katana=1, shuriken=1)
    bot = Script(1, [(1, grab("blue", 300)), (1, call(5, 800))])
    app = NinjaMasterApp(state, [None, bot], seat=0, clock=clock)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            assert "Bot 1 holds the Shuriken" in screen(app, "status")
            assert "How to play" in screen(app, "log")
            clock.mark()
            await pilot.press("enter")  # the dice are shown: the grab's clock starts
            assert screen(app, "dice") == words(dice_text(state.view(0)["dice"], "en"))
            assert screen(app, "status").startswith("GRAB! 0.00 s")

            clock.to(200)
            await pilot.press("R")
            assert "r red You 0.20 s" in screen(app, "tokens")
            assert "0.20 s You grabbed red" in screen(app, "log")

            clock.to(449)
            app.tick()  # the bot's grab at 300 ms is sealed: the person might still
            await pilot.pause()  # grab blue at the same moment (a reaction: 150 ms)
            assert "b blue free" in screen(app, "tokens")
            clock.to(450)
            app.tick()  # now nobody can: it shows
            await pilot.pause()
            assert "b blue Bot 1 0.30 s" in screen(app, "tokens")
            assert "0.30 s Bot 1 grabbed blue" in screen(app, "log")

            history = len(state.history)
            await pilot.press("b")
            assert screen(app, "log").endswith(
                "0.45 s Refused: the blue token was taken by seat 1 at 300 ms"
            )
            assert len(state.history) == history  # refused: nothing changed

            await pilot.press("1", "backspace", "9")
            assert "Your call: 9" in screen(app, "status")
            clock.to(850)
            await pilot.press("enter")  # within a reaction of the bot's call: the same moment
            assert "Bot 1 3 pts Katana Shuriken blue called 5 (0.80 s)" in screen(app, "players")
            assert "Scoring" in screen(app, "status")
            assert screen(app, "log") == (
                "Round 1: 5 ninjas rolled. Katana not takeable: 1 × Katana against 3 × Shuriken."
            )

            clock.to(850 + 2 * 450)
            app.tick()
            await pilot.pause()
            assert screen(app, "log").endswith("Katana. You +1 red token: 1 × ninja")  # 3 lines
            await pilot.press("enter")  # tell it all
            assert screen(app, "log") == " ".join(
                [
                    "Round 1: 5 ninjas rolled.",
                    "Katana not takeable: 1 × Katana against 3 × Shuriken.",
                    "Nobody took the Katana.",
                    "You +1 red token: 1 × ninja",
                    "Bot 1 +1 blue token: 1 × ninja",
                    "Bot 1 +3 Shuriken: 3 × Shuriken rolled",
                    "You −3 called 9 at 0.80 s: wrong, there are 5",
                    "Bot 1 +1 called 5 at 0.80 s: right",
                    "Scores: You 3 → 1 (−2) Bot 1 3 → 8 (+5)",
                    "Katana goes to Bot 1, the leader.",
                    "Shuriken goes to You, who rolls next.",
                ]
            )
            assert "Press Enter for the next round" in screen(app, "status")
            assert "Bot 1 8 pts Katana" in screen(app, "players")

            clock.to(5000)
            clock.mark()
            await pilot.press("enter")
            assert "round 2" in screen(app, "title")
            assert screen(app, "dice") == words(dice_text(state.view(0)["dice"], "en"))
            assert "red free" in screen(app, "tokens")
            await pilot.press("q")  # asks first; any other key stays
            assert "Press q again to leave the table" in screen(app, "log")
            await pilot.press("x", "q")
            assert app.is_running
            await pilot.press("q")
        assert app.return_code == 0 and not app.is_running

    asyncio.run(scenario())


def test_ninja_master_is_played_live_and_boss_quest_is_not():
    assert is_live(gamenight.make("ninja-master", players=3, seed=1))
    assert not is_live(gamenight.make("boss-quest", players=3, seed=1))
    assert agents.default("ninja-master") == "normal"  # the table's bots, when none is named
    with pytest.raises(ValueError, match="boss-quest cannot be played live"):
        live_app("boss-quest")


# ----- `gamenight play` sends a real-time game to its app ---------------------------------------


def test_gamenight_play_opens_the_live_app_and_saves_the_game(monkeypatch, tmp_path):
    seen = {}

    def run(state, table, seat, lang):
        seen.update(seat=seat, lang=lang, bots=[a and a.name for a in table])
        table[seat] = agents.make("hard", "ninja-master", 99)  # someone plays the person's seat
        play(state, table)
        return "closing words"

    monkeypatch.setattr(live_app("ninja-master"), "run", run)
    monkeypatch.setattr(gamenight.cli.play, "at_terminal", lambda: True)
    path = tmp_path / "game.json"
    command = ["play", "ninja-master", "-p", "3", "--seed", "4", "--seat", "1", "--lang", "lt"]
    result = CliRunner().invoke(cli, [*command, "--save", str(path)])
    assert result.exit_code == 0, result.output
    assert seen == {"seat": 1, "lang": "lt", "bots": ["normal", None, "normal"]}
    assert "closing words" in result.output
    assert "Your move" not in result.output  # no prompt of the turn-based renderer
    record = GameRecord.from_json(path.read_text())
    assert (record.game_id, record.players, record.seed) == ("ninja-master", 3, 4)
    assert gamenight.replay(record).is_over()


def test_leaving_the_live_app_early_and_bad_bots(monkeypatch):
    monkeypatch.setattr(live_app("ninja-master"), "run", lambda *args: None)
    monkeypatch.setattr(gamenight.cli.play, "at_terminal", lambda: True)
    result = CliRunner().invoke(cli, ["play", "ninja-master", "-p", "2", "--bots", "hard"])
    assert result.exit_code == 130 and "You left the table." in result.output
    result = CliRunner().invoke(cli, ["play", "ninja-master", "-p", "2", "--bots", "heuristic"])
    assert result.exit_code == 2
    assert "unknown agent 'heuristic' for ninja-master" in result.output


def test_a_live_game_with_piped_input_is_refused_instead_of_waiting():
    result = CliRunner().invoke(cli, ["play", "ninja-master", "-p", "2"], input="x\n")
    assert result.exit_code == 2
    assert "Ninja Master is played live at a terminal" in result.output
