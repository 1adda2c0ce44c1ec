"""The dice data: the layout the rules page decides, and clear errors for bad files."""

from __future__ import annotations

import pytest

from gamenight.games.ninja_master.content import COLOURS, DICE, MAX_TOTAL, DiceFile
from gamenight.kernel import ContentError
from gamenight.kernel.content import load_content
from gamenight.testing import rigged


def test_the_dice_follow_the_decided_layout():
    # Rules page: on die i the 1-, 2- and 3-ninja faces have colours i, i+1, i+2 (mod 5)
    # and the Smoke colour i+3; every die also has a Katana and a Shuriken face.
    assert COLOURS == ("red", "blue", "green", "yellow", "black")
    assert len(DICE) == 9
    for i, die in enumerate(DICE):
        expected = {
            f"{COLOURS[i % 5]} 1",
            f"{COLOURS[(i + 1) % 5]} 2",
            f"{COLOURS[(i + 2) % 5]} 3",
            f"{COLOURS[(i + 3) % 5]} smoke",
            "katana",
            "shuriken",
        }
        assert {face.name for face in die} == expected
    assert MAX_TOTAL == 9 * 3


def test_names_are_in_english_and_lithuanian():
    from gamenight.games.ninja_master.content import COLOUR_NAMES, DICE_FILE

    assert COLOUR_NAMES[0].get("lt") == "raudona"
    assert DICE_FILE.kinds.shuriken.get("lt") == "Šurikenas"


GOOD_HEAD = """
kinds = { ninja = { en = "ninja" }, smoke = { en = "smoke" }, katana = { en = "katana" }, shuriken = { en = "shuriken" } }
[[colours]]
id = "red"
name = { en = "red" }
"""


@pytest.mark.parametrize(
    ("die", "message"),
    [
        ('faces = [{ kind = "ninja", ninjas = 2 }]', "ninja and smoke faces have a colour"),
        ('faces = [{ kind = "smoke", colour = "red", ninjas = 1 }]', "1 or more ninjas"),
        ('faces = [{ kind = "ninja", ninjas = 1, colour = "pink" }]', "unknown colour 'pink'"),
        ('faces = [{ kind = "dragon" }]', "faces.0.kind"),
        ("faces = []", "faces"),
    ],
)
def test_a_bad_dice_file_names_the_file_the_die_and_the_field(tmp_path, die, message):
    path = tmp_path / "dice.toml"
    path.write_text(GOOD_HEAD + f'[[dice]]\nid = "die-x"\n{die}\n', encoding="utf-8")
    with pytest.raises(ContentError, match=message) as error:
        load_content(path, DiceFile)
    assert "dice.toml" in str(error.value) and "die-x" in str(error.value)


def test_a_bad_face_in_a_rig_is_named():
    with pytest.raises(ValueError, match="no die has the face 'red 4'"):
        rigged("ninja-master", 3, dice=["red 4", *["katana"] * 8])
    # Three faces that only dice 1 and 6 have cannot all show at once.
    with pytest.raises(ValueError, match="cannot all show at once"):
        rigged("ninja-master", 3, dice=["blue 1", "green 2", "yellow 3", *["katana"] * 6])
