"""A game's own simulation figures, beyond the common ones, and their words.

A game may name a module in its manifest (`GameSpec.sim`) with any of these:
`features(state)` (its balance figures per seat: `balance.features`), and

- ``counts(state, features) -> dict[str, float]``: one finished game's counts, given its
  balance features (`balance.features`); they are summed over the games, so they must
  add up (a count, never a mean);
- ``tables(totals, game_id, lang) -> list``: the summed counts as tables, each a named
  tuple with ``title`` (a template of its ``fields``, if it has any), ``columns`` and
  ``rows``; a cell is a text, or a ``(successes, trials)`` pair shown as a rate with its
  95% Wilson interval;
- ``FIGURES``: the English name of each figure of its `State.stats` (``round_wins``:
  "round wins");
- ``name(game_id, group, key, lang) -> str | None``: the name of a thing its balance
  figures count by key (a card in `lang`, the English word of a source of points), where
  its renderer names none.

The words of a figures module (its tables' titles, columns and row labels, its figures'
names) are English, marked with ``N_`` for the game's own catalog (`game_words`): a
game's rules may not import the interface, so they are translated here, in the language
in use, where the command line and the report take them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from gamenight import i18n
from gamenight.kernel import State, spec
from gamenight.ui import counted_name

from .balance import features


def module(game_id: str) -> ModuleType | None:
    """The figures module of a game (imported on first use), or ``None``."""
    return spec(game_id).part("sim")


def counts(state: State) -> dict[str, float]:
    """A finished game's own counts; ``{}`` for a game without them."""
    count = getattr(module(state.game_id), "counts", None)
    return {} if count is None else count(state, features(state))


def game_words(game_id: str) -> Callable[[str], str]:
    """The ``gettext`` of the game's own catalog (its ``ui/locale``) in the language in
    use; a game without a catalog keeps its words in English."""
    catalog = i18n.game_catalog(game_id)
    return str if catalog is None else catalog.gettext


def figure_name(game_id: str, key: str) -> str:
    """A figure of the game's `State.stats` by name, in the language in use (its
    ``FIGURES`` word; the key with spaces where the game names none)."""
    named: Mapping[str, str] = getattr(module(game_id), "FIGURES", {})
    return game_words(game_id)(named.get(key, key.replace("_", " ")))


def name(game_id: str, group: str, key: str) -> str:
    """The name of a thing a simulation counts by key (a spell, a cat, a card, a source of
    points: `group` says which) in the language in use: as the game's figures module
    names it, else as its renderer does (`counted_name`), else the key."""
    lang = i18n.language()
    namer = getattr(module(game_id), "name", None)
    named = None if namer is None else namer(game_id, group, key, lang)
    if named is None:
        return counted_name(game_id, group, key, lang)
    return game_words(game_id)(named)


def tables(game_id: str, totals: Mapping[str, float]) -> list[Any]:
    """A simulation's own tables from its summed counts, in the language in use; ``[]``
    for a game without."""
    tabulate = getattr(module(game_id), "tables", None)
    if tabulate is None or not totals:
        return []
    words = game_words(game_id)
    return [
        table._replace(
            title=words(table.title).format(**getattr(table, "fields", {})),
            columns=tuple(map(words, table.columns)),
            rows=[
                (words(row[0]), *row[1:]) if isinstance(row[0], str) else row for row in table.rows
            ],
        )
        for table in tabulate(totals, game_id, i18n.language())
    ]
