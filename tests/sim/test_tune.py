"""Rule tuning: targets, the search space, reproducible studies, and `gamenight tune`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gamenight.cli.app import app
from gamenight.sim.tune import METRICS, error, parse_targets, plan, tune

pytest.importorskip("optuna", reason="the tune extra is not installed")

runner = CliRunner()


def small_plan(**changes):
    """A study of Boss Quest with random players that takes a moment."""
    arguments = dict(
        game_id="boss-quest",
        players=3,
        agents=["random"],
        targets={"length": 3.0},
        search=["key_target"],
        games=8,
        trials=5,
        confirm_games=10,
        seed=11,
    )
    return plan(**{**arguments, **changes})


def test_targets_parse_into_metrics_and_values():
    assert parse_targets("length=8, first_player=0.25,truncated=0") == {
        "length": 8.0,
        "first_player": 0.25,
        "truncated": 0.0,
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("speed=3", "unknown target metric 'speed'; the metrics are: length, actions, "),
        ("length", "a target is metric=value, got 'length'"),
        ("length=long", "target length must be a number, got 'long'"),
        ("length=-1", "target length must be a finite number >= 0"),
        ("length=nan", "target length must be a finite number >= 0"),
        ("first_player=25", "target first_player is a share: from 0 to 1"),
        ("length=3,length=4", "target length is given twice"),
    ],
)
def test_bad_targets_are_refused_naming_the_problem(text, message):
    with pytest.raises(ValueError, match="^" + message):
        parse_targets(text)


def test_an_unknown_metric_lists_every_metric():
    with pytest.raises(ValueError) as caught:
        parse_targets("draws=0.1")
    for name in METRICS:
        assert name in str(caught.value)


def test_the_error_is_relative_with_a_floor_for_targets_of_zero():
    assert error({"length": 10.0}, {"length": 12.0}) == pytest.approx(0.04)
    # A share's floor is 5 points: 10% truncated against a target of 0 is an error of 2**2.
    assert error({"truncated": 0.0}, {"truncated": 0.1}) == pytest.approx(4.0)


def test_the_default_search_leaves_out_safety_limits_and_fixed_options():
    config = plan("boss-quest", 4, ["random"], {"length": 5.0}, fixed={"hearts": 4})
    assert config.search == ("key_target", "spells_per_round", "mystery")
    assert config.confirm_games == 400  # 4 x the 100 games per trial


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"search": ["keys"]}, "unknown option(s) keys for boss-quest; known: key_target, "),
        (
            {"search": ["hearts"], "fixed": {"hearts": 2}},
            "option(s) hearts both fixed and searched",
        ),
        ({"fixed": {"hearts": 99}}, "boss-quest option 'hearts' must be at most 10"),
        ({"targets": {}}, "give at least one target"),
        ({"agents": ["nobody"]}, "unknown agent"),
        ({"trials": 0}, "trials must be an integer from 1"),
        ({"confirm_games": 9}, "confirmation games must be an integer from 10"),
    ],
)
def test_bad_plans_are_refused_before_anything_runs(changes, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        small_plan(**changes)


def test_the_same_seed_gives_the_same_study():
    first, second = tune(small_plan()), tune(small_plan())
    assert first.trials == second.trials
    assert first.best == second.best
    assert first.tuned == second.tuned and first.default == second.default
    other = tune(small_plan(seed=12))
    assert [t.options for t in other.trials] != [t.options for t in first.trials]


def test_a_tuned_key_target_moves_the_length_toward_its_target():
    # Boss Quest ends when a player holds key_target keys: fewer keys, shorter games.
    short = tune(small_plan(targets={"length": 2.5}, trials=8))
    long = tune(small_plan(targets={"length": 7.5}, trials=8))
    assert short.best.options["key_target"] < long.best.options["key_target"]
    assert short.best.options["key_target"] <= 3
    for result, target in ((short, 2.5), (long, 7.5)):
        tuned, default = result.tuned.figures["length"], result.default.figures["length"]
        assert tuned.low <= tuned.value <= tuned.high
        assert abs(tuned.value - target) <= abs(default.value - target)
    assert short.default.options["key_target"] == 5  # the rules' value with 3 players


def test_a_stored_study_resumes_and_refuses_other_settings(tmp_path):
    db = tmp_path / "study.sqlite"
    first = tune(small_plan(trials=3), db=db)
    more = tune(small_plan(trials=5), db=db)
    assert len(more.trials) == 5 and more.trials[:3] == first.trials
    with pytest.raises(ValueError, match="holds a study of other settings \\(games\\)"):
        tune(small_plan(games=9), db=db)
    other = tmp_path / "other.sqlite"
    with pytest.raises(ValueError, match="workers must be an integer from 1 to"):
        tune(small_plan(), workers=0, db=other)
    assert not other.exists()


def test_an_interrupted_study_resumes_where_it_stopped(tmp_path):
    db = tmp_path / "study.sqlite"

    def stop_after_two(done, total, best):
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tune(small_plan(trials=4), db=db, on_trial=stop_after_two)
    resumed = tune(small_plan(trials=4), db=db)
    assert [trial.number for trial in resumed.trials] == [0, 1, 2, 3]


def test_a_file_that_is_no_study_is_refused_and_left_as_it_was(tmp_path):
    db = tmp_path / "notes.sqlite"
    db.write_text("not a database")
    with pytest.raises(ValueError, match=r"notes\.sqlite is not a tuning study file: "):
        tune(small_plan(), db=db)
    assert db.read_text() == "not a database"


def test_tune_prints_the_best_settings_and_the_confirmation_and_writes_json(tmp_path):
    summary = tmp_path / "tune.json"
    args = ["tune", "boss-quest", "-t", "length=3,first_player=0.33", "-a", "random"]
    options = ["-p", "3", "--search", "key_target,mystery", "-o", "hearts=2", "--seed", "5"]
    counts = ["--trials", "3", "-n", "6", "--confirm-games", "10", "--json", str(summary)]
    result = runner.invoke(app, [*args, *options, *counts], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Best settings: trial" in result.stdout
    assert "Confirmation: 10 games each" in result.stdout
    assert "length (rounds)" in result.stdout and "fixed: hearts=2" in result.stdout
    data = json.loads(summary.read_text())
    assert data["config"]["seed"] == 5 and len(data["trials"]) == 3
    assert set(data["best"]["options"]) == {"key_target", "mystery"}
    assert data["tuned"]["options"]["hearts"] == data["default"]["options"]["hearts"] == 2
    assert set(data["tuned"]["figures"]["length"]) == {"value", "low", "high"}


def test_tune_help_lists_its_options():
    result = runner.invoke(app, ["tune", "--help"], env={"COLUMNS": "160"})
    assert result.exit_code == 0
    for option in ("--target", "--trials", "--confirm-games", "--search", "--db", "--json"):
        assert option in result.stdout


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["-t", "speed=3"], "unknown target metric 'speed'"),
        (["-t", "length=3", "--search", "keys"], "unknown option(s) keys for boss-quest"),
        (["-t", "length=3", "-o", "keys=3"], "unknown option(s) keys for boss-quest"),
    ],
)
def test_tune_refuses_unknown_metrics_and_options_with_nothing_run(tmp_path, arguments, message):
    db, summary = tmp_path / "study.sqlite", tmp_path / "tune.json"
    files = ["--db", str(db), "--json", str(summary)]
    result = runner.invoke(app, ["tune", "boss-quest", *arguments, *files])
    assert result.exit_code == 2
    assert message in result.output
    assert not db.exists() and not summary.exists()


def test_tune_tells_a_bad_target_in_the_language_of_lang():
    result = runner.invoke(app, ["tune", "boss-quest", "-t", "speed=3", "--lang", "ru"])
    assert result.exit_code == 2
    assert "ошибка: неизвестный показатель цели 'speed'; показатели: length, actions" in (
        result.output
    )
