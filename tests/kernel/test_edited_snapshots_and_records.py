"""A corpus of hostile inputs for every game, through `gamenight.load`,
``gamenight.replay(GameRecord.from_json(...))`` and the codec's `from_json`.

Each input gives a clean `ValueError` (`IllegalAction` is one) or a valid state; nothing
else escapes (no `TypeError`, `RecursionError`, `OverflowError`...) and nothing hangs.
The inputs are small so that the whole corpus runs in seconds.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import gamenight
from gamenight import GameRecord
from gamenight.kernel.actions import field_names
from gamenight.kernel.limits import MAX_JSON_DEPTH
from gamenight.kernel.registry import game_class

from .test_bad_input_changes_nothing import played

GAMES = gamenight.games()
HANG_GUARD_S = 60  # an input still running after this long is reported as a hang

# Values of every JSON type, out-of-range numbers, a long string and deep nesting.
GARBAGE: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    7,
    2**31,
    2**63,
    -(2**63) - 1,
    2**64,
    10**30,
    0.5,
    -0.0,
    1e308,
    "",
    "x",
    "x" * 100_000,
    [],
    [None],
    [-1],
    [10**30],
    {},
    {"type": "Pass"},
    json.loads("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH)[0],
]
# Texts that are not JSON, or JSON that the kernel refuses whatever it holds.
MALFORMED = [
    "",
    " ",
    "{",
    "[1,]",
    "nul",
    "\x00",
    "{'game': 'boss-quest'}",
    '{"game": }',
    "[]",
    "null",
    "7",
    '"a snapshot"',
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": -Infinity}',
    '{"a": 1e400}',
    "1" * 5000,
    '{"a": ' + "9" * 5000 + "}",
    "[" * 2000 + "]" * 2000,
    '{"a":' * 2000 + "0" + "}" * 2000,
    '"' + "\\u0000" * 1000 + '"',
    '"\\ud800"',
]


@contextmanager
def hang_guard() -> Iterator[None]:
    """Turn an input that never finishes into a test failure instead of a stuck suite."""

    def hung(signum: int, frame: Any) -> None:
        raise AssertionError(f"an input ran past {HANG_GUARD_S} s: it hangs")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG_GUARD_S)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def clean(attempt: Callable[[], Any]) -> Any:
    """Run one input: a `ValueError` or a result, nothing else. Returns the result, or
    None when refused."""
    try:
        return attempt()
    except ValueError as exc:
        assert str(exc), "an error without a message"
        return None


def edits(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """`data` with each field in turn replaced by each garbage value, or removed; and
    with one unknown field added."""
    for key in data:
        for value in GARBAGE:
            yield {**data, key: value}
        yield {k: v for k, v in data.items() if k != key}
    yield {**data, "unknown": 1}


def load_checked(text: Any) -> None:
    """`gamenight.load`: refused, or a state that round-trips."""
    state = clean(lambda: gamenight.load(text))
    if state is not None:
        assert gamenight.load(state.to_json()).to_json() == state.to_json()


def replay_checked(text: Any) -> None:
    """``replay(GameRecord.from_json(text))``: refused, or a state whose record replays."""
    state = clean(lambda: gamenight.replay(GameRecord.from_json(text)))
    if state is not None:
        assert gamenight.replay(state.record()).to_json() == state.to_json()


# ----- texts that are not a state or a record --------------------------------------------


@pytest.mark.parametrize("text", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_json_is_refused_everywhere(text):
    with hang_guard():
        for parse in (gamenight.load, GameRecord.from_json):
            with pytest.raises(ValueError):
                parse(text)


# ----- snapshots ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_snapshots_with_any_envelope_field_edited(game):
    snapshot = json.loads(played(game).to_json())
    with hang_guard():
        for edited in edits({k: v for k, v in snapshot.items() if k not in ("state", "events")}):
            load_checked(json.dumps({**edited, "state": snapshot["state"]}))


@pytest.mark.parametrize("game", GAMES)
def test_snapshots_with_the_event_log_replaced(game):
    for steps in (25, 5000):  # under way, and finished
        snapshot = json.loads(played(game, steps).to_json())
        with hang_guard():
            for value in GARBAGE:
                load_checked(json.dumps({**snapshot, "events": value}))
            load_checked(json.dumps({k: v for k, v in snapshot.items() if k != "events"}))


@pytest.mark.parametrize("game", GAMES)
def test_snapshots_with_any_game_field_edited(game):
    snapshot = json.loads(played(game).to_json())
    with hang_guard():
        for state in edits(snapshot["state"]):
            load_checked(json.dumps({**snapshot, "state": state}))


@pytest.mark.parametrize("game", GAMES)
def test_snapshots_with_items_of_game_lists_edited(game):
    snapshot = json.loads(played(game).to_json())
    with hang_guard():
        for key, value in snapshot["state"].items():
            if isinstance(value, list) and value:
                for garbage in GARBAGE:
                    state = {**snapshot["state"], key: [garbage, *value[1:]]}
                    load_checked(json.dumps({**snapshot, "state": state}))


@pytest.mark.parametrize("game", GAMES)
def test_snapshots_with_history_and_events_edited(game):
    snapshot = json.loads(played(game).to_json())
    history, events = snapshot["history"], snapshot["events"]
    with hang_guard():
        for value in GARBAGE:
            load_checked(json.dumps({**snapshot, "history": [[0, value], *history[1:]]}))
            load_checked(json.dumps({**snapshot, "history": [[value, history[0][1]]]}))
            for field in ("kind", "data", "to"):
                event = {**events[0], field: value}
                load_checked(json.dumps({**snapshot, "events": [event, *events[1:]]}))


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_with_duplicate_keys_is_refused(game):
    text = played(game).to_json()
    with pytest.raises(ValueError, match="names the key 'seed' twice"):
        gamenight.load('{"seed": 1, ' + text[1:])
    with pytest.raises(ValueError, match="twice"):
        gamenight.load(text.replace('"state":{', '"state":{"round":1,"round":2,', 1))


@pytest.mark.parametrize("game", GAMES)
def test_another_games_snapshot_or_state_block_is_refused(game):
    other = next(g for g in GAMES if g != game)
    mine, theirs = json.loads(played(game).to_json()), json.loads(played(other).to_json())
    with hang_guard():
        for mixed in (
            {**mine, "state": theirs["state"]},
            {**mine, "history": theirs["history"]},
            {**theirs, "game": game},
        ):
            with pytest.raises(ValueError, match="not a gamenight state"):
                gamenight.load(json.dumps(mixed))


# ----- records ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_records_with_any_field_edited(game):
    record = json.loads(played(game).record().to_json())
    with hang_guard():
        for edited in edits(record):
            replay_checked(json.dumps(edited))


@pytest.mark.parametrize("game", GAMES)
def test_records_with_an_action_edited(game):
    record = json.loads(played(game).record().to_json())
    actions = record["actions"]
    seat, action = actions[3]
    with hang_guard():
        for value in GARBAGE:
            for changed in ([seat, value], [value, action], [seat, {**action, "type": value}]):
                replay_checked(json.dumps({**record, "actions": [*actions[:3], changed]}))
            for name in field_names(game_class(game).codec._types[action["type"]]):
                changed = [seat, {**action, name: value}]
                replay_checked(json.dumps({**record, "actions": [*actions[:3], changed]}))


@pytest.mark.parametrize("game", GAMES)
def test_out_of_range_options_in_records_are_refused(game):
    record = json.loads(played(game).record().to_json())
    with hang_guard():
        for option in game_class(game).options_spec:
            values = ["x", 1.5, 10**30, -(10**30), [], {}]
            values += [option.min - 1] if option.min is not None else []
            values += [option.max + 1] if option.max is not None else []
            for value in values:
                if option.type is str and isinstance(value, str):
                    continue
                text = json.dumps({**record, "options": {**record["options"], option.name: value}})
                with pytest.raises(ValueError, match=option.name):
                    gamenight.replay(GameRecord.from_json(text))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [None, -1, 2**63, 2**200, "1", 1.0, True])
def test_records_and_snapshots_with_bad_seeds_are_refused(game, seed):
    record = json.loads(played(game).record().to_json())
    with pytest.raises(ValueError, match="seed"):
        gamenight.replay(GameRecord.from_json(json.dumps({**record, "seed": seed})))
    snapshot = json.loads(played(game).to_json())
    with pytest.raises(ValueError, match="seed"):
        gamenight.load(json.dumps({**snapshot, "seed": seed}))


@pytest.mark.parametrize("game", GAMES)
def test_another_games_record_is_refused(game):
    other = next(g for g in GAMES if g != game)
    mine = json.loads(played(game).record().to_json())
    theirs = json.loads(played(other).record().to_json())
    with hang_guard():
        for mixed in ({**mine, "actions": theirs["actions"]}, {**theirs, "game": game}):
            with pytest.raises(ValueError):
                gamenight.replay(GameRecord.from_json(json.dumps(mixed)))


# ----- the codec --------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_codec_refuses_every_garbage_action_or_returns_one_of_its_own(game):
    codec = game_class(game).codec
    kinds = sorted({type(a) for a in codec.actions}, key=lambda t: t.__name__)
    with hang_guard():
        for value in GARBAGE:
            attempts = [value, {"type": value}]
            for kind in kinds:
                names = field_names(kind)
                attempts.append({"type": kind.__name__, **dict.fromkeys(names, value)})
                attempts.append({"type": kind.__name__, "extra": value})
                for name in names:
                    attempts.append({"type": kind.__name__, name: value})
            for data in attempts:
                action = clean(lambda data=data: codec.from_json(data))
                if action is not None:
                    assert codec.is_canonical(action) or game == "ninja-master"
                    assert codec.from_json(action.to_json()) == action
