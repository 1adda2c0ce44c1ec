"""`gamenight replay`: step through a recorded game, every hidden card shown."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, RenderableType
from rich.markdown import Markdown

import gamenight
from gamenight.i18n import CATALOG
from gamenight.kernel import State
from gamenight.ui import Renderer, renderer, rules

from .errors import fail
from .human import read_line
from .language import LangOption, use_language
from .play import INTERRUPTED, load_record

_ = CATALOG.gettext


def replay_command(
    file: Annotated[
        Path, typer.Argument(help=_("a game record (JSON), as written by play --save or simulate"))
    ],
    step: Annotated[
        bool, typer.Option("--step/--no-step", help=_("wait for Enter after each action"))
    ] = True,
    lang: LangOption = None,
) -> None:
    """The ``replay`` command (its help text is in `app`): step through a record, every card shown."""
    try:
        use_language(lang)  # a bad record's errors speak it; the game's are checked below
        record = load_record(file)
        draw = renderer(record.game_id)
        lang = use_language(lang, record.game_id)
    except ValueError as exc:
        fail(exc)
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
    if record.seats:
        who = ", ".join(f"{seat}: {name}" for seat, name in enumerate(record.seats))
        console.print(_("Seats: {seats}.").format(seats=who), soft_wrap=True)
    _show(console, draw, state, 0, lang)
    console.print(_table(draw, state, lang))
    summary = rules(record.game_id, lang)
    done = 0  # actions replayed so far
    try:
        while done < total:
            answer = _next_or_quit(console, summary, done > 0) if step else ""
            if answer == "q":
                console.print(
                    _("Replay stopped before action {number} of {total}.").format(
                        number=done + 1, total=total
                    )
                )
                return
            if answer == "b" and done > 0:
                done -= 1
                state = gamenight.replay(replace(record, actions=record.actions[:done]))
                rule = _("Back before action {number}/{total}")
                console.rule(rule.format(number=done + 1, total=total), align="left", style="dim")
                console.print(_table(draw, state, lang))
                continue
            seat, action = record.actions[done]
            told = len(state.events)
            state.apply(seat, state.codec.from_json(action))
            done += 1
            rule = _("Action {number}/{total} · seat {seat}")
            console.rule(
                rule.format(number=done, total=total, seat=seat), align="left", style="dim"
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
    else:
        console.print(
            _(
                "The record ends before the game does, after {total} actions: it was saved "
                "early (continue it with gamenight play --resume {file})."
            ).format(total=total, file=file),
            soft_wrap=True,
        )


def _next_or_quit(console: Console, summary: str | None, can_go_back: bool) -> str:
    """What the person typed at the step prompt (lowered); ``?`` shows the rules in brief
    and asks again."""
    keys = [_("Enter: next"), _("b: back")] if can_go_back else [_("Enter: next")]
    keys.append(_("q: quit"))
    if summary is not None:
        keys.append(_("?: rules"))
    prompt = f"[dim]{' · '.join(keys)}[/] "
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
