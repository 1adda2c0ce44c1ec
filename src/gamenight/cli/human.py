"""The human seat: an agent that shows the table in the terminal and asks for a choice."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO, TypeVar

from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.text import Text

from gamenight.i18n import CATALOG
from gamenight.kernel import PASS, Action, Clock, State
from gamenight.ui import Renderer

T = TypeVar("T")
_ = CATALOG.gettext
MAX_LISTED = 40  # the most choices one prompt lists; more are asked in two steps, by group
COMPACT_HEIGHT = 30  # a terminal this many lines high or fewer gets the compact layout


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

    On a short terminal (`COMPACT_HEIGHT` lines or fewer; `compact` forces it either way)
    the seat gets what fits on one screen: the renderer's ``compact_table(view, lang, me)``
    instead of its table, choices in one line each (short ones, or too many for the
    screen, in two columns), and, when the events since the last prompt would not fit
    above the table and the choices, the renderer's ``summary(view, events, lang, me)`` of
    them instead (one line per seat and turn, the full lines for the seat's own moves and
    what hit it), short lines side by side. What still does not fit comes a screenful at
    a time, each waiting for Enter, so nothing scrolls away unread.
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
        compact: bool | None = None,
    ) -> None:
        self.seat = seat
        self.renderer = renderer
        self.lang = lang
        self.console = console or Console(highlight=False)
        self.stdin = stdin
        self.rules = rules
        self._compact = compact
        self._told = 0  # how many of the seat's events have been told
        # The numbers of the last flat listing, kept while the seat has not acted since:
        # when others act meanwhile, a choice still legal keeps its number, so a number
        # typed a moment late never picks another action.
        self._numbers: dict[Action, int] = {}
        self._numbered_after = -1  # how many actions the seat had taken then
        self._below = 0  # the lines left for the choices under the table on a short terminal

    def act(
        self,
        view: Mapping[str, Any],
        legal: list[Action],
        clock: Clock | None = None,
        state: State | None = None,
    ) -> Action:
        """Show the table and ask for one of `legal` by its number."""
        acted = -1
        if legal == [PASS]:
            # Nothing to decide: asking would only tell the others it waits. What happened
            # is told at the next prompt.
            return PASS
        skip = PASS if PASS in legal else self._skip(view, legal)
        choices = [action for action in legal if action != skip]
        skip_words = None
        if skip is not None:
            skip_words = _("pass") if skip == PASS else self.renderer.choice(view, skip, self.lang)
        if state is not None:
            acted = sum(1 for seat, _action in state.history if seat == self.seat)
        table = self._table(view)
        # The lines the choices may take below the table, above the prompt.
        self._below = self.console.height - self._height(table) - 1
        menu = self._menu(view, choices, acted)
        if state is not None:
            # What is left of the screen once the table, the choices and the prompt are shown.
            shown = self._height(table) + len(self._listing(menu.words, skip_words)) + 1
            room = self.console.height - shown if self.compact else None
            self.catch_up(state, view, room)
        self.console.print(table)
        if not self.compact:  # the compact table's last line says whose turn it is
            self.console.print(_("[bold]Your move:[/]"))
        while True:
            picked = self._choose(view, menu, skip_words, acted)
            if picked is None:
                assert skip is not None, "p is offered only when there is a move to skip"
                return skip
            if self._confirmed(view, picked):
                return picked

    @property
    def compact(self) -> bool:
        """Whether the seat gets the compact layout: forced, or a short terminal."""
        if self._compact is not None:
            return self._compact
        return self.console.is_terminal and self.console.height <= COMPACT_HEIGHT

    def _table(self, view: Mapping[str, Any]) -> RenderableType:
        """The renderer's compact table when the layout is compact and it has one, else
        its table."""
        compact_table = getattr(self.renderer, "compact_table", None)
        if self.compact and compact_table is not None:
            return compact_table(view, self.lang, me=self.seat)
        return self.renderer.table(view, self.lang, me=self.seat)

    def _height(self, *renderables: RenderableType) -> int:
        """How many lines of the console `renderables` take."""
        return sum(len(self.console.render_lines(r, pad=False)) for r in renderables)

    def _menu(self, view: Mapping[str, Any], choices: list[Action], acted: int) -> Menu:
        """The first listing of `choices`: by group when there are many and the renderer
        groups them, else the choices themselves by their stable numbers."""
        group = getattr(self.renderer, "group", None)
        if len(choices) > MAX_LISTED and group is not None:
            groups: dict[str, list[Action]] = {}
            for action in choices:
                groups.setdefault(group(view, action, self.lang), []).append(action)
            if len(groups) > 1:
                self._numbers = {}
                return Menu(words=dict(enumerate(groups, 1)), groups=groups)
        numbers = self._stable_numbers(choices, acted)
        order = sorted(range(len(choices)), key=lambda i: numbers[i])
        return Menu(
            words={numbers[i]: self.renderer.choice(view, choices[i], self.lang) for i in order},
            actions={numbers[i]: choices[i] for i in order},
        )

    def _choose(
        self, view: Mapping[str, Any], menu: Menu, skip_words: str | None, acted: int
    ) -> Action | None:
        """One of the choices picked by number from `menu` (then from the group picked,
        when it lists groups); ``None`` for ``p``."""
        if not menu.groups:
            return self._pick(menu.actions, skip_words, menu.words)
        picked = self._pick(dict(enumerate(menu.groups, 1)), skip_words)
        if picked is None:
            return None
        return self._choose(view, self._menu(view, menu.groups[picked], acted), skip_words, acted)

    def _stable_numbers(self, choices: list[Action], acted: int) -> list[int]:
        """The number of each choice: the one it had in the last listing if the seat has
        not acted since, else the next free one."""
        previous = self._numbers if acted == self._numbered_after and acted >= 0 else {}
        kept = {action: previous[action] for action in choices if action in previous}
        after = max(kept.values(), default=0)
        numbers = []
        for action in choices:
            if action not in kept:
                after += 1
                kept[action] = after
            numbers.append(kept[action])
        self._numbers, self._numbered_after = kept, acted
        return numbers

    def _confirmed(self, view: Mapping[str, Any], action: Action) -> bool:
        """Whether the person confirms an action that ends their turn or phase (the
        renderer's ``confirm(view, action, lang)`` says which, and why); any other action
        needs no confirmation. Enter, ``y`` or the same number again confirms; anything
        else chooses again."""
        confirm = getattr(self.renderer, "confirm", None)
        question = None if confirm is None else confirm(view, action, self.lang)
        if question is None:
            return True
        number = str(self._numbers.get(action, ""))
        prompt = _("{question} Enter or {number} again confirms, anything else chooses again: ")
        answer = read_line(
            self.console, escape(prompt.format(question=question, number=number)), self.stdin
        )
        answer = unicodedata.normalize("NFKC", answer).strip().lower()
        return answer in ("", "y", _("y"), number)

    def _skip(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        """What ``p`` does where there is no pass: the renderer's ``skip(view, legal)``
        (declining an offer), if it has one."""
        skip = getattr(self.renderer, "skip", None)
        return None if skip is None else skip(view, legal)

    def _pick(
        self, items: dict[int, T], skip_words: str | None, words: dict[int, str] | None = None
    ) -> T | None:
        """List `items` by their numbers (in `words`, else as they are) and ask for one;
        ``None`` for ``p`` (offered with `skip_words`, when given)."""
        shown = words or {number: str(item) for number, item in items.items()}
        for line in self._listing(shown, skip_words):
            # A compact listing keeps each choice to one line: its start tells it.
            self.console.print(line, no_wrap=self.compact, overflow="ellipsis")
        number = self._ask_number(set(items), skip_words is not None)
        return None if number == 0 else items[number]

    def _listing(self, words: dict[int, str], skip_words: str | None) -> list[str]:
        """The lines listing `words` by number (and ``p``): in two columns, top to bottom,
        when the layout is compact and every entry fits in half the width, or when one a
        line would not fit under the table (then each cut to half the width: its start
        tells it)."""
        entries = [f"  [bold cyan]{number:>2}[/]  {text}" for number, text in words.items()]
        if skip_words is not None:
            entries.append(f"  [bold cyan]{'p':>2}[/]  {skip_words}")
        half = self.console.width // 2
        texts = [Text.from_markup(entry) for entry in entries]
        too_long = max(text.cell_len for text in texts) >= half
        if not self.compact or len(entries) < 4 or (too_long and len(entries) <= self._below):
            return entries
        for text in texts:
            text.truncate(half - 1, overflow="ellipsis")
        rows = (len(entries) + 1) // 2
        return [
            texts[i].markup + " " * (half - texts[i].cell_len) + texts[i + rows].markup
            if i + rows < len(entries)
            else texts[i].markup
            for i in range(rows)
        ]

    def catch_up(
        self, state: State, view: Mapping[str, Any] | None = None, room: int | None = None
    ) -> None:
        """Tell what happened since the last prompt, as this seat saw it: in `room` lines
        or fewer if it can (the renderer's ``summary`` when the full lines would not fit;
        it reads the seat's `view`), else a screenful at a time (`room` given: a short
        terminal)."""
        seen = state.events_for(self.seat)[self._told :]
        self._told += len(seen)
        lines = self.renderer.events(seen, self.lang, me=self.seat)
        if not lines:
            return
        summary = getattr(self.renderer, "summary", None)
        fits = room is None or self._height(*lines) <= room
        if not fits and view is not None and summary is not None:
            lines = summary(view, seen, self.lang, me=self.seat)
        if room is not None:
            if self._height(*lines) > room:
                lines = self._packed(lines)
            self._page(lines, room)
            return
        if not self.compact:  # a compact screen has no line to spare for a frame
            self.console.rule(style="dim")
        for line in lines:
            self.console.print(line)
        if not self.compact:
            self.console.print()

    def _packed(self, lines: list[str]) -> list[str]:
        """`lines` with short ones in a row joined, two spaces apart, where they fit in
        the console's width; an indented line (or a heading, which starts with a space)
        stays on its own."""
        packed: list[str] = []
        width = 0
        alone = True  # whether the last line stays on its own
        for line in lines:
            text = Text.from_markup(line)
            cells, was_alone = text.cell_len, alone
            alone = text.plain[:1].isspace()
            if not (alone or was_alone) and width + 2 + cells <= self.console.width:
                packed[-1] += "  " + line
                width += 2 + cells
            else:
                packed.append(line)
                width = cells
        return packed

    def _page(self, lines: list[str], room: int) -> None:
        """Print `lines` on a short terminal, the last of them in the `room` lines left
        above the table: whatever does not fit there comes first, a screenful at a time,
        each followed by a pause, so that nothing scrolls away unread."""
        heights = [self._height(line) for line in lines]
        last = len(lines)  # where the lines shown with the table start
        while last > 0 and sum(heights[last - 1 :]) <= room:
            last -= 1
        page = self.console.height - 1  # the pause takes the screen's last line
        used = 0
        for i, (line, height) in enumerate(zip(lines, heights, strict=True)):
            if used and (i == last or used + height > page):
                self._pause()
                used = 0
            self.console.print(line)
            used += height
        if used and last == len(lines):  # none of them fits above the table
            self._pause()

    def _pause(self) -> None:
        """Wait for Enter before the screen scrolls on."""
        read_line(self.console, escape(_("(Enter: more) ")), self.stdin)

    def _ask_number(self, numbers: set[int], can_pass: bool = False) -> int:
        """One of `numbers` (0 for ``p`` when the seat `can_pass`); anything else is asked
        again with the reason. Full-width digits (typed with a Japanese input method) count
        as digits; no other script's digits do."""
        count = max(numbers)
        contiguous = len(numbers) == count
        keys = f"1-{count}" if contiguous else _ranges(numbers)
        if can_pass:
            keys += ", p"
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
            digits = unicodedata.normalize("NFKC", text)
            number = int(digits) if re.fullmatch(r"-?[0-9]+", digits) else None
            if number in numbers:
                return number
            if not text:
                reason = _("Nothing typed")
            elif number is None:
                reason = _("{text} is not a number").format(text=escape(repr(text)))
            else:
                reason = _("{number} is not a choice").format(number=number)
            if not contiguous:
                hint = _("type one of the numbers listed ({keys}).").format(keys=keys)
            elif can_pass:
                hint = _("type a number from 1 to {count} or p to pass.").format(count=count)
            else:
                hint = _("type a number from 1 to {count}.").format(count=count)
            self.console.print(f"[red]{reason}[/]: " + hint)


@dataclass(frozen=True)
class Menu:
    """The first listing of a prompt: the words shown by number, and the actions they
    pick, or, when there are many choices, the groups' names and each group's actions."""

    words: dict[int, str]
    actions: dict[int, Action] = field(default_factory=dict)
    groups: dict[str, list[Action]] = field(default_factory=dict)


def _ranges(numbers: set[int]) -> str:
    """Numbers as runs, e.g. ``1-2, 4, 6-7``."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
