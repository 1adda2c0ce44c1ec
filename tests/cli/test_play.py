"""`gamenight play` through Typer's test runner, and the human seat on its own."""

from __future__ import annotations

import builtins
import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

import gamenight
from gamenight import ui as render
from gamenight.agents import RandomAgent
from gamenight.cli.app import app
from gamenight.cli.human import HumanAgent
from gamenight.games.boss_quest.content import COLOUR_NAMES, SPELLS, weapon_name
from gamenight.kernel import PASS, GameRecord, GameSpec, game_class
from gamenight.play import play

runner = CliRunner()
DRAW = render.renderer("boss-quest")
# Three players, random bots, two keys to win: a short game.
GAME = ["play", "boss-quest", "-p", "3", "--bots", "random", "--seed", "5", "-o", "key_target=2"]
ALWAYS_FIRST = "1\n" * 3000  # far more answers than a short game asks for


def plain(renderable: object) -> str:
    """What a renderable looks like on a wide terminal without colours."""
    out = io.StringIO()
    Console(file=out, width=200, color_system=None, highlight=False).print(renderable)
    return out.getvalue()


def check_seat0_chose_first(record: GameRecord) -> None:
    """Replay `record` and check seat 0 always took the first legal action (typed 1)."""
    state = gamenight.make(record.game_id, record.players, record.seed, **record.options)
    for seat, action_json in record.actions:
        action = state.codec.from_json(action_json)
        if seat == 0:
            assert action == state.legal_actions(0)[0]
        state.apply(seat, action)


def test_a_full_game_played_at_the_prompt_is_saved_and_replays(tmp_path):
    path = tmp_path / "game.json"
    result = runner.invoke(app, [*GAME, "--save", str(path)], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    record = GameRecord.from_json(path.read_text())
    assert (record.game_id, record.players, record.seed) == ("boss-quest", 3, 5)
    assert record.options["key_target"] == 2
    check_seat0_chose_first(record)
    final = gamenight.replay(record)
    assert final.is_over()
    winners = final.outcome().winners
    names = " and ".join("you" if s == 0 else f"seat {s}" for s in winners)
    assert f"Winner{'s' if len(winners) > 1 else ''}: {names}" in result.output
    view = final.view(0)
    for player in view["seats"]:
        seat = f"Seat {player['seat']}" + (" (you)" if player["seat"] == 0 else "")
        assert any(
            line.split()[: len(seat.split())] == seat.split() and f"{player['keys']}/2" in line
            for line in result.output.splitlines()
        ), f"no final line for {seat}"
    assert f"Game record saved to {path}" in result.output
    # The same seed and the same answers give the same game.
    again = tmp_path / "again.json"
    runner.invoke(app, [*GAME, "--save", str(again)], input=ALWAYS_FIRST)
    assert again.read_text() == path.read_text()


def test_bad_answers_are_asked_again_with_the_reason(tmp_path):
    path = tmp_path / "game.json"
    answers = "abc\n\n99\n0\n-1\n" + ALWAYS_FIRST
    result = runner.invoke(app, [*GAME, "--save", str(path)], input=answers)
    assert result.exit_code == 0, result.output
    assert "'abc' is not a number" in result.output
    assert "Nothing typed" in result.output
    assert "99 is not a choice" in result.output
    assert "0 is not a choice" in result.output
    assert "-1 is not a choice" in result.output
    # None of the bad answers chose anything: seat 0 still always took choice 1.
    check_seat0_chose_first(GameRecord.from_json(path.read_text()))


def test_ctrl_d_leaves_cleanly():
    result = runner.invoke(app, GAME, input="1\n")
    assert result.exit_code == 130
    assert "You left the table." in result.output
    assert "Traceback" not in result.output


def test_ctrl_c_leaves_cleanly(monkeypatch):
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupted)
    result = runner.invoke(app, GAME)
    assert result.exit_code == 130
    assert "You left the table." in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "nosuchbot"], "unknown agent 'nosuchbot'"),
        (["-o", "key_target=0"], "key_target' must be at least 1"),
        (["-o", "key_target=many"], "key_target' must be an integer"),
        (["-o", "colour=red"], "unknown option(s) colour"),
        (["-o", "nonsense"], "--option expects name=value"),
        (["--seat", "3"], "--seat must be a seat of the table, 0 to 2"),
        (["-p", "9"], "takes 2 to 6 players, got 9"),
        (["--save", "no/such/dir/game.json"], "no directory no/such/dir"),
    ],
)
def test_bad_arguments_give_a_clean_error(args, message):
    result = runner.invoke(app, ["play", "boss-quest", "-p", "3", "--bots", "random", *args])
    assert result.exit_code == 2
    assert result.output.startswith("error: ")
    assert message in result.output
    assert result.output.count("\n") == 1


def test_an_unknown_game_is_a_clean_error():
    result = runner.invoke(app, ["play", "chess", "-p", "2"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_lang_ru_names_cards_and_colours_as_the_rulebook_does():
    result = runner.invoke(app, [*GAME, "--lang", "ru"], input="")
    assert result.exit_code == 130
    view = gamenight.make("boss-quest", 3, 5, key_target=2).view(0)
    names = {spell.key: spell.name for spell in SPELLS}
    for spell in view["spells"]:
        if spell["spell"] is not None:
            assert names[spell["spell"]].get("ru") in result.output
    hidden = view["seats"][0]["hidden"]
    colour = COLOUR_NAMES[hidden["colour"]].get("ru")
    assert f"Ваше закрытое оружие: {colour} {hidden['value']}" in result.output


def test_the_human_seat_reads_injected_streams_and_tells_its_own_events():
    state = gamenight.make("boss-quest", 3, seed=11)
    seat = state.actors()[0]
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, highlight=False)
    human = HumanAgent(seat, DRAW, console=console, stdin=io.StringIO("x\n3\n"))
    legal = state.legal_actions(seat)
    assert human.act(state.view(seat), legal, state=state) == legal[2]
    text = out.getvalue()
    assert "'x' is not a number: type a number from 1 to" in text
    hidden = state.view(seat)["seats"][seat]["hidden"]
    assert f"Your hidden weapon: {hidden['colour']} {hidden['value']}" in text
    with pytest.raises(EOFError):
        human.act(state.view(seat), legal, state=state)


def test_the_seats_table_and_lines_never_show_another_hidden_weapon():
    for seed in range(3):
        state = gamenight.make("boss-quest", 4, seed)
        told = 0

        def check(state, seat, action):
            nonlocal told
            # A battle reveals every hidden weapon: check the position before it only.
            events = state.events_for(0)
            fresh, told = events[told:], len(events)
            if state.is_over() or any(e.kind == "battle" for e in fresh):
                return
            view = state.view(0)
            text = plain(DRAW.table(view, "en", me=0))
            text += "\n".join(DRAW.events(fresh, "en", me=0))
            text += "\n".join(DRAW.choice(view, a, "en") for a in state.legal_actions(0))
            for other in range(1, 4):
                if view["seats"][other]["hidden"] is None:
                    # Every weapon card is unique, so its name shows only where it lies.
                    assert weapon_name(state.hidden[other]) not in text

        play(state, [RandomAgent(seed * 10 + s) for s in range(4)], observer=check)


def test_a_game_whose_manifest_names_no_renderer_cannot_be_played_yet(monkeypatch):
    bare = GameSpec(state=game_class("boss-quest"))  # the rules alone
    monkeypatch.setattr(render, "spec", lambda game_id: bare)
    with pytest.raises(ValueError, match="boss-quest cannot be played in the terminal yet"):
        render.renderer("boss-quest")


def test_in_a_window_p_passes_and_a_seat_that_can_only_pass_is_not_asked():
    state = gamenight.make("boss-quest", 3, seed=11)
    seat = state.actors()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, highlight=False)
    human = HumanAgent(seat, DRAW, console=console, stdin=io.StringIO("q\np\n"))
    assert human.act(view, [PASS], state=state) == PASS
    assert out.getvalue().count("Choice") == 0  # nothing to decide: not asked
    assert human.act(view, [*legal, PASS], state=state) == PASS
    assert "type a number from 1 to" in out.getvalue() and "or p to pass" in out.getvalue()
    assert "Choice [1-" in out.getvalue() and ", p]" in out.getvalue()


def test_leaving_early_saves_the_game_so_far_and_resume_finishes_it_as_one_game(tmp_path):
    """`--save` writes the game when the person leaves early, naming who sat where;
    `--resume` replays it, seats the person and the bots again, and updates the record."""
    path = tmp_path / "game.json"
    left = runner.invoke(app, [*GAME, "--save", str(path)], input="1\n1\n")  # then Ctrl-D
    assert left.exit_code == 130, left.output
    assert "continue it with gamenight play --resume" in left.output
    partial = GameRecord.from_json(path.read_text())
    assert partial.seats == ("person", "random", "random")
    assert not gamenight.replay(partial).is_over()

    resumed = runner.invoke(app, ["play", "--resume", str(path)], input=ALWAYS_FIRST)
    assert resumed.exit_code == 0, resumed.output
    assert f"Resumed after {len(partial.actions)} actions." in resumed.output
    record = GameRecord.from_json(path.read_text())
    assert record.actions[: len(partial.actions)] == partial.actions
    assert gamenight.replay(record).is_over() and record.seats == partial.seats
    check_seat0_chose_first(record)


@pytest.mark.parametrize(
    ("extra", "error"),
    [
        (["meow-dark-lord"], "is a game of boss-quest, not meow-dark-lord"),
        (["--seed", "9"], "--resume continues a record"),
        (["-p", "4"], "--resume continues a record"),
    ],
)
def test_resume_refuses_what_contradicts_the_record(tmp_path, extra, error):
    path = tmp_path / "game.json"
    runner.invoke(app, [*GAME, "--save", str(path)], input="1\n")
    before = path.read_text()
    result = runner.invoke(app, ["play", *extra, "--resume", str(path)], input=ALWAYS_FIRST)
    assert result.exit_code == 2 and error in result.output
    assert path.read_text() == before


def test_resume_refuses_a_finished_game(tmp_path):
    path = tmp_path / "game.json"
    runner.invoke(app, [*GAME, "--save", str(path)], input=ALWAYS_FIRST)
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 2 and "that game is over; replay it instead" in result.output


def test_play_without_a_game_or_a_record_says_what_to_name():
    result = runner.invoke(app, ["play"])
    assert result.exit_code == 2 and "name a game" in result.output


class _Words:
    """A renderer stub: actions are named by their repr; `ends` ask for confirmation."""

    def __init__(self, ends: tuple[object, ...] = ()) -> None:
        self.ends = ends

    def table(self, view, lang, me=None, reveal=None):
        return ""

    def choice(self, view, action, lang):
        return repr(action)

    def events(self, events, lang, me=None):
        return []

    def confirm(self, view, action, lang):
        return "That ends your turn." if action in self.ends else None


class _Table:
    """A state stub: the history a seat's numbering follows, and no events."""

    def __init__(self) -> None:
        self.history: list[tuple[int, object]] = []

    def events_for(self, seat):
        return []


def person(stdin: str, renderer: _Words | None = None) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, highlight=False)
    return HumanAgent(0, renderer or _Words(), console=console, stdin=io.StringIO(stdin)), out


def test_a_choice_keeps_its_number_while_others_act_and_the_list_changes():
    """A number typed a moment late never picks another action: while the seat has not
    acted, a choice still legal keeps its number; new ones take the next free numbers."""
    table = _Table()
    human, out = person("2\n2\n2\n1\n")
    assert human.act({}, ["a", "b", "c"], state=table) == "b"
    table.history.append((1, "x"))  # another seat acted: "a" is gone, "d" came
    assert human.act({}, ["b", "c", "d"], state=table) == "b"  # 2 is still "b"
    assert "Choice [2-4]" in out.getvalue()
    table.history.append((0, "b"))  # this seat acted: a new decision, numbered afresh
    assert human.act({}, ["c", "d"], state=table) == "d"
    assert human.act({}, ["c", "d"], state=table) == "c"


def test_a_number_no_longer_listed_is_refused_by_name():
    table = _Table()
    human, out = person("1\n1\n3\n")
    human.act({}, ["a", "b", "c"], state=table)
    table.history.append((1, "x"))
    assert human.act({}, ["b", "c"], state=table) == "c"  # 1 ("a") is gone
    assert "1 is not a choice: type one of the numbers listed (2-3)." in out.getvalue()


def test_an_action_that_ends_the_turn_asks_for_confirmation_first():
    human, out = person("2\nn\n2\n\n", _Words(ends=("end",)))
    assert human.act({}, ["play", "end"], state=_Table()) == "end"
    assert out.getvalue().count("That ends your turn. Enter or 2 again confirms") == 2
    human, _ = person("2\nn\n1\n", _Words(ends=("end",)))
    assert human.act({}, ["play", "end"], state=_Table()) == "play"  # chose again
    human, _ = person("2\n2\n", _Words(ends=("end",)))
    assert human.act({}, ["play", "end"], state=_Table()) == "end"  # the number again


def test_full_width_digits_count_and_no_other_scripts_digits_do():
    human, out = person("٣\n３\n")
    assert human.act({}, ["a", "b", "c"], state=_Table()) == "c"
    assert "'٣' is not a number" in out.getvalue()


def test_boss_quest_asks_before_a_visit_to_the_mage_and_never_before_equipping():
    from gamenight.games.boss_quest.actions import Activate, Discard, Equip

    state = gamenight.make("boss-quest", 3, 5)
    seat = state.actors()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    assert any(isinstance(a, Equip) for a in legal) and any(isinstance(a, Activate) for a in legal)
    for action in legal:
        question = DRAW.confirm(view, action, "en")
        assert (question is not None) == isinstance(action, Activate | Discard)
        if question is not None:
            assert "ends your round" in question
