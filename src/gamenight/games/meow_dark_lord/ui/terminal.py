"""Meow, Dark Lord! in the terminal: the table, the choices and the events, with Rich.

Everything is built from a seat's view and the events it may see. Cat names and ability
texts come from the content data in the chosen language; the rest is English.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from gamenight.games.meow_dark_lord.actions import (
    Activate,
    Attack,
    Discard,
    Draw,
    EndDungeon,
    FromTreasury,
    Hire,
    Retrieve,
    Rob,
    Sacrifice,
    Search,
    Target,
)
from gamenight.games.meow_dark_lord.content import CATS, HEARTS, Cat
from gamenight.kernel import Action, Event
from gamenight.ui import View, does, seat_name, whose

_HEART = "♥"
_PHASES = {
    "hire1": "1 · first hire",
    "dungeon": "2 · dungeon",
    "hire2": "3 · second hire",
    "sacrifice": "4 · sacrifice",
    "over": "over",
}
_TRIGGERS = (("activation", "Activation"), ("hire", "Hire"), ("last_wish", "Last Wish"))
_WHY = {
    "coin_target": "reached the coin target",
    "rigor_mortis": "the 4th Rigor Mortis: the Dark Lord is back",
    "turn_limit": "the turn limit is reached",
}
_DECIDED = {
    "coins": "the most coins",
    "cats": "a coin tie broken by more cats in the dungeon",
    "hearts": "ties broken by more hearts on their cats",
    "hand": "ties broken by more cards in hand",
    "roll_off": "ties broken by a die roll-off",
}


# ----- words ---------------------------------------------------------------------------


def _name(card: int, lang: str) -> str:
    return f"[bold]{escape(CATS[card].name.get(lang))}[/]"


def _names(cards: Sequence[int], lang: str) -> str:
    return ", ".join(_name(c, lang) for c in cards) or "[dim]none[/]"


def _stats(card: int) -> str:
    cat = CATS[card]
    return f"[red]{HEARTS[card]}{_HEART}[/] power {cat.power}"


def _keywords(cat: Cat, lang: str) -> str:
    """Decoy, Steal and each ability with its text."""
    parts = [word for word, has in (("Decoy", cat.decoy), ("Steal", cat.steal)) if has]
    for trigger, label in _TRIGGERS:
        ability = getattr(cat, trigger)
        if ability is not None:
            parts.append(f"{label}: {escape(ability.text.get(lang))}")
    return " · ".join(parts)


def _card_line(card: int, lang: str) -> str:
    """A cat in hand: name, hearts, power, abilities."""
    words = _keywords(CATS[card], lang)
    return f"{_name(card, lang)} {_stats(card)}" + (f" [dim]— {words}[/]" if words else "")


def _owner(view: View, card: int) -> int:
    for player in view["seats"]:
        if any(d["card"] == card for d in player["dungeon"]):
            return player["seat"]
    return -1


def _hearts_of(view: View, card: int) -> int:
    for player in view["seats"]:
        for d in player["dungeon"]:
            if d["card"] == card:
                return d["hearts"]
    return 0


# ----- the table ---------------------------------------------------------------------------


def table(
    view: View, lang: str, me: int | None = None, reveal: Sequence[View] | None = None
) -> RenderableType:
    """The Tower and the treasury, every player's coins, hand and dungeon, whose turn."""
    title = (
        f"[bold]Meow, Dark Lord![/] · turn {view['turn_number']} · phase {_PHASES[view['phase']]}"
    )
    if reveal is not None:
        title += " · every hand shown"
    parts: list[RenderableType] = [_tower_line(view), "", _players_table(view, lang, me, reveal)]
    if view["graveyard"]:
        graveyard = _names([g["card"] for g in view["graveyard"]], lang)
        parts += ["", f"Graveyard: {graveyard}"]
    if me is not None and reveal is None:
        hand = view["seats"][me]["hand"] or []
        parts += ["", "[bold]Your hand[/]"]
        parts += [f"  {_card_line(c['card'], lang)}" for c in hand] or ["  [dim]empty[/]"]
    return Group(
        Panel(Group(*parts), title=title, title_align="left", border_style="dim"),
        _turn_line(view, lang, me),
    )


def _tower_line(view: View) -> str:
    safe = view["tower_safe_top"]
    tower = f"Tower: {view['tower']} cards"
    if safe:
        tower += f" [dim](the top {safe} hold no Rigor Mortis)[/]"
    return (
        f"Coins to win: [yellow]{view['coin_target']}[/] · treasury: {view['treasury']} · "
        f"{tower} · Rigor Mortis: [bold red]{view['rigor_mortis']}[/]/"
        f"{view['rigor_mortis_total']}"
    )


def _players_table(view: View, lang: str, me: int | None, reveal: Sequence[View] | None) -> Table:
    grid = Table(
        title="[bold]Players[/]", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False
    )
    for column in ("Seat", "Coins", "Hand"):
        grid.add_column(column, no_wrap=True)
    grid.add_column("Dungeon")
    acting = view["to_act"][0] if view["to_act"] else None
    for player in view["seats"]:
        s = player["seat"]
        seat = f"{'▶' if s == acting else ' '} {s}" + (" (you)" if s == me else "")
        hand = reveal[s]["seats"][s]["hand"] if reveal is not None else None
        if hand is not None:
            hand_cell = _names([c["card"] for c in hand], lang)
        else:
            size = player["hand_size"]
            hand_cell = f"{size} card{'' if size == 1 else 's'}"
            known = [c["card"] for c in player["known_hand"]]
            if known and s != me:
                hand_cell += f" [dim](incl. {_names(known, lang)})[/]"
        dungeon = [_dungeon_cat(d, lang, view, s) for d in player["dungeon"]]
        grid.add_row(
            f"[bold]{seat}[/]" if s == acting else seat,
            f"[yellow]{player['coins']}[/]",
            hand_cell,
            "\n".join(dungeon) or "[dim]empty[/]",
        )
    return grid


def _dungeon_cat(d: dict[str, Any], lang: str, view: View, seat: int) -> str:
    card = d["card"]
    cat = CATS[card]
    hearts = f"[red]{_HEART * d['hearts']}[/][dim]{_HEART * (HEARTS[card] - d['hearts'])}[/]"
    line = f"{_name(card, lang)} {hearts} power {cat.power}"
    words = _keywords(cat, lang)
    if words:
        line += f" [dim]— {words}[/]"
    if d["acted"] and view["turn"] == seat and view["phase"] == "dungeon":
        line += " [dim](acted)[/]"
    return line


def _turn_line(view: View, lang: str, me: int | None) -> str:
    if view["phase"] == "over":
        return "[bold]The game is over.[/]"
    acting = view["to_act"][0]
    who = "You" if acting == me else f"Seat {acting}"
    pending = view["pending"]
    if pending is None:
        return f"{who} to play ({_PHASES[view['phase']]})."
    source = _name(pending["card"], lang)
    step = pending["step"]
    what = {
        "attack": f"the target of {source}'s attack",
        "wound": f"the cat that loses {pending['amount']} {_HEART} ({source})",
        "heal": f"the cat {source} heals",
        "raise": f"the Graveyard card {source} takes into hand",
        "sacrifice": f"the cat to sacrifice for {source}",
        "steal": f"where {source}'s next coin comes from ({_coins_left(pending['amount'])})",
    }[step]
    return f"{who} to choose {what}."


# ----- choices -----------------------------------------------------------------------------


def choice(view: View, action: Action, lang: str) -> str:
    """A legal action in words, e.g. ``Hire Lucky Cat`` or ``Attack Fat Cat (seat 2)``."""
    me = view["seat"]
    if isinstance(action, Draw):
        return "Draw a card from the Tower"
    if isinstance(action, EndDungeon):
        return "End the dungeon phase (the cats that have not acted stay idle)"
    if isinstance(action, Hire):
        return f"Hire {_card_line(action.card, lang)}"
    if isinstance(action, Search | Attack):
        card = action.card
        dice, power = _hearts_of(view, card), CATS[card].power
        verb = "searches" if isinstance(action, Search) else "attacks"
        return f"{_name(card, lang)} {verb} [dim]({dice} dice, each ≤ {power} succeeds)[/]"
    if isinstance(action, Activate):
        ability = CATS[action.card].activation
        text = escape(ability.text.get(lang)) if ability is not None else ""
        return f"{_name(action.card, lang)} activates: {text}"
    if isinstance(action, Target):
        card = action.card
        owner = _owner(view, card)
        whose = "your" if owner == me else f"seat {owner}'s"
        hearts = _hearts_of(view, card)
        step = view["pending"]["step"]
        verb = {"attack": "Attack", "heal": "Heal"}.get(step, "Hit")
        return f"{verb} {whose} {_name(card, lang)} [dim]({hearts}{_HEART})[/]"
    if isinstance(action, Sacrifice):
        return f"Sacrifice {_name(action.card, lang)}"
    if isinstance(action, Discard):
        return f"Discard {_name(action.card, lang)}"
    if isinstance(action, Retrieve):
        return f"Take {_name(action.card, lang)} from the Graveyard"
    if isinstance(action, Rob):
        coins = view["seats"][action.seat]["coins"]
        return f"Steal a coin from seat {action.seat} [dim]({coins} coins)[/]"
    if isinstance(action, FromTreasury):
        return f"Take a coin from the treasury [dim]({view['treasury']} coins)[/]"
    return str(action)


# ----- events ------------------------------------------------------------------------------


def events(events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
    """Readable lines for consecutive events (the caller filters what the reader may see)."""
    lines: list[str] = []
    for event in events:
        lines.extend(_event(event, lang, me))
    return lines


def _event(event: Event, lang: str, me: int | None) -> list[str]:
    kind, d = event.kind, event.data
    seat = d.get("seat", -1)
    if kind == "setup":
        return [
            f"{seat_name(d['first'], me).capitalize()} will play first. The Tower: {d['tower']} cards."
        ]
    if kind == "deal":
        return [f"{whose(seat, me)} hand: {_names(d['cards'], lang)}."]
    if kind == "turn":
        return [f"[bold reverse] Turn {d['number']} [/] {whose(seat, me)} turn."]
    if kind == "draw":
        return [] if seat == me else [f"{does(seat, me, 'draw')} a card from the Tower."]
    if kind == "drew":
        return [f"{does(seat, me, 'draw')} {_name(d['card'], lang)} from the Tower."]
    if kind == "rigor_mortis":
        return [
            f"[bold red]{does(seat, me, 'reveal')} a Rigor Mortis![/] "
            f"({d['revealed']} on the track) and draw{'' if seat == me else 's'} again."
        ]
    if kind == "hire":
        return [f"{does(seat, me, 'hire')} {_name(d['card'], lang)}."]
    if kind == "search":
        return [f"{_name(d['card'], lang)} searches: dice {d['dice']} → {d['hits']} found."]
    if kind == "attack":
        return [
            f"{_name(d['card'], lang)} attacks {_name(d['target'], lang)}: "
            f"dice {d['dice']} → {d['hits']} {_HEART} off."
        ]
    if kind == "coins":
        return [_coins(d, me)]
    if kind == "wound":
        return [f"{_name(d['card'], lang)} loses {d['amount']} {_HEART}, {d['hearts']} left."]
    if kind in ("killed", "sacrificed"):
        how = "falls" if kind == "killed" else "is sacrificed"
        return [f"{whose(seat, me)} {_name(d['card'], lang)} {how}: to the Graveyard."]
    if kind == "activate":
        ability = CATS[d["card"]].activation
        text = escape(ability.text.get(lang)) if ability is not None else ""
        return [f"{whose(seat, me)} {_name(d['card'], lang)} activates: {text}"]
    if kind == "ability":
        return [f"{_name(d['card'], lang)}'s ability strikes {_name(d['target'], lang)}."]
    if kind == "heal":
        return [f"{_name(d['target'], lang)} is healed to {d['hearts']} {_HEART}."]
    if kind == "to_hand":
        return [
            f"{_name(d['card'], lang)} goes from the Graveyard to {seat_name(seat, me)}'s hand."
        ]
    if kind == "discard":
        return [f"{does(seat, me, 'discard')} {_name(d['card'], lang)}."]
    if kind == "no_target":
        return [f"{_name(d['card'], lang)}'s ability has nothing to act on."]
    if kind == "roll_off":
        rolls = ", ".join(
            f"{seat_name(s, me)} {die}" for s, die in zip(d["seats"], d["dice"], strict=True)
        )
        return [f"Roll-off: {rolls}."]
    if kind == "game_over":
        return [_game_over(d, me)]
    return [escape(f"{kind}: {d}")]


def _coins_left(amount: int) -> str:
    return "1 coin to take" if amount == 1 else f"{amount} coins to take"


def _coins(d: dict[str, Any], me: int | None) -> str:
    seat, amount, source = d["seat"], d["amount"], d["source"]
    where = "the treasury" if source == "treasury" else seat_name(source, me)
    noun = "coin" if amount == 1 else "coins"
    return f"{does(seat, me, 'take')} [yellow]{amount} {noun}[/] from {where}."


def _game_over(d: dict[str, Any], me: int | None) -> str:
    winner = seat_name(d["winner"], me)
    if d["reason"] == "coin_target":
        return f"[bold]Game over[/]: {winner} reached the coin target."
    return (
        f"[bold]Game over[/]: {_WHY[d['reason']]}; {winner} won with {_DECIDED[d['decided_by']]}."
    )


# ----- the end ------------------------------------------------------------------------------


def result(view: View, lang: str, me: int | None = None) -> RenderableType:
    """The winner, why, and everyone's coins, cats, hearts and hand."""
    winner = view["winner"]
    title = f"Winner: {seat_name(winner, me)} ({_WHY[view['end_reason']]}"
    if view["end_reason"] != "coin_target":
        title += f"; {_DECIDED[view['decided_by']]}"
    title += ")"
    if me is not None:
        title += " — [bold green]you win![/]" if me == winner else " — you lose."
    grid = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    for column in ("Seat", "Coins", "Cats", "Hearts", "Hand"):
        grid.add_column(column)
    for player in view["seats"]:
        s = player["seat"]
        grid.add_row(
            f"Seat {s}"
            + (" (you)" if s == me else "")
            + (" [bold green]winner[/]" if s == winner else ""),
            f"[yellow]{player['coins']}[/]/{view['coin_target']}",
            str(len(player["dungeon"])),
            str(sum(d["hearts"] for d in player["dungeon"])),
            str(player["hand_size"]),
        )
    return grid
