"""Munchkin's own simulation figures: what designers measure over many games.

`counts(state, features)` turns one finished game into additive counts (so that games
played in any number of processes add up to the same totals), read from the public
events and the game's balance features (class, race and cards played per seat);
`tables(totals, game_id, lang)` turns the totals into the tables `gamenight simulate`
prints: win rate by class and by race, game length, how combats end (won, helped,
escaped, deadly, and those in which a player other than the fighter played a card), and a
per-card table. A table cell is a text or a ``(successes, trials)`` pair, shown as a rate
with its 95% interval. The words (titles, columns, row labels) are English, marked with
`N_` for the game's catalog, which translates them where they are shown
(`gamenight.sim.extra`); the cards are named in `lang`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from gamenight.kernel import State
from gamenight.kernel.errors import N_

from . import SETS
from .model import EventKind

Cell = str | tuple[int, int]
# What happens in a combat, in the order the tables show them.
COMBAT_ENDS = ("won", "helped", "escaped", "deadly", "interfered")
COMBAT_WORDS = {
    "won": N_("won by the players"),
    "helped": N_("with a helper"),
    "escaped": N_("ended by running away, every runner escaping"),
    "deadly": N_("with a death"),
    "interfered": N_("a player other than the fighter played a card"),
}
GROUPS = ("class", "race")
# A character group's word and its table's title; a set whose identity is "style" shows
# its race cards as styles.
GROUP_WORDS = {"class": N_("class"), "race": N_("race"), "style": N_("style")}
GROUP_TITLES = {
    "class": N_("Win rate by class"),
    "race": N_("Win rate by race"),
    "style": N_("Win rate by style"),
}
# The names of the figures the game counts (`State.stats`), as the simulations show them.
FIGURES = {
    "turns": N_("turns"),
    "combats": N_("combats"),
    "levels": N_("levels"),
    "kills": N_("kills"),
    "helped": N_("helped"),
    "deaths": N_("deaths"),
}
PLAYABLE = (EventKind.PLAY, EventKind.USE, EventKind.ENHANCE)  # a card put to use


class FigureTable(NamedTuple):
    """A table of figures: its title (a template of `fields`), its columns, and its rows
    of cells."""

    title: str
    columns: tuple[str, ...]
    rows: list[tuple[Cell, ...]]
    fields: Mapping[str, str] = {}


# The card kinds that make up a character: one balance figure per design, 1 or 0.
CHARACTER_GROUPS = ("class", "race", "style")
# What a seat with no card of a group is (the rules' "no class", "human").
PLAIN_CHARACTER = {"class": "none", "race": "human"}
PLAIN_WORDS = {"none": N_("none"), "human": N_("human")}


def features(state: State) -> dict[str, list[float]]:
    """A finished game's balance figures, one number per seat: its class, race and style at
    the end (``class:<key>``..., 1 or 0, from the spectator's view) and the cards it played
    (``card:<key>``, from the public ``play`` events)."""
    cards = SETS[state.game_id].CS
    n = state.num_players
    figures: dict[str, list[float]] = {}
    for seat, seen in enumerate(state.view(None)["seats"]):
        groups: dict[str, list[str]] = {group: [] for group in CHARACTER_GROUPS}
        for card in seen["table"]:
            kind = cards.designs[card["key"]].kind.value
            if kind in groups:
                groups[kind].append(card["key"])
        for group, keys in groups.items():
            plain = PLAIN_CHARACTER.get(group)
            for key in keys or ([plain] if plain else []):
                figures.setdefault(f"{group}:{key}", [0.0] * n)[seat] = 1.0
    for event in state.events:
        if event.kind == EventKind.PLAY and event.to is None:
            key = f"card:{cards.keys[event.data['card']]}"
            figures.setdefault(key, [0.0] * n)[event.data["seat"]] += 1
    return figures


def counts(state: State, features: Mapping[str, list[float]]) -> dict[str, float]:
    """One finished game's counts (`features`: the game's balance features, per seat)."""
    winners = set(state.outcome().winners)
    out: dict[str, float] = {"games": 1.0, f"turns={state.stats()['turns']:.0f}": 1.0}
    for key, per_seat in features.items():
        group = key.partition(":")[0]
        for seat, value in enumerate(per_seat):
            if value <= 0:
                continue
            won = float(seat in winners)
            if group in GROUPS:
                _bump(out, f"{key}:seats", 1.0)
                _bump(out, f"{key}:wins", won)
            elif group == "card":
                _bump(out, f"{key}:played", value)
                _bump(out, f"{key}:players", 1.0)
                _bump(out, f"{key}:wins", won)
    for fight in _combats(state):
        _bump(out, "combats", 1.0)
        for end in fight:
            _bump(out, f"combats:{end}", 1.0)
    max_level = SETS[state.game_id].CS.rules.max_level
    for event in state.events:
        if event.kind == EventKind.WIN and event.data["helper"] >= 0:
            _bump(out, "helped_kills", 1.0)
            if event.data["level"] >= max_level:
                _bump(out, "helped_kills_to_last_level", 1.0)
    return out


def _combats(state: State) -> list[set[str]]:
    """For each combat of the game, what happened in it (`COMBAT_ENDS`)."""
    fights: list[set[str]] = []
    fighter = -1
    for event in state.events:
        kind, data = event.kind, event.data
        if event.to is not None:
            continue
        if kind == EventKind.COMBAT:
            fighter = data["seat"]
            fights.append(set())
        elif fighter < 0:
            continue
        elif kind == EventKind.COMBAT_OVER:
            fight = fights[-1]
            if "ran" in fight and "caught" not in fight:
                fight.add("escaped")
            fight -= {"ran", "caught"}
            fighter = -1
        elif kind == EventKind.WIN:
            fights[-1].add("won")
        elif kind == EventKind.HELPER:
            fights[-1].add("helped")
        elif kind == EventKind.RUN:
            fights[-1].add("ran")
        elif kind == EventKind.CAUGHT:
            fights[-1].add("caught")
        elif kind == EventKind.DEATH:
            fights[-1].add("deadly")
        elif kind in PLAYABLE and data.get("seat", fighter) != fighter:
            fights[-1].add("interfered")
    return fights


def _bump(totals: dict[str, float], key: str, amount: float) -> None:
    totals[key] = totals.get(key, 0.0) + amount


def name(game_id: str, group: str, key: str, lang: str) -> str | None:
    """The name of a thing game `game_id`'s figures count by key (in any `group`): a
    card in `lang`, or the English word (`PLAIN_WORDS`) of a seat without a class or race
    (or style); ``None`` for a key that is neither."""
    cards = SETS[game_id].CS
    if key == "human" and cards.rules.identity != "race":
        return PLAIN_WORDS["none"]  # the race cards of a set with styles are its styles
    design = cards.designs.get(key)
    return PLAIN_WORDS.get(key) if design is None else design.name.get(lang)


def tables(totals: Mapping[str, float], game_id: str, lang: str) -> list[FigureTable]:
    """The tables of a simulation's summed `counts` of game `game_id`, cards named in
    `lang`."""
    rules = SETS[game_id].CS.rules

    def card_name(key: str) -> str:
        return name(game_id, "card", key, lang) or key

    out = [_length(totals), _combat_table(totals)]
    for group in GROUPS:
        label = rules.identity if group == "race" else group
        rows: list[tuple[Cell, ...]] = []
        for key in sorted(k for k in totals if k.startswith(f"{group}:") and k.endswith(":seats")):
            thing = key[len(group) + 1 : -len(":seats")]
            seats = int(totals[key])
            wins = int(totals.get(f"{group}:{thing}:wins", 0))
            rows.append((card_name(thing), str(seats), (wins, seats)))
        rows.sort(key=lambda row: -int(str(row[1])))
        columns = (GROUP_WORDS[label], N_("seat-games"), N_("win rate"))
        out.append(FigureTable(GROUP_TITLES[label], columns, rows))
    out.append(_card_table(totals, card_name))
    return out


def _length(totals: Mapping[str, float]) -> FigureTable:
    games = int(totals.get("games", 0))
    lengths: list[int] = []
    for key, count in totals.items():
        if key.startswith("turns="):
            lengths += [int(key[len("turns=") :])] * int(count)
    lengths.sort()
    mean = sum(lengths) / len(lengths) if lengths else 0.0
    median = lengths[len(lengths) // 2] if lengths else 0
    helped = int(totals.get("helped_kills", 0))
    to_last = int(totals.get("helped_kills_to_last_level", 0))
    rows: list[tuple[Cell, ...]] = [
        (N_("games"), str(games)),
        (N_("turns: mean"), f"{mean:.1f}"),
        (N_("turns: median"), str(median)),
        (N_("helped kills"), str(helped)),
        (N_("helped kills to the last level"), str(to_last)),
    ]
    return FigureTable(N_("Game length and help"), (N_("figure"), N_("value")), rows)


def _combat_table(totals: Mapping[str, float]) -> FigureTable:
    combats = int(totals.get("combats", 0))
    rows: list[tuple[Cell, ...]] = [
        (COMBAT_WORDS[end], (int(totals.get(f"combats:{end}", 0)), combats)) for end in COMBAT_ENDS
    ]
    return FigureTable(
        N_("Combats ({count})"), (N_("combats"), N_("share")), rows, {"count": f"{combats:,}"}
    )


def _card_table(totals: Mapping[str, float], card_name: Callable[[str], str]) -> FigureTable:
    rows: list[tuple[Cell, ...]] = []
    keys = [k for k in totals if k.startswith("card:") and k.endswith(":played")]
    for key in sorted(keys, key=lambda k: -totals[k]):
        card = key[len("card:") : -len(":played")]
        players = int(totals.get(f"card:{card}:players", 0))
        wins = int(totals.get(f"card:{card}:wins", 0))
        rows.append((card_name(card), f"{totals[key]:.0f}", (wins, players)))
    columns = (N_("card"), N_("times played"), N_("players' win rate"))
    return FigureTable(N_("By card played"), columns, rows)
