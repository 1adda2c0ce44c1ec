"""Ninja Master in the terminal, with Rich: the table, the choices, the events, the result.

The live app (`ui/live.py`) shows the same pieces, taken from here: the
names in the chosen language (this folder's catalogs, ``locale/<lang>.po``, by the dice
data's English names), the dice as coloured tiles, the
tokens as chips, and a round's scoring told line by line with the reason for every change
of score (`score_changes`), built from the round's ``score`` event alone, so that a
replay, which tells each action's events on their own, can tell it too.

Everything is built from views and events. Nothing is hidden in Ninja Master: the dice,
the tokens taken, the calls and the scores are public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

from rich import box
from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gamenight.games.ninja_master.actions import Call, Done, Grab, Wait
from gamenight.games.ninja_master.content import (
    COLOUR_NAMES,
    COLOURS,
    DICE_FILE,
    KATANA,
    KATANA_ID,
    TOKEN_IDS,
    FaceKind,
)
from gamenight.games.ninja_master.dice import summarize
from gamenight.games.ninja_master.model import EventKind, Phase, ScoreData, Source
from gamenight.games.ninja_master.scoring import KATANA_PENALTY, SOURCES, ninja_value
from gamenight.games.ninja_master.views import DieView, NinjaMasterView
from gamenight.i18n import N_, Catalog, speaks
from gamenight.kernel import Action, Event
from gamenight.kernel.content import Localized
from gamenight.ui import and_list, does, player_name, signed

CATALOG = Catalog(__package__)
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext

# The look of the dice data's colours and tokens. `_CHIP`: a name on its own colour, in a
# readable ink; `_INK`: the colour's figures on a Smoke's grey.
_CHIP = {
    "red": "bold #ffffff on #c62828",
    "blue": "bold #ffffff on #1565c0",
    "green": "bold #ffffff on #2e7d32",
    "yellow": "bold #1a1a1a on #f9c825",
    "black": "bold #ffffff on #101010",
    "katana": "bold #ffffff on #6a1b9a",
    "shuriken": "bold #1a1a1a on #90a4ae",
}
_INK = {
    "red": "#ff6659",
    "blue": "#5e92f3",
    "green": "#60ad5e",
    "yellow": "#ffff6b",
    "black": "#000000",
}
_SMOKE = "on #4a4a4a"
_TILE_WIDTH = 10
SUDDEN_DEATH = N_("Sudden death: more rounds, until one player alone leads at the target or above.")


# ----- names, from the dice data ----------------------------------------------------------


@speaks
def colour_name(colour: str, lang: str) -> str:
    """A colour's name in `lang` (by its English name in the dice data)."""
    return pgettext("colour", COLOUR_NAMES[COLOURS.index(colour)].en)


@speaks
def kind_name(kind: FaceKind, lang: str) -> str:
    """A face kind's name in `lang` (ninja, smoke, Katana, Shuriken; by the dice data)."""
    name: Localized = getattr(DICE_FILE.kinds, kind)
    return pgettext("face", name.en)


def token_name(token: str, lang: str) -> str:
    """A token's name in `lang`: its colour, the Katana or the Shuriken."""
    return colour_name(token, lang) if token in COLOURS else kind_name(FaceKind(token), lang)


def chip(token: str, lang: str) -> Text:
    """A token's name on its own colour."""
    return Text(f" {token_name(token, lang)} ", style=_CHIP[token])


def seconds(ms: float) -> str:
    """``1.23 s``."""
    return _("{seconds} s").format(seconds=f"{ms / 1000:.2f}")


def _players(count: int, me: int | None) -> list[str]:
    return [player_name(seat, me) for seat in range(count)]


def _the_token(token: str, lang: str) -> Text:
    """``the red token`` or ``the Katana``, the name on its colour."""
    words = _("the {name} token") if token in COLOURS else _("the {name}")
    before, _field, after = words.partition("{name}")
    return Text.assemble(before, (token_name(token, lang), _CHIP[token]), after)


def _grab_words(token: str, ms: int, lang: str) -> Text:
    """``the red token at 640 ms``: what a grab takes, and when."""
    return Text.assemble(_the_token(token, lang), _(" at {ms} ms").format(ms=f"{ms:,}"))


# ----- the dice ----------------------------------------------------------------------------


@speaks
def dice_text(dice: Sequence[DieView], lang: str, width: int = 0) -> Text:
    """The dice of a view as coloured tiles, three lines high, in the order they were rolled.

    `width`: the room there is (0: plenty); tiles narrow to fit, down to 5 columns.
    """
    size = _TILE_WIDTH if not width else max(5, min(_TILE_WIDTH, (width + 1) // len(dice) - 1))
    tiles = [_tile(die, lang) for die in dice]
    text = Text()
    for row in range(3):
        if row:
            text.append("\n")
        for i, (lines, style) in enumerate(tiles):
            text.append(" " if i else "")
            text.append(_centred(lines[row], size), style[row])
    return text


def _centred(words: str, size: int) -> str:
    """`words` cut to `size` terminal cells and centred in them as `str.center` does, by
    cells, so that a wide name (Japanese) takes its true room."""
    cut = set_cell_size(words, min(cell_len(words), size))
    pad = size - cell_len(cut)
    left = pad // 2 + (pad & size & 1)
    return " " * left + cut + " " * (pad - left)


def _tile(die: DieView, lang: str) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    """The three lines of a die's tile, and their styles."""
    kind, colour = die["kind"], die["colour"]
    if colour is None:  # a Katana or a Shuriken
        figure = "━━━╋━━" if kind == FaceKind.KATANA else "─╳─"
        return ("", figure, kind_name(kind, lang)), (_CHIP[kind],) * 3
    if kind == FaceKind.NINJA:
        figures = " ".join("●" * die["ninjas"])
        return ("", figures, colour_name(colour, lang)), (_CHIP[colour],) * 3
    lines = (kind_name(FaceKind.SMOKE, lang), "░▒▓▒░", colour_name(colour, lang))
    return lines, (f"bold #ffffff {_SMOKE}", f"bold {_INK[colour]} {_SMOKE}", _CHIP[colour])


class _Tiles:
    """The dice tiles, as narrow as the room the console gives them."""

    def __init__(self, dice: Sequence[DieView], lang: str) -> None:
        self.dice, self.lang = dice, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield dice_text(self.dice, self.lang, options.max_width)


@speaks
def faces_text(faces: Sequence[int], lang: str) -> Text:
    """A roll on one line, a chip per die: ``red ●●``, ``smoke blue``, ``Katana``..."""
    text = Text()
    for die, index in enumerate(faces):
        face = DICE_FILE.dice[die].faces[index]
        kind, colour = face.kind, face.colour
        if colour is None:  # a Katana or a Shuriken
            words, look = kind_name(kind, lang), _CHIP[kind]
        elif kind == FaceKind.NINJA:
            words = f"{colour_name(colour, lang)} {'●' * face.ninjas}"
            look = _CHIP[colour]
        else:
            words = f"{kind_name(FaceKind.SMOKE, lang)} {colour_name(colour, lang)}"
            look = f"bold {_INK[colour]} {_SMOKE}"
        text.append(" " if die else "")
        text.append(f" {words} ", look)
    return text


# ----- the scoring, told line by line --------------------------------------------------------


class Change(NamedTuple):
    """One line of a round's scoring: `seat`'s score changes by `points` for `reason`.

    A note (``seat`` is ``None``, `points` 0) says what changed nothing, like nobody calling.
    """

    seat: int | None
    points: int
    reason: Text


def scores_before(scored: ScoreData) -> list[int]:
    """Every seat's score before the round of a ``score`` event: the new score less the
    points of every source (the floor at 0 included, so this is exact)."""
    points = scored["points"]
    return [
        new - sum(points[source][seat] for source in SOURCES)
        for seat, new in enumerate(scored["scores"])
    ]


@speaks
def round_header(scored: ScoreData, lang: str) -> Text:
    """What a round's dice came to: the ninja total and whether the Katana was takeable."""
    roll = summarize(scored["faces"])
    katana, shuriken = kind_name(FaceKind.KATANA, lang), kind_name(FaceKind.SHURIKEN, lang)
    if scored["katana_takeable"]:
        words = _(
            "Round {round}: {total} ninjas rolled. {katana} takeable: "
            "{katanas} × {katana} against {shurikens} × {shuriken}."
        )
    else:
        words = _(
            "Round {round}: {total} ninjas rolled. {katana} not takeable: "
            "{katanas} × {katana} against {shurikens} × {shuriken}."
        )
    return Text(
        words.format(
            round=scored["round"],
            total=scored["total"],
            katana=katana,
            shuriken=shuriken,
            katanas=roll.katanas,
            shurikens=roll.shurikens,
        ),
        style="bold",
    )


@speaks
def score_changes(scored: ScoreData, names: Sequence[str], lang: str) -> list[Change]:
    """A round's scoring, one change of score per line with its reason, in the rules' order.

    `scored` is the round's ``score`` event: the dice (``faces``), who took which token
    (``holders``), the calls, who owned the Katana and who rolled, and the points of every
    source. `names`: one per seat. The changes of a seat add up to its new score less its
    old one.
    """
    roll = summarize(scored["faces"])
    points, holders, total = scored["points"], scored["holders"], scored["total"]
    katana, shuriken = kind_name(FaceKind.KATANA, lang), kind_name(FaceKind.SHURIKEN, lang)
    changes: list[Change] = []

    def change(seat: int | None, points: int, *reason: str | Text) -> None:
        # A reason in words starts one space in, level with a token's coloured chip.
        lead = " " if seat is not None and isinstance(reason[0], str) else ""
        changes.append(Change(seat, points, Text.assemble(lead, *reason)))

    # 1. The Katana first: a steal moves half the owner's points from before this round.
    taker, owner = holders[KATANA], scored["katana_owner_before"]
    if taker < 0:
        change(None, 0, _("Nobody took the {katana}.").format(katana=katana))
    elif not scored["katana_takeable"]:
        change(
            taker,
            KATANA_PENALTY,
            _("took the {katana}, but it was not takeable").format(katana=katana),
        )
    elif taker == owner:
        change(taker, 0, _("defended the {katana}").format(katana=katana))
    else:
        old = scores_before(scored)[owner]
        stole = _("stole the {katana} from {owner}: half of {old}, rounded down")
        change(taker, old // 2, stole.format(katana=katana, owner=names[owner], old=old))
        lost = _("lost the {katana} to {taker}").format(katana=katana, taker=names[taker])
        change(owner, -(old // 2), lost)
    # 2. The Ninja tokens, the Shuriken and the calls.
    for token, colour in enumerate(COLOURS):
        seat = holders[token]
        if seat < 0:
            continue
        ninjas, smokes = roll.ninjas[token], roll.smokes[token]
        value = ninja_value(ninjas, smokes, scored["smoke_rule"])
        ninja, smoke = kind_name(FaceKind.NINJA, lang), kind_name(FaceKind.SMOKE, lang)
        reason: list[str | Text] = [
            chip(colour, lang),
            _(" token: {ninjas} × {ninja}").format(ninjas=ninjas, ninja=ninja),
        ]
        if smokes and ninjas:
            if value < 0:
                sign = _(", {smokes} × {smoke}: negative")
            else:
                sign = _(", {smokes} × {smoke}: positive again")
            reason.append(sign.format(smokes=smokes, smoke=smoke))
        change(seat, value, *reason)
    rolled = _("{shuriken}: {shurikens} × {shuriken} rolled")
    change(
        scored["roller"], roll.shurikens, rolled.format(shuriken=shuriken, shurikens=roll.shurikens)
    )
    if not scored["calls"]:
        change(None, 0, _("Nobody called."))
    for seat, called, ms in scored["calls"]:
        said = _("called {called} at {time}: ").format(called=called, time=seconds(ms))
        if called != total:
            wrong = _("wrong, there are {total}").format(total=total)
            change(seat, points[Source.CALL][seat], said, wrong)
        elif seat == scored["call_winner"]:
            change(seat, points[Source.CALL][seat], said, _("right"))
        else:
            winner = names[scored["call_winner"]]
            drawn = _("right too, at the same moment: the draw chose {winner}")
            change(seat, 0, said, drawn.format(winner=winner))
    # 3. The floor at 0.
    for seat, given in enumerate(points[Source.FLOOR]):
        if given:
            change(seat, given, _("back to 0: a score never goes below 0"))
    return changes


def change_line(change: Change, names: Sequence[str]) -> Text:
    """A change as a line: who, how many points (coloured), why."""
    if change.seat is None:
        return Text.assemble("  ", change.reason, style="dim italic")
    points = change.points
    style = "bold green" if points > 0 else "bold red" if points < 0 else "dim"
    text = Text(f"  {names[change.seat]:<8}")
    text.append(f"{signed(points):>4}  ", style=style)
    return text.append_text(change.reason)


def scores_line(scored: ScoreData, names: Sequence[str]) -> Text:
    """``Scores: You 3 → 1 (−2)  Bot 1 3 → 8 (+5)``: each score before and after a round."""
    text = Text(_("Scores:"), style="bold")
    for seat, (old, new) in enumerate(zip(scores_before(scored), scored["scores"], strict=True)):
        text.append(f"  {names[seat]} {old} → ")
        text.append(str(new), style="bold cyan")
        text.append(f" ({signed(new - old)})", style="dim")
    return text


@speaks
def hand_over_line(scored: ScoreData, names: Sequence[str], lang: str) -> Text:
    """Where the Katana goes (the leader) and the Shuriken (the next seat) after a round."""
    scores = scored["scores"]
    if scores.count(max(scores)) > 1:
        katana = _(" goes to {seat}, one of the leaders, drawn.   ")
    else:
        katana = _(" goes to {seat}, the leader.   ")
    shuriken = _(" goes to {seat}, who rolls next.")
    return Text.assemble(
        chip(KATANA_ID, lang),
        katana.format(seat=names[scored["katana_owner"]]),
        chip(FaceKind.SHURIKEN, lang),
        shuriken.format(seat=names[(scored["roller"] + 1) % len(scores)]),
    )


def winners_line(winners: Sequence[int], names: Sequence[str], me: int | None) -> Text:
    """``Seat 1 wins the game!`` or ``You and Seat 2 win the game!``."""
    if list(winners) == [me]:
        words = _("You win the game!")
    else:
        words = ngettext("{seats} wins the game!", "{seats} win the game!", len(winners))
    seats = and_list([names[s] for s in winners])
    return Text(words.format(seats=seats), style="bold yellow")


# ----- the table -----------------------------------------------------------------------------


@speaks
def table(
    view: NinjaMasterView,
    lang: str,
    me: int | None = None,
    reveal: Sequence[NinjaMasterView] | None = None,
) -> RenderableType:
    """The dice as rolled, the tokens and who took them when, the Katana's owner, the
    Shuriken's holder, the calls and the scores against the target.

    Nothing is hidden in Ninja Master: `reveal` would add nothing, and is not read.
    """
    names = _players(view["players"], me)
    over = view["phase"] == Phase.OVER
    title = _("[bold]Ninja Master[/] · round {round} · first to {target} points").format(
        round=view["round"], target=view["target"]
    )
    if view["sudden_death"]:
        title += _(" · [bold red]sudden death[/]")
    # Once the game is over the Shuriken has moved on: the dice shown are the last round's.
    rolled = _("Dice") if over else _("Dice rolled by {seat}").format(seat=names[view["shuriken"]])
    parts: list[RenderableType] = [
        Text(rolled, style="bold"),
        _Tiles(view["dice"], lang),
        "",
        _players_table(view, names, lang),
        "",
        _tokens_table(view, names, lang),
    ]
    return Group(
        Panel(Group(*parts), title=title, title_align="left", border_style="dim"),
        _status(view, names),
    )


def _players_table(view: NinjaMasterView, names: Sequence[str], lang: str) -> Table:
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in (_("Player"), _("Score"), _("Holds"), _("Took"), _("Call")):
        grid.add_column(column, no_wrap=True)
    calls = {call["seat"]: call for call in view["calls"]}
    for seat, name in enumerate(names):
        marks = [
            token_name(token, lang)
            for token, owner in (
                (KATANA_ID, view["katana_owner"]),
                (FaceKind.SHURIKEN, view["shuriken"]),
            )
            if owner == seat
        ]
        took = Text(" ").join(
            chip(token["token"], lang) for token in view["tokens"] if token["holder"] == seat
        )
        call = calls.get(seat)
        grid.add_row(
            f"[bold]{name}[/]" if seat in view["to_act"] else name,
            f"[bold cyan]{view['scores'][seat]}[/]/{view['target']}",
            ", ".join(marks),
            took,
            _("[bold magenta]{total}[/] at {ms} ms").format(
                total=call["total"], ms=f"{call['ms']:,}"
            )
            if call
            else "",
        )
    return grid


def _tokens_table(view: NinjaMasterView, names: Sequence[str], lang: str) -> Table:
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in (_("Token"), _("Taken by"), _("At")):
        grid.add_column(column, no_wrap=True)
    for token in view["tokens"]:
        holder = token["holder"]
        grid.add_row(
            chip(token["token"], lang),
            _("[dim]free[/]") if holder is None else names[holder],
            "" if holder is None else _("{ms} ms").format(ms=f"{token['ms']:,}"),
        )
    return grid


def _status(view: NinjaMasterView, names: Sequence[str]) -> str:
    if view["phase"] == Phase.OVER:
        return _("[bold]The game is over.[/]")
    grabbing = ", ".join(names[s] for s in view["to_act"])
    line = _("Still grabbing at {ms} ms: {seats}.").format(ms=f"{view['now_ms']:,}", seats=grabbing)
    if view["calls"]:
        first = view["calls"][0]
        line += _(" {seat} called: the grab stops.").format(seat=names[first["seat"]])
    return line


# ----- choices -------------------------------------------------------------------------------


@speaks
def choice(view: NinjaMasterView, action: Action, lang: str) -> str:
    """A legal action in words: ``Grab the red token at 640 ms``, ``Call 14 at 1,210 ms``."""
    if isinstance(action, Grab):
        grab = _("Grab {what}").partition("{what}")
        what = _grab_words(TOKEN_IDS[action.token], action.ms, lang)
        return Text.assemble(grab[0], what, grab[2]).markup
    if isinstance(action, Call):
        return _("Call {total} at {ms} ms").format(total=action.total, ms=f"{action.ms:,}")
    if isinstance(action, Done):
        return _("Done: take nothing more and call nothing this round")
    if isinstance(action, Wait):
        return _("Wait: see what happens next, then decide again")
    return str(action)


# ----- events --------------------------------------------------------------------------------


def score_data(event: Event) -> ScoreData:
    """The data of a ``score`` event, typed.

    The kernel's log keeps every event's data as a plain dict; the game writes a score
    event's as a `ScoreData`, which the dict's type cannot say: hence the cast.
    """
    if event.kind != EventKind.SCORE:
        raise ValueError(f"not a score event: {event.kind}")
    return cast(ScoreData, event.data)


@speaks
def events(events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
    """Readable lines (Rich markup) for consecutive events, told to seat `me`."""
    over = any(event.kind == EventKind.GAME_OVER for event in events)
    lines: list[Text] = []
    for event in events:
        lines.extend(_event(event, lang, me, over))
    return [line.markup for line in lines]


def _event(event: Event, lang: str, me: int | None, over: bool) -> list[Text]:
    kind, d = event.kind, event.data
    if kind == EventKind.ROLL:
        rolls = " " + does(d["roller"], me, "roll") + ": "
        header = _(" Round {round} ").format(round=d["round"])
        return [Text.assemble((header, "bold reverse"), rolls, faces_text(d["faces"], lang))]
    if kind == EventKind.GRAB:
        seat, holder = d["seat"], d["holder"]
        line = Text.assemble(does(seat, me, "grab") + " ", _grab_words(d["token"], d["ms"], lang))
        if holder != seat:  # a grab in the very same ms as the holder's: the draw decided
            if holder == me:
                line.append(_(", the same ms as you: the draw leaves it with you"))
            else:
                tie = _(", the same ms as Seat {seat}: the draw leaves it with Seat {seat}")
                line.append(tie.format(seat=holder))
        return [line.append(".")]
    if kind == EventKind.CALL:
        call = _("{who} {total} at {ms} ms.").format(
            who=does(d["seat"], me, "call"), total=d["total"], ms=f"{d['ms']:,}"
        )
        return [Text(call, "bold magenta")]
    if kind == EventKind.SCORE:
        scored = score_data(event)
        names = _players(len(scored["scores"]), me)
        lines = [round_header(scored, lang)]
        lines += [change_line(change, names) for change in score_changes(scored, names, lang)]
        lines.append(scores_line(scored, names))
        return lines if over else [*lines, hand_over_line(scored, names, lang)]
    if kind == EventKind.TIME_UP:
        return [
            Text(
                _("Time is up ({ms} ms): nobody moves any more this round.").format(
                    ms=f"{d['ms']:,}"
                )
            )
        ]
    if kind == EventKind.SUDDEN_DEATH:
        seats = and_list([player_name(s, me) for s in d["seats"]])
        words = _("{seats} reached the target in the same round. {sudden_death}")
        return [Text(words.format(seats=seats, sudden_death=_(SUDDEN_DEATH)), "bold red")]
    if kind == EventKind.GAME_OVER:
        names = _players(len(d["scores"]), me)
        return [winners_line(d["winners"], names, me)]
    return [Text(f"{kind}: {d}")]


# ----- the end -------------------------------------------------------------------------------


@speaks
def result(view: NinjaMasterView, lang: str, me: int | None = None) -> RenderableType:
    """The winners, after how many rounds, and every final score against the target."""
    names = _players(view["players"], me)
    winners, scores, target = view["winners"], view["scores"], view["target"]
    rounds = view["round"]
    title = winners_line(winners, names, me)
    title.append(
        ngettext(" After {count} round", " After {count} rounds", rounds).format(count=rounds)
    )
    if len(winners) > 1 or scores[winners[0]] < target:
        limit = _(", at the {limit}-round limit: the highest score wins")
        title.append(limit.format(limit=view["max_rounds"]))
    elif view["sudden_death"]:
        title.append(_(", in sudden death"))
    title.append(".")
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False)
    for column in (_("Player"), _("Score")):
        grid.add_column(column)
    for seat, name in enumerate(names):
        mark = _(" [bold green]winner[/]") if seat in winners else ""
        grid.add_row(f"{name}{mark}", f"[bold cyan]{scores[seat]}[/]/{target}")
    return Group(title, grid)
