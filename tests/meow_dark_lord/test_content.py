"""Meow, Dark Lord!: the cat list is data, validated on load."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gamenight
from gamenight.games.meow_dark_lord.content import CatsFile, build_cats
from gamenight.kernel import ContentError
from gamenight.kernel.content import load_content

BOX = '[box]\nrigor_mortis = 4\ncoins = 36\n\n[[cats]]\nid = "x"\nname = { en = "X" }\n'
DATA = Path(gamenight.__file__).parent / "games" / "meow_dark_lord" / "data" / "cats.toml"

# A new cat made of existing parts: Decoy, and a Last Wish that draws.
NEW_CAT = """
[[cats]]
id = "purrcival"
name = { en = "Sir Purrcival", ru = "Сэр Мурсиваль" }
hearts = 3
power = 2
count = 3
keywords = ["decoy"]
last_wish = { effect = "draw", amount = 1, text = { en = "Draw 1 card.", ru = "Возьмите 1 карту." } }
"""


@pytest.mark.parametrize(
    ("cat", "field", "message"),
    [
        (
            'hearts = 2\npower = 3\nactivation = { effect = "explode", amount = 1, text = { en = "t" } }',
            "cats.0.activation.effect",
            "unknown effect 'explode'",
        ),
        (
            'hearts = 2\npower = 3\nhire = { effect = "coins", text = { en = "t" } }',
            "cats.0.hire",
            "effect 'coins' needs an amount",
        ),
        (
            'hearts = 2\npower = 3\nlast_wish = { effect = "return_self", amount = 1, text = { en = "t" } }',
            "cats.0.last_wish",
            "effect 'return_self' takes no amount",
        ),
        (
            'hearts = 2\npower = 3\nhire = { effect = "coins", amount = 1, cost = "sacrifice", text = { en = "t" } }',
            "cats.0.hire",
            "only an activation may have a cost",
        ),
        (
            'hearts = 2\npower = 3\nactivation = { effect = "return_self", text = { en = "t" } }',
            "cats.0.activation",
            "effect 'return_self' is for last_wish abilities only",
        ),
        ("hearts = 0\npower = 3", "cats.0.hearts", "greater than or equal to 1"),
        ("hearts = 7\npower = 3", "cats.0.hearts", "less than or equal to 6"),
        ("hearts = 2", "cats.0.power", "Field required"),
        ('hearts = 2\npower = 3\nkeywords = ["flying"]', "cats.0.keywords.0", "'decoy' or 'steal'"),
        ("hearts = 2\npower = 3\ncolour = 1", "cats.0.colour", "Extra inputs are not permitted"),
    ],
)
def test_a_bad_cat_fails_naming_the_file_the_card_and_the_field(tmp_path, cat, field, message):
    path = tmp_path / "cats.toml"
    path.write_text(BOX + cat + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_content(path, CatsFile)
    text = str(error.value)
    assert str(path) in text and "card 'x'" in text and f"field {field!r}" in text
    assert message in text


def test_a_cat_id_used_twice_is_an_error(tmp_path):
    path = tmp_path / "cats.toml"
    cat = (
        'hearts = 2\npower = 3\n\n[[cats]]\nid = "x"\nname = { en = "Y" }\nhearts = 1\npower = 1\n'
    )
    path.write_text(BOX + cat, encoding="utf-8")
    with pytest.raises(ContentError, match="cat id 'x' is used twice"):
        load_content(path, CatsFile)


def test_a_new_cat_of_existing_parts_needs_only_data(tmp_path):
    path = tmp_path / "cats.toml"
    path.write_text(DATA.read_text(encoding="utf-8") + NEW_CAT, encoding="utf-8")
    cats = build_cats(load_content(path, CatsFile))
    assert len(cats) == 63
    new = cats[-1]
    assert (new.key, new.hearts, new.power, new.decoy) == ("purrcival", 3, 2, True)
    assert new.last_wish is not None and new.last_wish.effect == "draw"


def test_the_engine_plays_a_cat_added_to_the_data_file(tmp_path):
    """A copy of the package with one more cat in its data file plays whole games."""
    package = tmp_path / "gamenight"
    shutil.copytree(
        Path(gamenight.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__")
    )
    data = package / "games" / "meow_dark_lord" / "data" / "cats.toml"
    data.write_text(data.read_text(encoding="utf-8") + NEW_CAT, encoding="utf-8")
    script = """
import random
from gamenight.games.meow_dark_lord import content
from gamenight.games.meow_dark_lord.actions import CODEC, Hire
CATS = content.CATS
assert content.__file__.startswith(ROOT), content.__file__
assert len(CATS) == 63 and CODEC.size == 8 * 63 + 9
hired = 0
for seed in range(40):
    state = gamenight.make("meow-dark-lord", players=4, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.actors()[0]
        action = rng.choice(state.legal_actions(seat))
        hired += type(action) is Hire and CATS[action.card].key == "purrcival"
        state.apply(seat, action)
assert hired > 0
print("ok", hired)
"""
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", f"import gamenight\nROOT = {str(tmp_path)!r}\n{script}"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
