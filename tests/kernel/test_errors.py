"""Errors a person may meet carry their English template and fields, so that an interface
can tell them in another language; their text stays the English one."""

from __future__ import annotations

import re

import pytest

import gamenight
from gamenight.kernel import GameRecord, IllegalAction
from gamenight.kernel.errors import N_, InvalidInput, message
from gamenight.kernel.limits import QUOTE_CHARS


def shouting(template: str) -> str:
    """A stand-in translation: the template in capitals, its fields' names kept."""
    return re.sub(r"\{\w*\}|[^{]+", lambda m: m[0] if m[0][0] == "{" else m[0].upper(), template)


def test_the_text_is_the_english_template_filled_in():
    error = InvalidInput(N_("{game} takes {least} to {most} players"), game="g", least=2, most=6)
    assert str(error) == "g takes 2 to 6 players" == message(error)
    assert error.template == "{game} takes {least} to {most} players"
    assert error.fields == {"game": "g", "least": 2, "most": 6}
    assert isinstance(error, ValueError)


def test_a_translation_fills_the_same_fields():
    error = InvalidInput(N_("unknown game {game}"), game="'x'")
    assert message(error, shouting) == "UNKNOWN GAME 'x'"


def test_an_error_among_the_fields_is_translated_too_and_quoted_short():
    inner = IllegalAction(N_("{action} is not an action of this game"), action="a" * 500)
    error = InvalidInput(
        N_("record action {number} does not replay: {reason}"), number=3, reason=inner
    )
    reason = str(error).removeprefix("record action 3 does not replay: ")
    assert len(reason) == QUOTE_CHARS and reason.endswith("...")
    assert message(error, shouting).startswith("RECORD ACTION 3 DOES NOT REPLAY: aaa")
    plain = InvalidInput(N_("not a gamenight game record: {reason}"), reason=KeyError("game"))
    assert message(plain, shouting) == "NOT A GAMENIGHT GAME RECORD: 'game'"


def test_a_text_alone_is_its_own_template_braces_and_all():
    error = IllegalAction("{'type': 'Fly'} is no action")
    assert str(error) == message(error, str) == "{'type': 'Fly'} is no action"
    assert message(ValueError("plain {x}"), shouting) == "plain {x}"


@pytest.mark.parametrize(
    ("build", "template"),
    [
        (lambda: gamenight.make("nosuch", 2), "unknown game {game}; known games: {games}"),
        (
            lambda: gamenight.make("boss-quest", 9),
            "{game} takes {least} to {most} players, got {players}",
        ),
        (
            lambda: gamenight.make("boss-quest", 2, mystery=3),
            "{game} option {option} must be true or false, got {value}",
        ),
        (
            lambda: gamenight.make("boss-quest", 2, nosuch=1),
            "unknown option(s) {names} for {game}; known: {known}",
        ),
        (lambda: GameRecord.from_json("[]"), "not a gamenight game record: {reason}"),
    ],
)
def test_the_kernels_refusals_carry_their_templates(build, template):
    with pytest.raises(InvalidInput) as refused:
        build()
    assert refused.value.template == template
    assert message(refused.value) == str(refused.value)
