"""A game's balance report: one self-contained HTML page of plots from a tournament file.

`build_report(summary)` draws every figure with matplotlib (Agg, no display) and returns a
`Report`: the page, with each plot embedded as a PNG data URI (it opens anywhere, offline,
as one file), and the figures themselves for a figure-only PNG export (`Report.save_pngs`).

The figures: win rate by seat and by agent with 95% Wilson intervals against the equal
share; the first player's advantage; game length in actions (and rounds or turns); the
winner's margin over the best other score; and the game's own balance views
(`balance.features`): per spell, cat, class, race, style or card, its users' win rate
with its interval and how often it was used, and per source of points the mean points.
"""

from __future__ import annotations

import base64
import html
import io
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamenight.ui import counted_name

from .files import write_atomic
from .stats import Rate, wilson_interval
from .tournament import TournamentSummary

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MOST_BARS = 40  # a balance view shows its most used entries, at most this many
# Balance groups whose figures are amounts (points), not uses: shown as means.
AMOUNT_GROUPS = ("points",)
GROUP_TITLES = {
    "spell": "By spell",
    "cat": "By cat",
    "points": "Points by source",
    "class": "By class",
    "race": "By race",
    "style": "By style",
    "card": "By card played",
}
COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")


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
    plots = [
        _seat_plot(summary),
        _agent_plot(summary),
        _first_player_plot(summary),
        _histogram("length", "Game length", "actions per game", summary.lengths),
    ]
    if summary.rounds:
        plots.append(_histogram("rounds", "Rounds", "rounds (or turns) per game", summary.rounds))
    if summary.margins:
        plots.append(
            _histogram(
                "margin",
                "Score margin",
                "winner's score minus the best other score",
                summary.margins,
            )
        )
    for group, entries in _groups(summary).items():
        plots.append(_balance_plot(summary, group, entries))
    return Report(_page(summary, plots), plots)


# ----- figures ---------------------------------------------------------------------------


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
    axes.axvline(equal, color="black", linestyle="--", linewidth=1, label="equal share")
    axes.set_yticks(list(positions), labels)
    axes.invert_yaxis()
    axes.set_xlim(0, min(1.0, max([equal, *(r.interval[1] for r in rates)]) * 1.15 + 0.02))
    axes.set_xlabel("win rate (95% interval)")
    axes.legend(loc="lower right", fontsize="small")


def _spreads(rates: list[Rate]) -> tuple[list[float], list[float]]:
    """How far each rate's interval reaches below and above it (error bars: never
    negative, though rounding may put a bound a hair past the rate)."""
    low = [max(0.0, rate.rate - rate.interval[0]) for rate in rates]
    high = [max(0.0, rate.interval[1] - rate.rate) for rate in rates]
    return low, high


def _seat_plot(summary: TournamentSummary) -> Plot:
    figure, axes = _figure(1.2 + 0.45 * summary.config.players)
    seats = summary.seats
    _rate_bars(axes, [f"seat {s}" for s in range(len(seats))], seats, summary.equal_share)
    return Plot(
        "seats",
        "Win rate by seat",
        "Seats as the game numbers them; seating rotates, so every agent holds every seat "
        "equally often.",
        _png(figure),
    )


def _agent_plot(summary: TournamentSummary) -> Plot:
    agents = summary.ranking()
    figure, axes = _figure(1.2 + 0.45 * len(agents))
    _rate_bars(axes, [a.name for a in agents], [a.rate for a in agents], summary.equal_share)
    return Plot(
        "agents",
        "Win rate by agent",
        "Over every seat each agent held, best rated first (a shared win counts for each winner).",
        _png(figure),
    )


def _first_player_plot(summary: TournamentSummary) -> Plot:
    """The win rate of the seat that acted first, and of the others, with intervals."""
    figure, axes = _figure(2.0)
    first = summary.first_player
    others = Rate(
        sum(summary.seat_wins) - first.wins,
        first.trials * (summary.config.players - 1),
    )
    _rate_bars(axes, ["first player", "the others"], [first, others], summary.equal_share)
    return Plot("first-player", "First-player advantage", _first_player_text(summary), _png(figure))


def _first_player_text(summary: TournamentSummary) -> str:
    first = summary.first_player
    low, high = first.interval
    equal = summary.equal_share
    if low > equal:
        verdict = "an advantage"
    elif high < equal:
        verdict = "a disadvantage"
    else:
        verdict = "no advantage the games can tell apart from chance"
    return (
        f"The seat that acted first in a game (the game's own choice) won {first.rate:.1%} (95% interval {low:.1%}–{high:.1%}) against an "
        f"equal share of {equal:.1%}: {verdict}."
    )


def _histogram(name: str, title: str, label: str, counts: Counter[Any]) -> Plot:
    figure, axes = _figure()
    values = sorted(counts)
    weights = [counts[v] for v in values]
    bins = min(40, max(1, len(values)))
    axes.hist(values, bins=bins, weights=weights, color=COLOURS[0])
    axes.set_xlabel(label)
    axes.set_ylabel("games")
    total = sum(weights)
    mean = sum(v * c for v, c in zip(values, weights, strict=True)) / total
    axes.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
    axes.legend(loc="upper right", fontsize="small")
    return Plot(name, title, f"{total:,} games.", _png(figure))


def _groups(summary: TournamentSummary) -> dict[str, list[tuple[str, list[float]]]]:
    """The balance figures by group (``spell``, ``cat``...), in the order they came."""
    groups: dict[str, list[tuple[str, list[float]]]] = {}
    for key, totals in summary.features.items():
        group, _, name = key.partition(":")
        groups.setdefault(group, []).append((name, totals))
    return groups


def _balance_plot(
    summary: TournamentSummary, group: str, entries: list[tuple[str, list[float]]]
) -> Plot:
    seat_games = summary.games * summary.config.players
    title = GROUP_TITLES.get(group, f"By {group}")
    if group in AMOUNT_GROUPS:
        return _amount_plot(summary, group, title, [name for name, _ in entries])
    used = sorted(entries, key=lambda e: e[1][0], reverse=True)[:MOST_BARS]
    used.sort(key=lambda e: e[1][1] / e[1][0] if e[1][0] else 0.0, reverse=True)
    figure, axes = _figure(1.4 + 0.28 * len(used))
    rates = [Rate(round(totals[1]), round(totals[0])) for _, totals in used]
    game_id = summary.config.game_id
    labels = [
        f"{counted_name(game_id, group, name, 'en')} ({totals[0] / seat_games:.0%})"
        for name, totals in used
    ]
    _rate_bars(axes, labels, rates, summary.equal_share)
    shown = f"the {len(used)} most used of {len(entries)}" if len(used) < len(entries) else "each"
    caption = (
        f"For {shown}: the win rate of the seats that had it (in brackets: the share of "
        "seat-games that did), with its 95% interval, best first."
    )
    return Plot(group, title, caption, _png(figure))


def _amount_plot(summary: TournamentSummary, group: str, title: str, names: list[str]) -> Plot:
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
    axes.set_yticks([i + 0.4 - height / 2 for i in range(len(names))], names)
    axes.invert_yaxis()
    axes.axvline(0, color="black", linewidth=1)
    axes.set_xlabel("mean points per seat and game")
    axes.legend(loc="lower right", fontsize="small")
    caption = "Net points each source gave, per seat and game, for each agent."
    return Plot(group, title, caption, _png(figure))


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
    options = ", ".join(f"{k}={v}" for k, v in sorted(config.options.items())) or "defaults"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(config.game_id)} balance'
        f"</title><style>{STYLE}</style></head><body>"
        f"<h1>{escape(config.game_id)}: balance report</h1>"
        f"<p>{summary.games:,} games of {config.players} players, agents "
        f"{escape(', '.join(config.agents))}, seed {config.seed}, options {escape(options)}; "
        f"{summary.truncated:,} ended by the safety limit.</p>"
        "<table><tr><th>agent</th><th>rating</th><th>seat-games</th><th>win rate</th>"
        f"<th>95% interval</th></tr>{rows}</table>"
        f"{figures}</body></html>\n"
    )
