"""Meow, Dark Lord! in the terminal: the table, the choices and the events, with Rich.

Everything is built from a seat's view and the events it may see. Cat names and ability
texts come from the content data in the chosen language; the rest is English.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
from gamenight.games.meow_dark_lord.content import CATS, HEARTS, Cat, Effect, Trigger
from gamenight.games.meow_dark_lord.model import (
    TREASURY,
    AttackData,
    CardData,
    CoinsData,
    DealData,
    EndReason,
    EventKind,
    GameOverData,
    HealData,
    NoTargetData,
    Phase,
    RigorMortisData,
    RollOffData,
    SearchData,
    SeatData,
    SetupData,
    Step,
    StrikeData,
    TieBreak,
    TurnData,
    WoundData,
)
from gamenight.games.meow_dark_lord.views import DungeonCatView, MeowView
from gamenight.kernel import Action, Event
from gamenight.ui import does, seat_name, whose

_HEART = "♥"
_PHASES = {
    Phase.HIRE1: "1 · first hire",
    Phase.DUNGEON: "2 · dungeon",
    Phase.HIRE2: "3 · second hire",
    Phase.SACRIFICE: "4 · sacrifice",
    Phase.OVER: "over",
}
_TRIGGERS = {Trigger.ACTIVATION: "Activation", Trigger.HIRE: "Hire", Trigger.LAST_WISH: "Last Wish"}
_WHY = {
    EndReason.COIN_TARGET: "reached the coin target",
    EndReason.RIGOR_MORTIS: "the 4th Rigor Mortis: the Dark Lord is back",
    EndReason.TURN_LIMIT: "the turn limit is reached",
}
_DECIDED = {
    TieBreak.COINS: "the most coins",
    TieBreak.CATS: "a coin tie broken by more cats in the dungeon",
    TieBreak.HEARTS: "ties broken by more hearts on their cats",
    TieBreak.HAND: "ties broken by more cards in hand",
    TieBreak.ROLL_OFF: "ties broken by a die roll-off",
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
    for trigger, label in _TRIGGERS.items():
        ability = cat.ability(trigger)
        if ability is not None:
            parts.append(f"{label}: {escape(ability.text.get(lang))}")
    return " · ".join(parts)


def _card_line(card: int, lang: str) -> str:
    """A cat in hand: name, hearts, power, abilities."""
    words = _keywords(CATS[card], lang)
    return f"{_name(card, lang)} {_stats(card)}" + (f" [dim]— {words}[/]" if words else "")


def _owner(view: MeowView, card: int) -> int:
    for player in view["seats"]:
        if any(d["card"] == card for d in player["dungeon"]):
            return player["seat"]
    return -1


def _hearts_of(view: MeowView, card: int) -> int:
    for player in view["seats"]:
        for d in player["dungeon"]:
            if d["card"] == card:
                return d["hearts"]
    return 0


# ----- the table ---------------------------------------------------------------------------


def table(
    view: MeowView, lang: str, me: int | None = None, reveal: Sequence[MeowView] | None = None
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


def _tower_line(view: MeowView) -> str:
    safe = view["tower_safe_top"]
    tower = f"Tower: {view['tower']} cards"
    if safe:
        tower += f" [dim](the top {safe} hold no Rigor Mortis)[/]"
    return (
        f"Coins to win: [yellow]{view['coin_target']}[/] · treasury: {view['treasury']} · "
        f"{tower} · Rigor Mortis: [bold red]{view['rigor_mortis']}[/]/"
        f"{view['rigor_mortis_total']}"
    )


def _players_table(
    view: MeowView, lang: str, me: int | None, reveal: Sequence[MeowView] | None
) -> Table:
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


def _dungeon_cat(d: DungeonCatView, lang: str, view: MeowView, seat: int) -> str:
    card = d["card"]
    cat = CATS[card]
    hearts = f"[red]{_HEART * d['hearts']}[/][dim]{_HEART * (HEARTS[card] - d['hearts'])}[/]"
    line = f"{_name(card, lang)} {hearts} power {cat.power}"
    words = _keywords(cat, lang)
    if words:
        line += f" [dim]— {words}[/]"
    if d["acted"] and view["turn"] == seat and view["phase"] == Phase.DUNGEON:
        line += " [dim](acted)[/]"
    return line


def _turn_line(view: MeowView, lang: str, me: int | None) -> str:
    if view["phase"] == Phase.OVER:
        return "[bold]The game is over.[/]"
    acting = view["to_act"][0]
    who = "You" if acting == me else f"Seat {acting}"
    pending = view["pending"]
    if pending is None:
        return f"{who} to play ({_PHASES[view['phase']]})."
    source = _name(pending["card"], lang)
    what: dict[str, str] = {
        Step.ATTACK: f"the target of {source}'s attack",
        Effect.WOUND: f"the cat that loses {pending['amount']} {_HEART} ({source})",
        Effect.HEAL: f"the cat {source} heals",
        Effect.RAISE: f"the Graveyard card {source} takes into hand",
        Step.SACRIFICE: f"the cat to sacrifice for {source}",
        Step.STEAL: f"where {source}'s next coin comes from ({_coins_left(pending['amount'])})",
    }
    return f"{who} to choose {what[pending['step']]}."


# ----- choices -----------------------------------------------------------------------------


def choice(view: MeowView, action: Action, lang: str) -> str:
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
        owners = "your" if owner == me else f"seat {owner}'s"
        hearts = _hearts_of(view, card)
        pending = view["pending"]
        assert pending is not None, "a target is chosen for a pending step"
        verbs: dict[str, str] = {Step.ATTACK: "Attack", Effect.HEAL: "Heal"}
        verb = verbs.get(pending["step"], "Hit")
        return f"{verb} {owners} {_name(card, lang)} [dim]({hearts}{_HEART})[/]"
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
    teller = _TELLERS.get(event.kind)
    if teller is None:
        return [escape(f"{event.kind}: {event.data}")]
    return teller(event.data, lang, me)


def _setup(d: SetupData, lang: str, me: int | None) -> list[str]:
    first = seat_name(d["first"], me).capitalize()
    return [f"{first} will play first. The Tower: {d['tower']} cards."]


def _deal(d: DealData, lang: str, me: int | None) -> list[str]:
    return [f"{whose(d['seat'], me)} hand: {_names(d['cards'], lang)}."]


def _turn(d: TurnData, lang: str, me: int | None) -> list[str]:
    return [f"[bold reverse] Turn {d['number']} [/] {whose(d['seat'], me)} turn."]


def _draw(d: SeatData, lang: str, me: int | None) -> list[str]:
    seat = d["seat"]  # the drawer reads which card in the `drew` event
    return [] if seat == me else [f"{does(seat, me, 'draw')} a card from the Tower."]


def _drew(d: CardData, lang: str, me: int | None) -> list[str]:
    return [f"{does(d['seat'], me, 'draw')} {_name(d['card'], lang)} from the Tower."]


def _rigor_mortis(d: RigorMortisData, lang: str, me: int | None) -> list[str]:
    seat = d["seat"]
    return [
        f"[bold red]{does(seat, me, 'reveal')} a Rigor Mortis![/] "
        f"({d['revealed']} on the track) and draw{'' if seat == me else 's'} again."
    ]


def _hire(d: CardData, lang: str, me: int | None) -> list[str]:
    return [f"{does(d['seat'], me, 'hire')} {_name(d['card'], lang)}."]


def _search(d: SearchData, lang: str, me: int | None) -> list[str]:
    return [f"{_name(d['card'], lang)} searches: dice {d['dice']} → {d['hits']} found."]


def _attack(d: AttackData, lang: str, me: int | None) -> list[str]:
    return [
        f"{_name(d['card'], lang)} attacks {_name(d['target'], lang)}: "
        f"dice {d['dice']} → {d['hits']} {_HEART} off."
    ]


def _coins(d: CoinsData, lang: str, me: int | None) -> list[str]:
    seat, amount, source = d["seat"], d["amount"], d["source"]
    where = "the treasury" if source == TREASURY else seat_name(source, me)
    noun = "coin" if amount == 1 else "coins"
    return [f"{does(seat, me, 'take')} [yellow]{amount} {noun}[/] from {where}."]


def _wound(d: WoundData, lang: str, me: int | None) -> list[str]:
    return [f"{_name(d['card'], lang)} loses {d['amount']} {_HEART}, {d['hearts']} left."]


def _killed(d: CardData, lang: str, me: int | None) -> list[str]:
    return [f"{whose(d['seat'], me)} {_name(d['card'], lang)} falls: to the Graveyard."]


def _sacrificed(d: CardData, lang: str, me: int | None) -> list[str]:
    return [f"{whose(d['seat'], me)} {_name(d['card'], lang)} is sacrificed: to the Graveyard."]


def _activate(d: CardData, lang: str, me: int | None) -> list[str]:
    ability = CATS[d["card"]].activation
    text = escape(ability.text.get(lang)) if ability is not None else ""
    return [f"{whose(d['seat'], me)} {_name(d['card'], lang)} activates: {text}"]


def _strike(d: StrikeData, lang: str, me: int | None) -> list[str]:
    return [f"{_name(d['card'], lang)}'s ability strikes {_name(d['target'], lang)}."]


def _heal(d: HealData, lang: str, me: int | None) -> list[str]:
    return [f"{_name(d['target'], lang)} is healed to {d['hearts']} {_HEART}."]


def _to_hand(d: CardData, lang: str, me: int | None) -> list[str]:
    where = f"{seat_name(d['seat'], me)}'s hand"
    return [f"{_name(d['card'], lang)} goes from the Graveyard to {where}."]


def _discard(d: CardData, lang: str, me: int | None) -> list[str]:
    return [f"{does(d['seat'], me, 'discard')} {_name(d['card'], lang)}."]


def _no_target(d: NoTargetData, lang: str, me: int | None) -> list[str]:
    return [f"{_name(d['card'], lang)}'s ability has nothing to act on."]


def _roll_off(d: RollOffData, lang: str, me: int | None) -> list[str]:
    rolls = ", ".join(
        f"{seat_name(s, me)} {die}" for s, die in zip(d["seats"], d["dice"], strict=True)
    )
    return [f"Roll-off: {rolls}."]


def _game_over(d: GameOverData, lang: str, me: int | None) -> list[str]:
    winner = seat_name(d["winner"], me)
    if d["reason"] == EndReason.COIN_TARGET:
        return [f"[bold]Game over[/]: {winner} reached the coin target."]
    why, decided = _WHY[d["reason"]], _DECIDED[d["decided_by"]]
    return [f"[bold]Game over[/]: {why}; {winner} won with {decided}."]


# Each event's lines, by its kind. A teller reads the data of its own kind
# (`model.EVENT_DATA`), which the kernel hands out as a plain dict.
_TELLERS: dict[str, Callable[[Any, str, int | None], list[str]]] = {
    EventKind.SETUP: _setup,
    EventKind.DEAL: _deal,
    EventKind.TURN: _turn,
    EventKind.DRAW: _draw,
    EventKind.DREW: _drew,
    EventKind.RIGOR_MORTIS: _rigor_mortis,
    EventKind.HIRE: _hire,
    EventKind.SEARCH: _search,
    EventKind.ATTACK: _attack,
    EventKind.COINS: _coins,
    EventKind.WOUND: _wound,
    EventKind.KILLED: _killed,
    EventKind.SACRIFICED: _sacrificed,
    EventKind.ACTIVATE: _activate,
    EventKind.ABILITY: _strike,
    EventKind.HEAL: _heal,
    EventKind.TO_HAND: _to_hand,
    EventKind.DISCARD: _discard,
    EventKind.NO_TARGET: _no_target,
    EventKind.ROLL_OFF: _roll_off,
    EventKind.GAME_OVER: _game_over,
}


def _coins_left(amount: int) -> str:
    return "1 coin to take" if amount == 1 else f"{amount} coins to take"


# ----- the end ------------------------------------------------------------------------------


def result(view: MeowView, lang: str, me: int | None = None) -> RenderableType:
    """The winner, why, and everyone's coins, cats, hearts and hand."""
    winner, reason, decided_by = view["winner"], view["end_reason"], view["decided_by"]
    assert winner is not None and reason is not None and decided_by is not None, "not over"
    title = f"Winner: {seat_name(winner, me)} ({_WHY[reason]}"
    if reason != EndReason.COIN_TARGET:
        title += f"; {_DECIDED[decided_by]}"
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
