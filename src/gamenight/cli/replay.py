"""`gamenight replay`: step through a recorded game, every hidden card shown."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, RenderableType
from rich.markdown import Markdown

import gamenight
from gamenight.i18n import CATALOG
from gamenight.kernel import GameRecord, State
from gamenight.kernel.limits import MAX_RECORD_CHARS
from gamenight.sim.files import FileError, read_text
from gamenight.ui import Renderer, renderer, rules

from .human import read_line
from .language import LangOption, use_language
from .play import INTERRUPTED, fail

_ = CATALOG.gettext


def load_record(path: Path) -> GameRecord:
    """Read a game record and check that it replays; a bad file fails with one line.

    Only a regular file of at most `MAX_RECORD_CHARS` bytes is read: a FIFO or a device
    (``/dev/zero``) is refused at once, without waiting or reading on.
    """
    try:
        text = read_text(path, MAX_RECORD_CHARS)
    except FileError as exc:
        fail(str(exc))
    try:
        record = GameRecord.from_json(text)
        gamenight.replay(record)
    except ValueError as exc:
        fail(f"{path}: {exc}")
    return record


def replay_command(
    file: Annotated[
        Path, typer.Argument(help="a game record (JSON), as written by play --save or simulate")
    ],
    step: Annotated[
        bool, typer.Option("--step/--no-step", help="wait for Enter after each action")
    ] = True,
    lang: LangOption = None,
) -> None:
    """Replay a recorded game action by action, showing every seat's hidden cards."""
    record = load_record(file)
    try:
        draw = renderer(record.game_id)
        lang = use_language(lang, record.game_id)
    except ValueError as exc:
        fail(str(exc))
    console = Console(highlight=False)
    state = gamenight.make(record.game_id, record.players, record.seed, **record.options)
    total = len(record.actions)
    console.print(
        _(
            "[bold]{title}[/] replay of {file}: {players} players, seed {seed}, {total} actions."
        ).format(
            title=type(state).title,
            file=file,
            players=record.players,
            seed=record.seed,
            total=total,
        ),
        soft_wrap=True,
    )
    _show(console, draw, state, 0, lang)
    console.print(_table(draw, state, lang))
    summary = rules(record.game_id, lang)
    try:
        for number, (seat, action) in enumerate(record.actions, 1):
            if step and _next_or_quit(console, summary) == "q":
                console.print(
                    _("Replay stopped before action {number} of {total}.").format(
                        number=number, total=total
                    )
                )
                return
            told = len(state.events)
            state.apply(seat, state.codec.from_json(action))
            rule = _("Action {number}/{total} · seat {seat}")
            console.rule(
                rule.format(number=number, total=total, seat=seat), align="left", style="dim"
            )
            _show(console, draw, state, told, lang)
            if step:
                console.print(_table(draw, state, lang))
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + _("Replay left."))
        raise typer.Exit(INTERRUPTED) from None
    if not step:
        console.print(_table(draw, state, lang))
    if state.is_over():
        console.print(draw.result(state.view(None), lang))


def _next_or_quit(console: Console, summary: str | None) -> str:
    """What the person typed at the step prompt (lowered); ``?`` shows the rules in brief
    and asks again."""
    prompt = _("[dim]Enter: next · q: quit[/] ")
    if summary is not None:
        prompt = _("[dim]Enter: next · q: quit · ?: rules[/] ")
    while True:
        answer = read_line(console, prompt).strip().lower()
        if answer != "?" or summary is None:
            return answer
        console.print(Markdown(summary))


def _show(console: Console, draw: Renderer, state: State, since: int, lang: str) -> None:
    """Every event from `since` on, private ones included: a replay hides nothing."""
    for line in draw.events(state.events[since:], lang):
        console.print(line)


def _table(draw: Renderer, state: State, lang: str) -> RenderableType:
    """The spectator's table, each seat's hidden cards taken from that seat's own view."""
    seats = [state.view(seat) for seat in range(state.num_players)]
    return draw.table(state.view(None), lang, reveal=seats)
