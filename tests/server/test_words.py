"""The words of updates: the game's renderer's markup, as plain text."""

from __future__ import annotations

import random

import pytest
from rich.text import Text

import gamenight
from gamenight.kernel import spec
from gamenight.server.updates import plain


@pytest.mark.parametrize(
    "markup",
    [
        "no tag at all",
        "[bold]Sword[/] (+3)",
        "[bold red]Seat 1[/bold red] wins [dim]a key[/]",
        "an escaped \\[bold] tag, and a \\\\[bold]real one[/] after a backslash",
        "[link=https://example.org]a link[/link] and [@click]a handler[/]",
        "brackets that are no tag: [1, 2] [ ] [Boss",
        "emoji codes stay as they are: :smile:",
    ],
)
def test_markup_becomes_the_text_rich_would_show(markup):
    assert plain(markup) == Text.from_markup(markup, emoji=False).plain


@pytest.mark.parametrize("game", gamenight.games())
def test_every_word_of_a_random_game_reads_as_rich_reads_it(game):
    renderer = spec(game).part("renderer")
    state = gamenight.make(game, 3, seed=5)
    moves = random.Random(5)
    for _ in range(150):
        if state.is_over():
            break
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        for action in legal[:20]:
            words = renderer.choice(view, action, "en")
            assert plain(words) == Text.from_markup(words, emoji=False).plain
        state.apply(seat, moves.choice(legal))
    for line in renderer.events(state.events, "en", me=0):
        assert plain(line) == Text.from_markup(line, emoji=False).plain
