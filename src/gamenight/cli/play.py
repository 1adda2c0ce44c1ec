"""`gamenight play`: one person against bots in the terminal."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer
from rich.console import Console

import gamenight
from gamenight import agents
from gamenight.agents import Agent
from gamenight.i18n import CATALOG
from gamenight.kernel import GameRecord
from gamenight.kernel.limits import MAX_RECORD_CHARS
from gamenight.kernel.registry import game_class
from gamenight.play import play as play_table
from gamenight.sim.files import FileError, read_text, write_atomic
from gamenight.ui import is_live, live_app, renderer, rules

from .arguments import GameOptions
from .errors import explain, fail
from .human import HumanAgent
from .language import LangOption, use_language
from .simulate import INTERRUPTED, parse_options

DEFAULT_PLAYERS = 4
_ = CATALOG.gettext
ngettext = CATALOG.ngettext


def play_command(
    game: Annotated[
        str | None,
        typer.Argument(
            help=_("the game, e.g. boss-quest (see gamenight games; with --resume: the record's)"),
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help=_("number of players (default: 4, or the nearest the game takes)"),
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help=_("seed of the game (default: random)"))] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help=_("the bots' agent (default: the game's; see gamenight games)"),
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(help=_("your seat, from 0 (with --resume: the record's)"), show_default=False),
    ] = None,
    lang: LangOption = None,
    option: GameOptions = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=_(
                "write the game record there at the end, or when you leave early "
                "(continue it with --resume)"
            ),
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=_(
                "continue the unfinished game of a record written by --save (same game, "
                "players, seed, options, your seat and bots); the record is updated as you go "
                "unless --save names another file"
            ),
        ),
    ] = None,
) -> None:
    """The ``play`` command (its help text is in `app`): seat the person and the bots, run the table."""
    try:
        use_language(lang)  # its errors speak it; the game's languages are checked below
        if resume is not None:
            if players is not None or seed is not None or option:
                raise ValueError(
                    _("--resume continues a record: its players, seed and options stand")
                )
            state, game, seat, bots = _resumed(resume, game, seat, bots)
            players = state.num_players
            save = save or resume  # leaving again, or finishing, updates the record
        else:
            if game is None:
                raise ValueError(_("name a game (see gamenight games), or --resume FILE"))
            if players is None:
                cls = game_class(game)
                players = min(max(DEFAULT_PLAYERS, cls.min_players), cls.max_players)
            state = gamenight.make(game, players, seed, **parse_options(option or []))
            seat = seat or 0
        lang = use_language(lang, game)
        if not 0 <= seat < players:
            raise ValueError(
                _("--seat must be a seat of the table, 0 to {last}").format(last=players - 1)
            )
        live = live_app(game) if is_live(state) else None
        bots = bots or agents.default(game)
        # Bots' seeds follow the game's, so a seed replays the same bots' choices.
        table: list[Agent | None] = [
            None if s == seat else agents.make(bots, game, state.seed + 1 + s)
            for s in range(players)
        ]
        names = [PERSON if s == seat else bots for s in range(players)]
        if live is None:
            draw = renderer(game)
            console = Console(highlight=False)
            table[seat] = human = HumanAgent(seat, draw, lang, console, rules=rules(game, lang))
    except ValueError as exc:
        fail(exc)
    if save is not None and not save.parent.is_dir():
        fail(
            _("{file}: cannot save there: no directory {folder}").format(
                file=save, folder=save.parent
            )
        )
    if save is not None and save.is_dir():
        fail(_("{file}: cannot save there: it is a folder; name a file").format(file=save))
    if live is not None:
        if not at_terminal():
            fail(
                _(
                    "{title} is played live at a terminal: its input and output cannot be piped"
                ).format(title=type(state).title)
            )
        _play_live(live, state, table, seat, lang, _Save(save, names))
        return

    console.print(
        _(
            "[bold]{title}[/]: {players} players, you are seat {seat}, bots: {bots}, "
            "seed {seed}. Ctrl-D or Ctrl-C leaves."
        ).format(title=type(state).title, players=players, seat=seat, bots=bots, seed=state.seed)
    )
    if state.history:
        console.print(
            ngettext(
                "Resumed after {count} action.",
                "Resumed after {count} actions.",
                len(state.history),
            ).format(count=len(state.history)),
            soft_wrap=True,
        )
    try:
        play_table(state, table)
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + _("You left the table."))
        _Save(save, names).write(state, console)
        raise typer.Exit(INTERRUPTED) from None
    human.catch_up(state)
    console.print(draw.result(state.view(seat), lang, me=seat))
    _Save(save, names).write(state, console)


def at_terminal() -> bool:
    """Whether input and output are a terminal: a full-screen real-time game reads keys as
    they are pressed, and piped input would leave it waiting for ever."""
    return sys.stdin.isatty() and sys.stdout.isatty()


PERSON = "person"  # a record's name for the seat a person played


def load_record(path: Path) -> GameRecord:
    """Read a game record and check that it replays; a bad file fails with one line.

    Only a regular file of at most `MAX_RECORD_CHARS` bytes is read: a FIFO or a device
    (``/dev/zero``) is refused at once, without waiting or reading on.
    """
    try:
        text = read_text(path, MAX_RECORD_CHARS)
    except FileError as exc:
        fail(exc)
    try:
        record = GameRecord.from_json(text)
        gamenight.replay(record)
    except ValueError as exc:
        fail(_("{file}: {reason}").format(file=path, reason=explain(exc)))
    return record


def _resumed(
    path: Path, game: str | None, seat: int | None, bots: str | None
) -> tuple[gamenight.State, str, int, str | None]:
    """The game of a saved record, replayed: its state, game id, the person's seat (the
    record's, unless `seat` names another) and the bots (the record's, unless given)."""
    record = load_record(path)
    if game is not None and game != record.game_id:
        raise ValueError(
            _("{file} is a game of {recorded}, not {game}").format(
                file=path, recorded=record.game_id, game=game
            )
        )
    state = gamenight.replay(record)
    if state.is_over():
        raise ValueError(_("{file}: that game is over; replay it instead").format(file=path))
    if PERSON in record.seats:
        if seat is None:
            seat = record.seats.index(PERSON)
        if bots is None:
            bots = next((name for name in record.seats if name != PERSON), None)
    return state, record.game_id, seat or 0, bots


class _Save:
    """Where `--save` writes the game record (nowhere when `path` is None), naming each
    seat's player."""

    def __init__(self, path: Path | None, names: list[str]) -> None:
        self.path = path
        self.names = names

    def write(self, state: gamenight.State, console: Console) -> None:
        if self.path is None:
            return
        try:
            write_atomic(self.path, state.record().with_seats(self.names).to_json() + "\n")
        except FileError as exc:
            fail(exc)
        if state.is_over():
            told = _("Game record saved to {file}.")
        else:
            told = _("Game so far saved to {file}; continue it with gamenight play --resume {file}")
        console.print(told.format(file=self.path), soft_wrap=True)


def _play_live(
    live: ModuleType,
    state: gamenight.State,
    table: list[Agent | None],
    seat: int,
    lang: str,
    save: _Save,
) -> None:
    """Play a real-time game in its full-screen app (its `GameSpec`'s ``live_app``)."""
    closing = live.run(state, table, seat, lang)
    console = Console(highlight=False)
    if closing is None:
        console.print(_("You left the table."))
        save.write(state, console)
        raise typer.Exit(INTERRUPTED)
    console.print(closing, soft_wrap=True)
    save.write(state, console)
