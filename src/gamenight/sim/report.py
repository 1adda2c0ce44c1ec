"""A game's balance report: one self-contained HTML page of plots from a tournament file.

`build_report(summary)` draws every figure with matplotlib (Agg, no display) and returns a
`Report`: the page, with each plot embedded as a PNG data URI (it opens anywhere, offline,
as one file), and the figures themselves for a figure-only PNG export (`Report.save_pngs`).

The figures: win rate by seat and by agent with 95% Wilson intervals against the equal
share; the first player's advantage; game length in actions (and rounds or turns); the
winner's margin over the best other score; and the game's own balance views
(`balance.features`): per spell, cat, class, race, style or card, its users' win rate
with its interval and how often it was used, and per source of points the mean points.

The page speaks the language in use (gamenight's catalog; the game's own names and words
through `extra.name`). The text inside the plots does too where matplotlib has a font for
its script: Japanese needs a CJK font (`CJK_FONTS`), and without one the plots' own
labels are English while the page around them stays Japanese.
"""

from __future__ import annotations

import base64
import html
import io
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamenight import i18n
from gamenight.i18n import CATALOG, N_

from . import extra
from .files import write_atomic
from .stats import Rate, wilson_interval
from .tournament import TournamentSummary

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MOST_BARS = 40  # a balance view shows its most used entries, at most this many
# Balance groups whose figures are amounts (points), not uses: shown as means.
AMOUNT_GROUPS = ("points",)
GROUP_TITLES = {
    "spell": N_("By spell"),
    "cat": N_("By cat"),
    "points": N_("Points by source"),
    "class": N_("By class"),
    "race": N_("By race"),
    "style": N_("By style"),
    "card": N_("By card played"),
}
COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")
# Fonts with Japanese glyphs, tried after matplotlib's own (which has none).
CJK_FONTS = ("Noto Sans CJK JP", "IPAexGothic", "IPAGothic", "Hiragino Sans", "Yu Gothic")
# The languages whose script matplotlib's own fonts lack.
NEEDS_CJK = ("ja",)

_ = CATALOG.gettext
ngettext = CATALOG.ngettext


@dataclass
class Plot:
    """One figure of the report: its file name, title and caption, and the PNG bytes."""

    name: str
    title: str
    caption: str
    png: bytes


@dataclass
class Report:
    """A rendered report: the HTML page and the plots in it."""

    html: str
    plots: list[Plot] = field(default_factory=list)

    def save(self, path: str | Path) -> None:
        """Write the page (whole or not at all)."""
        write_atomic(path, self.html)

    def save_pngs(self, folder: str | Path) -> list[Path]:
        """Write every figure alone as ``NN-name.png`` in `folder`; returns the paths."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for number, plot in enumerate(self.plots, 1):
            path = folder / f"{number:02d}-{plot.name}.png"
            temporary = path.with_suffix(".png.partial")
            temporary.write_bytes(plot.png)
            temporary.replace(path)
            paths.append(path)
        return paths


def build_report(summary: TournamentSummary) -> Report:
    """The report of a tournament's summary (module docstring)."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display, whatever the environment says
    inside = _plot_language(i18n.language())
    plots = [
        _seat_plot(summary, inside),
        _agent_plot(summary, inside),
        _first_player_plot(summary, inside),
        _histogram("length", N_("Game length"), N_("actions per game"), summary.lengths, inside),
    ]
    if summary.rounds:
        rounds = N_("rounds (or turns) per game")
        plots.append(_histogram("rounds", N_("Rounds"), rounds, summary.rounds, inside))
    if summary.margins:
        margin = N_("winner's score minus the best other score")
        plots.append(_histogram("margin", N_("Score margin"), margin, summary.margins, inside))
    for group, entries in _groups(summary).items():
        plots.append(_balance_plot(summary, group, entries, inside))
    return Report(_page(summary, plots), plots)


def _plot_language(lang: str) -> str:
    """The language of the text inside the plots: `lang` (with the fonts its script
    needs), or English when matplotlib has no font for its script (module docstring)."""
    if lang not in NEEDS_CJK:
        return lang
    from matplotlib import font_manager, rcParams

    installed = {font.name for font in font_manager.fontManager.ttflist}
    fonts = [name for name in CJK_FONTS if name in installed]
    if not fonts:
        return i18n.SOURCE
    rcParams["font.sans-serif"] = [*rcParams["font.sans-serif"], *fonts]
    return lang


# ----- figures ---------------------------------------------------------------------------
# Each figure's title and caption are the page's, in the language in use; the text inside
# it (axes, legends, bar labels) is drawn in `inside`, the plots' language.


def _figure(height: float = 3.2) -> tuple[Figure, Any]:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.5, height), dpi=100, layout="constrained")
    return figure, figure.subplots()


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def _rate_bars(axes: Any, labels: list[str], rates: list[Rate], equal: float) -> None:
    """Horizontal bars of win rates with their 95% intervals, and the equal share."""
    values = [rate.rate for rate in rates]
    low, high = _spreads(rates)
    positions = range(len(labels))
    axes.barh(positions, values, xerr=[low, high], color=COLOURS[0], capsize=3)
    axes.axvline(equal, color="black", linestyle="--", linewidth=1, label=_("equal share"))
    axes.set_yticks(list(positions), labels)
    axes.invert_yaxis()
    axes.set_xlim(0, min(1.0, max([equal, *(r.interval[1] for r in rates)]) * 1.15 + 0.02))
    axes.set_xlabel(_("win rate (95% interval)"))
    axes.legend(loc="lower right", fontsize="small")


def _spreads(rates: list[Rate]) -> tuple[list[float], list[float]]:
    """How far each rate's interval reaches below and above it (error bars: never
    negative, though rounding may put a bound a hair past the rate)."""
    low = [max(0.0, rate.rate - rate.interval[0]) for rate in rates]
    high = [max(0.0, rate.interval[1] - rate.rate) for rate in rates]
    return low, high


def _seat_plot(summary: TournamentSummary, inside: str) -> Plot:
    figure, axes = _figure(1.2 + 0.45 * summary.config.players)
    seats = summary.seats
    with i18n.speaking(inside):
        labels = [_("seat {number}").format(number=s) for s in range(len(seats))]
        _rate_bars(axes, labels, seats, summary.equal_share)
        png = _png(figure)
    caption = _(
        "Seats as the game numbers them; seating rotates, so every agent holds every seat "
        "equally often."
    )
    return Plot("seats", _("Win rate by seat"), caption, png)


def _agent_plot(summary: TournamentSummary, inside: str) -> Plot:
    agents = summary.ranking()
    figure, axes = _figure(1.2 + 0.45 * len(agents))
    with i18n.speaking(inside):
        _rate_bars(axes, [a.name for a in agents], [a.rate for a in agents], summary.equal_share)
        png = _png(figure)
    caption = _(
        "Over every seat each agent held, best rated first (a shared win counts for each winner)."
    )
    return Plot("agents", _("Win rate by agent"), caption, png)


def _first_player_plot(summary: TournamentSummary, inside: str) -> Plot:
    """The win rate of the seat that acted first, and of the others, with intervals."""
    figure, axes = _figure(2.0)
    first = summary.first_player
    others = Rate(
        sum(summary.seat_wins) - first.wins,
        first.trials * (summary.config.players - 1),
    )
    with i18n.speaking(inside):
        labels = [_("first player"), _("the others")]
        _rate_bars(axes, labels, [first, others], summary.equal_share)
        png = _png(figure)
    return Plot("first-player", _("First-player advantage"), _first_player_text(summary), png)


def _first_player_text(summary: TournamentSummary) -> str:
    first = summary.first_player
    low, high = first.interval
    equal = summary.equal_share
    if low > equal:
        verdict = _("an advantage")
    elif high < equal:
        verdict = _("a disadvantage")
    else:
        verdict = _("no advantage the games can tell apart from chance")
    return _(
        "The seat that acted first in a game (the game's own choice) won {rate} (95% "
        "interval {low}–{high}) against an equal share of {equal}: {verdict}."
    ).format(
        rate=f"{first.rate:.1%}",
        low=f"{low:.1%}",
        high=f"{high:.1%}",
        equal=f"{equal:.1%}",
        verdict=verdict,
    )


def _histogram(name: str, title: str, label: str, counts: Counter[Any], inside: str) -> Plot:
    """A histogram of `counts` (`title` and the axis `label`: English, translated here)."""
    figure, axes = _figure()
    values = sorted(counts)
    weights = [counts[v] for v in values]
    total = sum(weights)
    mean = sum(v * c for v, c in zip(values, weights, strict=True)) / total
    with i18n.speaking(inside):
        axes.hist(values, bins=min(40, max(1, len(values))), weights=weights, color=COLOURS[0])
        axes.set_xlabel(_(label))
        axes.set_ylabel(_("games"))
        mean_label = _("mean {value}").format(value=f"{mean:.1f}")
        axes.axvline(mean, color="black", linestyle="--", linewidth=1, label=mean_label)
        axes.legend(loc="upper right", fontsize="small")
        png = _png(figure)
    caption = ngettext("{count} game.", "{count} games.", total).format(count=f"{total:,}")
    return Plot(name, _(title), caption, png)


def _groups(summary: TournamentSummary) -> dict[str, list[tuple[str, list[float]]]]:
    """The balance figures by group (``spell``, ``cat``...), in the order they came."""
    groups: dict[str, list[tuple[str, list[float]]]] = {}
    for key, totals in summary.features.items():
        group, _, name = key.partition(":")
        groups.setdefault(group, []).append((name, totals))
    return groups


def _balance_plot(
    summary: TournamentSummary, group: str, entries: list[tuple[str, list[float]]], inside: str
) -> Plot:
    seat_games = summary.games * summary.config.players
    title = _(GROUP_TITLES[group]) if group in GROUP_TITLES else _("By {group}").format(group=group)
    if group in AMOUNT_GROUPS:
        return _amount_plot(summary, group, title, [name for name, _ in entries], inside)
    used = sorted(entries, key=lambda e: e[1][0], reverse=True)[:MOST_BARS]
    used.sort(key=lambda e: e[1][1] / e[1][0] if e[1][0] else 0.0, reverse=True)
    figure, axes = _figure(1.4 + 0.28 * len(used))
    rates = [Rate(round(totals[1]), round(totals[0])) for _, totals in used]
    game_id = summary.config.game_id
    with i18n.speaking(inside):
        labels = [
            f"{extra.name(game_id, group, name)} ({totals[0] / seat_games:.0%})"
            for name, totals in used
        ]
        _rate_bars(axes, labels, rates, summary.equal_share)
        png = _png(figure)
    if len(used) < len(entries):
        caption = _(
            "For the {shown} most used of {count}: the win rate of the seats that had it (in "
            "brackets: the share of seat-games that did), with its 95% interval, best first."
        ).format(shown=len(used), count=len(entries))
    else:
        caption = _(
            "For each: the win rate of the seats that had it (in brackets: the share of "
            "seat-games that did), with its 95% interval, best first."
        )
    return Plot(group, title, caption, png)


def _amount_plot(
    summary: TournamentSummary, group: str, title: str, names: list[str], inside: str
) -> Plot:
    """Mean amounts per seat and game of each name (a source of points), one bar per agent."""
    agents = summary.ranking()
    rows = len(names) * len(agents)
    figure, axes = _figure(1.4 + 0.3 * rows)
    height = 0.8 / len(agents)
    for k, agent in enumerate(agents):
        means = [
            agent.balance.get(f"{group}:{name}", 0.0) / agent.seat_games
            if agent.seat_games
            else 0.0
            for name in names
        ]
        positions = [i + k * height for i in range(len(names))]
        axes.barh(positions, means, height, color=COLOURS[k % len(COLOURS)], label=agent.name)
    with i18n.speaking(inside):
        labels = [extra.name(summary.config.game_id, group, name) for name in names]
        axes.set_yticks([i + 0.4 - height / 2 for i in range(len(names))], labels)
        axes.invert_yaxis()
        axes.axvline(0, color="black", linewidth=1)
        axes.set_xlabel(_("mean points per seat and game"))
        axes.legend(loc="lower right", fontsize="small")
        png = _png(figure)
    caption = _("Net points each source gave, per seat and game, for each agent.")
    return Plot(group, title, caption, png)


# ----- the page ----------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; color: #222; }
figure { margin: 2rem 0; } figure img { max-width: 100%; }
figcaption { color: #555; font-size: 0.9rem; }
table { border-collapse: collapse; } td, th { padding: 0.2rem 0.8rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
"""


def _page(summary: TournamentSummary, plots: list[Plot]) -> str:
    config = summary.config
    escape = html.escape
    rows = "".join(
        f"<tr><td>{escape(a.name)}</td><td>{a.ordinal:.2f}</td><td>{a.seat_games:,}</td>"
        f"<td>{a.rate.rate:.1%}</td>"
        f"<td>{wilson_interval(a.wins, a.seat_games)[0]:.1%}–"
        f"{wilson_interval(a.wins, a.seat_games)[1]:.1%}</td></tr>"
        for a in summary.ranking()
    )
    figures = "".join(
        f'<figure id="{escape(plot.name)}"><h2>{escape(plot.title)}</h2>'
        f'<img alt="{escape(plot.title)}" src="data:image/png;base64,'
        f'{base64.b64encode(plot.png).decode()}">'
        f"<figcaption>{escape(plot.caption)}</figcaption></figure>"
        for plot in plots
    )
    options = ", ".join(f"{k}={v}" for k, v in sorted(config.options.items())) or _("defaults")
    title = _("{game}: balance report").format(game=config.game_id)
    played = ngettext(
        "{games} game of {players} players, agents {agents}, seed {seed}, options {options}; "
        "{truncated} ended by the safety limit.",
        "{games} games of {players} players, agents {agents}, seed {seed}, options {options}; "
        "{truncated} ended by the safety limit.",
        summary.games,
    ).format(
        games=f"{summary.games:,}",
        players=config.players,
        agents=", ".join(config.agents),
        seed=config.seed,
        options=options,
        truncated=f"{summary.truncated:,}",
    )
    columns = (_("agent"), _("rating"), _("seat-games"), _("win rate"), _("95% interval"))
    header = "".join(f"<th>{escape(column)}</th>" for column in columns)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{i18n.language()}"><head><meta charset="utf-8"><title>{escape(title)}'
        f"</title><style>{STYLE}</style></head><body>"
        f"<h1>{escape(title)}</h1><p>{escape(played)}</p>"
        f"<table><tr>{header}</tr>{rows}</table>"
        f"{figures}</body></html>\n"
    )
