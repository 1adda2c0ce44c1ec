"""The human seat: an agent that shows the table in the terminal and asks for a choice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TextIO, TypeVar

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from gamenight.i18n import CATALOG
from gamenight.kernel import PASS, Action, Clock, State
from gamenight.ui import Renderer

T = TypeVar("T")
_ = CATALOG.gettext
MAX_LISTED = 40  # the most choices one prompt lists; more are asked in two steps, by group


def read_line(console: Console, prompt: str, stdin: TextIO | None = None) -> str:
    """Print `prompt` and read one line (from `stdin`, else the terminal).

    The end of input raises `EOFError`, as Ctrl-D does at the terminal.
    """
    console.print(prompt, end="")
    if stdin is None:
        return input()
    line = stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


class HumanAgent:
    """A person at the terminal, playing `seat`.

    Before each choice it tells what happened since the last one (from the seat's own
    events), shows the table from the seat's view, and lists the legal actions by number.
    In a window, ``p`` passes, and a seat whose only legal action is to pass passes at
    once without being asked. When there are more than `MAX_LISTED` choices and the
    renderer has ``group(view, action, lang) -> str`` (e.g. the card an action plays), the
    groups are listed first, then the choices of the group picked. Where there is no pass,
    ``p`` does what the renderer's ``skip(view, legal)`` names, if it has one (declining
    an offer). ``?`` shows `rules` (the game's rules in brief, with a glossary of what the
    table shows) and asks again. `console` and `stdin` default to the terminal; tests pass
    their own streams.
    """

    name = "human"
    # The state is read only for the seat's own events (`state.events_for(seat)`).
    needs_state = True

    def __init__(
        self,
        seat: int,
        renderer: Renderer,
        lang: str = "en",
        console: Console | None = None,
        stdin: TextIO | None = None,
        rules: str | None = None,
    ) -> None:
        self.seat = seat
        self.renderer = renderer
        self.lang = lang
        self.console = console or Console(highlight=False)
        self.stdin = stdin
        self.rules = rules
        self._told = 0  # how many of the seat's events have been told

    def act(
        self,
        view: Mapping[str, Any],
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action:
        """Show the table and ask for one of `legal` by its number."""
        if state is not None:
            self.catch_up(state)
        if legal == [PASS]:
            return PASS  # nothing to decide: asking would only tell the others it waits
        console = self.console
        console.print(self.renderer.table(view, self.lang, me=self.seat))
        console.print(_("[bold]Your move:[/]"))
        skip = PASS if PASS in legal else self._skip(view, legal)
        choices = [action for action in legal if action != skip]
        skip_words = None
        if skip is not None:
            skip_words = _("pass") if skip == PASS else self.renderer.choice(view, skip, self.lang)
        group = getattr(self.renderer, "group", None)
        if len(choices) > MAX_LISTED and group is not None:
            groups: dict[str, list[Action]] = {}
            for action in choices:
                groups.setdefault(group(view, action, self.lang), []).append(action)
            if len(groups) > 1:
                picked = self._pick(list(groups), skip_words)
                if picked is None:
                    assert skip is not None, "p is offered only when there is a move to skip"
                    return skip
                choices = groups[picked]
        words = [self.renderer.choice(view, action, self.lang) for action in choices]
        picked_action = self._pick(choices, skip_words, words)
        if picked_action is None:
            assert skip is not None, "p is offered only when there is a move to skip"
            return skip
        return picked_action

    def _skip(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        """What ``p`` does where there is no pass: the renderer's ``skip(view, legal)``
        (declining an offer), if it has one."""
        skip = getattr(self.renderer, "skip", None)
        return None if skip is None else skip(view, legal)

    def _pick(
        self, items: list[T], skip_words: str | None, words: list[str] | None = None
    ) -> T | None:
        """List `items` by number (in `words`, else as they are) and ask for one; ``None``
        for ``p`` (offered with `skip_words`, when given)."""
        for number, text in enumerate(words or items, 1):
            self.console.print(f"  [bold cyan]{number:>2}[/]  {text}")
        if skip_words is not None:
            self.console.print(f"  [bold cyan]{'p':>2}[/]  {skip_words}")
        number = self._ask_number(len(items), skip_words is not None)
        return None if number == 0 else items[number - 1]

    def catch_up(self, state: State) -> None:
        """Tell what happened since the last prompt, as this seat saw it."""
        seen = state.events_for(self.seat)
        lines = self.renderer.events(seen[self._told :], self.lang, me=self.seat)
        self._told = len(seen)
        if lines:
            self.console.rule(style="dim")
            for line in lines:
                self.console.print(line)
            self.console.print()

    def _ask_number(self, count: int, can_pass: bool = False) -> int:
        """A number from 1 to `count` (0 for ``p`` when the seat `can_pass`); anything else
        is asked again with the reason."""
        keys = f"1-{count}, p" if can_pass else f"1-{count}"
        if self.rules is not None:
            keys += _(", ? rules")
        while True:
            prompt = _("Choice [{keys}]: ").format(keys=keys)
            text = read_line(self.console, escape(prompt), self.stdin).strip()
            if can_pass and text.lower() == "p":
                return 0
            if self.rules is not None and text == "?":
                self.console.print(Markdown(self.rules))
                continue
            try:
                number = int(text)
            except ValueError:
                number = None
            if number is not None and 1 <= number <= count:
                return number
            if not text:
                reason = _("Nothing typed")
            elif number is None:
                reason = _("{text} is not a number").format(text=escape(repr(text)))
            else:
                reason = _("{number} is not a choice").format(number=number)
            if can_pass:
                hint = _("type a number from 1 to {count} or p to pass.")
            else:
                hint = _("type a number from 1 to {count}.")
            self.console.print(f"[red]{reason}[/]: " + hint.format(count=count))
