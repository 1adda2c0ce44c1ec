"""What every game's presentation shares: the renderer contract, finding a game's
terminal renderer and live app, and the words for seats and verbs.

A game's presentation lives in its own folder (``games/<game>/ui/``) and is named by its
`GameSpec`: ``renderer`` (a module with the four functions of `Renderer`, for
`gamenight play` and `gamenight replay`) and, for a real-time game, ``live_app`` (a
full-screen Textual app module with ``run(state, agents, seat, lang) -> str | None``: the
closing words when the game is over, ``None`` when the person left before the end).
Renderers build everything from views and events, never from a state's hidden fields.

Each game's rules in brief (``gamenight rules``, ``?`` at a prompt) are Markdown files in
its folder, one per language: ``games/<game>/rules/<lang>.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from importlib import resources
from types import ModuleType
from typing import Any, Protocol, cast

from rich.console import RenderableType

from gamenight.i18n import CATALOG, check_language, third_person
from gamenight.kernel import Action, Event, State, spec

View = Mapping[str, Any]  # a game's typed view, read only
# Every word here is in the language in use (`gamenight.i18n`).
_ = CATALOG.gettext
pgettext = CATALOG.pgettext


class Renderer(Protocol):
    """What a game's renderer module provides. `lang` localizes card names.

    The prompt (`gamenight.cli.human.HumanAgent`) also uses these functions where a
    renderer has them: ``group``, ``skip`` and ``confirm`` (its choices), and for a short
    terminal ``compact_table(view, lang, me)`` (the table in a few lines: one per seat)
    and ``summary(view, events, lang, me)`` (events told in fewer lines: one per other
    seat and turn, in full what the reader did and what hit them).
    """

    def table(
        self, view: View, lang: str, me: int | None = None, reveal: Sequence[View] | None = None
    ) -> RenderableType:
        """The table as `view` shows it, from seat `me`'s side (``None``: a spectator).

        `reveal` (post-mortem only): every seat's own view, indexed by seat, so that each
        seat's hidden cards are shown as that seat saw them.
        """
        ...

    def choice(self, view: View, action: Action, lang: str) -> str:
        """A legal action of the seat whose `view` this is, in words."""
        ...

    def events(self, events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
        """Readable lines (Rich markup) for consecutive events, told to seat `me`."""
        ...

    def result(self, view: View, lang: str, me: int | None = None) -> RenderableType:
        """The end of a finished game: winners and final standing."""
        ...


def renderer(game_id: str) -> Renderer:
    """The terminal renderer of a game; `ValueError` if it has none yet."""
    module = spec(game_id).part("renderer")  # an unknown game id: ValueError naming the known
    if module is None:
        raise ValueError(
            _("{game} cannot be played in the terminal yet (no renderer)").format(game=game_id)
        )
    return cast(Renderer, module)


def counted_name(game_id: str, group: str, key: str, lang: str) -> str:
    """The name of a thing simulations count by key (a cat, a spell, a card: ``group``
    says which), in `lang`, as the game's renderer gives it with its optional
    ``name(group, key, lang)``; the key itself where the game names none."""
    module = spec(game_id).part("renderer")
    namer = getattr(module, "name", None)
    named = None if namer is None else namer(group, key, lang)
    return key if named is None else str(named)


def is_live(state: State) -> bool:
    """Whether `state` is played in real time (`State.real_time`) and not over."""
    return state.real_time and not state.is_over()


def live_app(game_id: str) -> ModuleType:
    """The live app module of a real-time game; `ValueError` saying what is missing.

    Textual comes with the ``tui`` extra and is imported only when a game's app is
    loaded, so the rest of the command line works without it.
    """
    try:
        module = spec(game_id).part("live_app")
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] == "textual":
            raise ValueError(
                _("real-time play in the terminal needs Textual: pip install 'gamenight[tui]'")
            ) from None
        raise
    if module is None:
        raise ValueError(_("{game} cannot be played live in the terminal yet").format(game=game_id))
    return module


def check_game_language(game_id: str, lang: str) -> str:
    """`lang` if `game_id` comes in it (its `GameSpec`'s ``languages``), else `ValueError`
    naming the languages it has."""
    check_language(lang)
    languages = spec(game_id).languages
    if lang not in languages:
        raise ValueError(
            _("{game} does not come in {lang}; it comes in {languages}").format(
                game=game_id, lang=repr(lang), languages=", ".join(languages)
            )
        )
    return lang


def rules(game_id: str, lang: str) -> str | None:
    """`game_id`'s rules in brief in `lang` (Markdown: the goal, a turn, what is on screen
    and a glossary); ``None`` when the game has none (a game from another package may not).

    The summaries come in every language of the interface, even for a game whose table
    and names come in fewer (its `GameSpec`'s ``languages``)."""
    check_language(lang)
    package = importlib.import_module(spec(game_id).state.__module__).__package__
    summary = resources.files(package or "").joinpath("rules", f"{lang}.md")
    return summary.read_text(encoding="utf-8") if summary.is_file() else None


# ----- words ---------------------------------------------------------------------------
# In the language in use. A verb of `does` is translated whole, in its two persons: the
# catalog's context ``you do`` holds "take", ``seat does`` holds "takes".


def seat_name(seat: int, me: int | None) -> str:
    """``you`` or ``seat 2``, inside a sentence."""
    return _("you") if seat == me else _("seat {seat}").format(seat=seat)


def player_name(seat: int, me: int | None) -> str:
    """``You`` or ``Seat 2``, at the start of a sentence or in a table's column."""
    return _("You") if seat == me else _("Seat {seat}").format(seat=seat)


def seat_names(seats: Sequence[int], me: int | None) -> str:
    """``seat 1``, ``seat 1 and you``, ``seat 0, seat 2 and you``."""
    return and_list([seat_name(s, me) for s in seats])


def and_list(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``, in the language in use."""
    if len(words) == 1:
        return words[0]
    return _("{seats} and {last}").format(seats=_(", ").join(words[:-1]), last=words[-1])


def whose(seat: int, me: int | None) -> str:
    """``Your`` or ``Seat 2's``."""
    return _("Your") if seat == me else _("Seat {seat}'s").format(seat=seat)


def does(seat: int, me: int | None, verb: str) -> str:
    """``You take`` or ``Seat 2 takes``: a sentence's subject and its verb, which may be
    followed by more words (``pass on`` → ``Seat 2 passes on``)."""
    if seat == me:
        return _("You {verb}").format(verb=pgettext("you do", verb))
    return _("Seat {seat} {verb}").format(seat=seat, verb=pgettext("seat does", third_person(verb)))


def signed(number: int) -> str:
    """``+3``, ``−2`` (a true minus sign) or ``±0``."""
    if number == 0:
        return "±0"
    return f"+{number}" if number > 0 else f"−{-number}"
