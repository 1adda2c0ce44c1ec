"""Each game's own balance figures of a finished game, one number per seat.

`features(state)` gives ``{"<group>:<name>": [value of seat 0, seat 1, ...]}``: Boss Quest
the spells each seat activated (``spell:``), Meow the cats it hired (``cat:``), Ninja
Master its net points by source (``points:``), Munchkin its class, race and style at the
end (``class:``, ``race:``, ``style:``, 1 or 0) and the cards it played (``card:``). They
are read from what the game tells everybody (public events, the spectator's view, the
per-seat figures of `State.stats`), so a report can say, per spell, cat, source or card,
how often it was used and how its users fared. A game without its own figures has none.
"""

from __future__ import annotations

from collections.abc import Callable

from gamenight.kernel import State

Features = dict[str, list[float]]

# The Munchkin card kinds that make up a character: one figure per design, 1 or 0.
CHARACTER_GROUPS = ("class", "race", "style")
# What a Munchkin seat with no card of a group is (the rules' "no class", "human").
PLAIN_CHARACTER = {"class": "none", "race": "human"}


def features(state: State) -> Features:
    """The balance figures of a finished game (module docstring); ``{}`` for a game with
    none."""
    family = state.game_id.split("-")[0]
    extract = EXTRACTORS.get(state.game_id) or EXTRACTORS.get(family)
    return {} if extract is None else extract(state)


def _per_seat(state: State) -> list[float]:
    return [0.0] * state.num_players


def _boss_quest(state: State) -> Features:
    """Spells activated, per seat (a spell activated twice counts twice)."""
    figures: Features = {}
    for event in state.events:
        if event.kind == "activate" and event.to is None:
            key = f"spell:{event.data['spell']}"
            figures.setdefault(key, _per_seat(state))[event.data["seat"]] += 1
    return figures


def _from_stats(prefix: str, group: str, suffix: str = "") -> Callable[[State], Features]:
    """Figures renamed from `State.stats`: ``prefix<name>suffix`` becomes ``group:<name>``."""

    def extract(state: State) -> Features:
        figures: Features = {}
        for key, value in state.stats().items():
            if isinstance(value, list) and key.startswith(prefix) and key.endswith(suffix):
                name = key[len(prefix) : len(key) - len(suffix)]
                figures[f"{group}:{name}"] = [float(v) for v in value]
        return figures

    return extract


def _munchkin(state: State) -> Features:
    """Each seat's class, race and style at the end (from the spectator's view) and the
    cards it played (public ``play`` events)."""
    cards = getattr(type(state), "CS", None)  # the card set: each card's design and kind
    if cards is None:
        return {}
    figures: Features = {}
    for seat, seen in enumerate(state.view(None)["seats"]):
        groups: dict[str, list[str]] = {group: [] for group in CHARACTER_GROUPS}
        for card in seen["table"]:
            kind = cards.designs[card["key"]].kind.value
            if kind in groups:
                groups[kind].append(card["key"])
        for group, keys in groups.items():
            plain = PLAIN_CHARACTER.get(group)
            for key in keys or ([plain] if plain else []):
                figures.setdefault(f"{group}:{key}", _per_seat(state))[seat] = 1.0
    for event in state.events:
        if event.kind == "play" and event.to is None:
            key = f"card:{cards.keys[event.data['card']]}"
            figures.setdefault(key, _per_seat(state))[event.data["seat"]] += 1
    return figures


EXTRACTORS: dict[str, Callable[[State], Features]] = {
    "boss-quest": _boss_quest,
    "meow-dark-lord": _from_stats("hired:", "cat"),
    "ninja-master": _from_stats("", "points", "_points"),
    "munchkin": _munchkin,  # every Munchkin card set (game ids munchkin-...)
}
