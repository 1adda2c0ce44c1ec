"""Meow, Dark Lord! in the terminal: the table, the choices and the events, with Rich.

Everything is built from a seat's view and the events it may see, in the language of the
``lang`` argument: the words from this folder's catalogs (``locale/<lang>.po``), the cat
names and ability texts there too, by their English names in the content data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
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
from gamenight.i18n import N_, Catalog, speaks
from gamenight.kernel import Action, Event
from gamenight.ui import does, player_name, seat_name

CATALOG = Catalog(__package__)
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext

_HEART = "♥"
_LOST_HEART = "♡"
_PHASES = {
    Phase.HIRE1: N_("1 · first hire"),
    Phase.DUNGEON: N_("2 · dungeon"),
    Phase.HIRE2: N_("3 · second hire"),
    Phase.SACRIFICE: N_("4 · sacrifice"),
    Phase.OVER: N_("over"),
}
_TRIGGERS = {
    Trigger.ACTIVATION: N_("Activation"),
    Trigger.HIRE: N_("Hire"),
    Trigger.LAST_WISH: N_("Last Wish"),
}
_WHY = {
    EndReason.COIN_TARGET: N_("reached the coin target"),
    EndReason.RIGOR_MORTIS: N_("the 4th Rigor Mortis: the Dark Lord is back"),
    EndReason.TURN_LIMIT: N_("the turn limit is reached"),
}
_DECIDED = {
    TieBreak.COINS: N_("the most coins"),
    TieBreak.CATS: N_("a coin tie broken by more cats in the dungeon"),
    TieBreak.HEARTS: N_("ties broken by more hearts on their cats"),
    TieBreak.HAND: N_("ties broken by more cards in hand"),
    TieBreak.ROLL_OFF: N_("ties broken by a die roll-off"),
}


# ----- words ---------------------------------------------------------------------------


_CAT_BY_KEY = {cat.key: cat for cat in CATS}


@speaks
def name(group: str, key: str, lang: str) -> str | None:
    """The plain name of a thing simulations count by key (``cat`` or ``hired``: a cat),
    or None for a group the game does not name."""
    cat = _CAT_BY_KEY.get(key) if group in ("cat", "hired") else None
    return None if cat is None else pgettext("cat", cat.name.en)


def _name(card: int, lang: str) -> str:
    return f"[bold]{escape(pgettext('cat', CATS[card].name.en))}[/]"


def _names(cards: Sequence[int], lang: str) -> str:
    return ", ".join(_name(c, lang) for c in cards) or _("[dim]none[/]")


def _stats(card: int) -> str:
    cat = CATS[card]
    return _("[red]{hearts}{heart}[/] power {power}").format(
        hearts=HEARTS[card], heart=_HEART, power=cat.power
    )


def _keywords(cat: Cat, lang: str) -> str:
    """Decoy, Steal and each ability with its text."""
    parts = [word for word, has in ((_("Decoy"), cat.decoy), (_("Steal"), cat.steal)) if has]
    for trigger, label in _TRIGGERS.items():
        ability = cat.ability(trigger)
        if ability is not None:
            parts.append(f"{_(label)}: {_ability(ability.text.en)}")
    return " · ".join(parts)


def _ability(text: str) -> str:
    """An ability's text, by its English text in the content data."""
    return escape(pgettext("ability", text))


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


@speaks
def table(
    view: MeowView, lang: str, me: int | None = None, reveal: Sequence[MeowView] | None = None
) -> RenderableType:
    """The Tower and the treasury, every player's coins, hand and dungeon, whose turn."""
    title = _("[bold]Meow, Dark Lord![/] · turn {turn} · phase {phase}").format(
        turn=view["turn_number"], phase=_(_PHASES[view["phase"]])
    )
    if reveal is not None:
        title += _(" · every hand shown")
    parts: list[RenderableType] = [_tower_line(view), "", _players_table(view, lang, me, reveal)]
    if view["graveyard"]:
        graveyard = _names([g["card"] for g in view["graveyard"]], lang)
        parts += ["", _("Graveyard: {cats}").format(cats=graveyard)]
    if me is not None and reveal is None:
        hand = view["seats"][me]["hand"] or []
        parts += ["", _("[bold]Your hand[/]")]
        parts += [f"  {_card_line(c['card'], lang)}" for c in hand] or [_("  [dim]empty[/]")]
    return Group(
        Panel(Group(*parts), title=title, title_align="left", border_style="dim"),
        _turn_line(view, lang, me),
    )


@speaks
def compact_table(view: MeowView, lang: str, me: int | None = None) -> RenderableType:
    """The table for a short terminal: the treasury, the Tower and the Graveyard (by count)
    in one line, one line per seat with its cats in short (name, hearts, power), your hand
    by name (unless you are hiring: the choices list it), and whose turn it is."""
    head = _(
        "[bold]Meow, Dark Lord![/] · turn {turn} · {phase} · coins to win: [yellow]{target}[/]"
    ).format(turn=view["turn_number"], phase=_(_PHASES[view["phase"]]), target=view["coin_target"])
    tower = str(view["tower"])
    if view["tower_safe_top"]:
        tower += _(" ({safe} safe)").format(safe=view["tower_safe_top"])
    tower = _(
        "Treasury: {treasury} · Tower: {tower} · Graveyard: {graveyard} · "
        "Rigor Mortis: [bold red]{drawn}[/]/{total}"
    ).format(
        treasury=view["treasury"],
        tower=tower,
        graveyard=len(view["graveyard"]),  # by count: a choice taking from it lists its cats
        drawn=view["rigor_mortis"],
        total=view["rigor_mortis_total"],
    )
    grid = Table.grid(padding=(0, 1))
    acting = view["to_act"][0] if view["to_act"] else None
    for player in view["seats"]:
        s = player["seat"]
        seat = f"{'▶' if s == acting else ' '} {s}" + (_(" (you)") if s == me else "")
        coins = ngettext("{count} coin", "{count} coins", player["coins"]).format(
            count=player["coins"]
        )
        size = player["hand_size"]
        hand = ngettext("{count} card", "{count} cards", size).format(count=size)
        cats = [_short_cat(d, lang, view, s) for d in player["dungeon"]]
        grid.add_row(
            f"[bold]{seat}[/]" if s == acting else seat,
            f"[yellow]{coins}[/]",
            hand,
            _(", ").join(cats) or _("[dim]empty[/]"),
        )
    parts: list[RenderableType] = [head, tower, grid]
    hiring = view["phase"] in (Phase.HIRE1, Phase.HIRE2) and view["pending"] is None
    if me is not None and not (hiring and acting == me):  # else each card is a hire choice
        hand_cards = [c["card"] for c in view["seats"][me]["hand"] or []]
        parts.append(_("Your hand: {cats}.").format(cats=_names(hand_cards, lang)))
    return Group(*parts, _turn_line(view, lang, me))


def _short_cat(d: DungeonCatView, lang: str, view: MeowView, seat: int) -> str:
    """A cat in a dungeon in short: ``Fat Cat ♥♥♡♡ p1``, ``(acted)`` once it has."""
    card = d["card"]
    line = _("{cat} {hearts} p{power}").format(
        cat=_name(card, lang), hearts=_heart_marks(card, d["hearts"]), power=CATS[card].power
    )
    if d["acted"] and view["turn"] == seat and view["phase"] == Phase.DUNGEON:
        line += _(" [dim](acted)[/]")
    return line


def _heart_marks(card: int, hearts: int) -> str:
    """A cat's hearts, each lost one hollow, so a wound shows without colour too (NO_COLOR,
    pipes)."""
    return f"[red]{_HEART * hearts}[/][dim]{_LOST_HEART * (HEARTS[card] - hearts)}[/]"


def _tower_line(view: MeowView) -> str:
    safe = view["tower_safe_top"]
    tower = ngettext("Tower: {count} card", "Tower: {count} cards", view["tower"]).format(
        count=view["tower"]
    )
    if safe:
        tower += _(" [dim](the top {safe} hold no Rigor Mortis)[/]").format(safe=safe)
    return _(
        "Coins to win: [yellow]{target}[/] · treasury: {treasury} · {tower} · "
        "Rigor Mortis: [bold red]{drawn}[/]/{total}"
    ).format(
        target=view["coin_target"],
        treasury=view["treasury"],
        tower=tower,
        drawn=view["rigor_mortis"],
        total=view["rigor_mortis_total"],
    )


def _players_table(
    view: MeowView, lang: str, me: int | None, reveal: Sequence[MeowView] | None
) -> Table:
    grid = Table(
        title=_("[bold]Players[/]"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False
    )
    for column in (_("Seat"), _("Coins"), _("Hand")):
        grid.add_column(column, no_wrap=True)
    grid.add_column(_("Dungeon"))
    acting = view["to_act"][0] if view["to_act"] else None
    for player in view["seats"]:
        s = player["seat"]
        seat = f"{'▶' if s == acting else ' '} {s}" + (_(" (you)") if s == me else "")
        hand = reveal[s]["seats"][s]["hand"] if reveal is not None else None
        if hand is not None:
            hand_cell = _names([c["card"] for c in hand], lang)
        else:
            size = player["hand_size"]
            hand_cell = ngettext("{count} card", "{count} cards", size).format(count=size)
            known = [c["card"] for c in player["known_hand"]]
            if known and s != me:
                hand_cell += _(" [dim](incl. {cats})[/]").format(cats=_names(known, lang))
        dungeon = [_dungeon_cat(d, lang, view, s) for d in player["dungeon"]]
        grid.add_row(
            f"[bold]{seat}[/]" if s == acting else seat,
            f"[yellow]{player['coins']}[/]",
            hand_cell,
            "\n".join(dungeon) or _("[dim]empty[/]"),
        )
    return grid


def _dungeon_cat(d: DungeonCatView, lang: str, view: MeowView, seat: int) -> str:
    card = d["card"]
    cat = CATS[card]
    line = _("{cat} {hearts} power {power}").format(
        cat=_name(card, lang), hearts=_heart_marks(card, d["hearts"]), power=cat.power
    )
    words = _keywords(cat, lang)
    if words:
        line += f" [dim]— {words}[/]"
    if d["acted"] and view["turn"] == seat and view["phase"] == Phase.DUNGEON:
        line += _(" [dim](acted)[/]")
    return line


def _turn_line(view: MeowView, lang: str, me: int | None) -> str:
    if view["phase"] == Phase.OVER:
        return _("[bold]The game is over.[/]")
    acting = view["to_act"][0]
    who = player_name(acting, me)
    pending = view["pending"]
    if pending is None:
        return _("{who} to play ({phase}).").format(who=who, phase=_(_PHASES[view["phase"]]))
    source, amount = _name(pending["card"], lang), pending["amount"]
    what: dict[str, str] = {
        Step.ATTACK: _("{who} to choose the target of {cat}'s attack."),
        Effect.WOUND: _("{who} to choose the cat that loses {amount} {heart} ({cat})."),
        Effect.HEAL: _("{who} to choose the cat {cat} heals."),
        Effect.RAISE: _("{who} to choose the Graveyard card {cat} takes into hand."),
        Step.SACRIFICE: _("{who} to choose the cat to sacrifice for {cat}."),
        Step.STEAL: _("{who} to choose where {cat}'s next coin comes from ({left})."),
    }
    return what[pending["step"]].format(
        who=who, cat=source, amount=amount, heart=_HEART, left=_coins_left(amount)
    )


# ----- choices -----------------------------------------------------------------------------


@speaks
def confirm(view: MeowView, action: Action, lang: str) -> str | None:
    """Why `action` asks for confirmation at the prompt (it ends the dungeon phase while
    cats could still act), or None."""
    if isinstance(action, EndDungeon):
        return _("The cats that have not acted stay idle this turn.")
    return None


@speaks
def choice(view: MeowView, action: Action, lang: str) -> str:
    """A legal action in words, e.g. ``Hire Lucky Cat`` or ``Attack Fat Cat (seat 2)``."""
    me = view["seat"]
    if isinstance(action, Draw):
        return _("Draw a card from the Tower")
    if isinstance(action, EndDungeon):
        return _("End the dungeon phase (the cats that have not acted stay idle)")
    if isinstance(action, Hire):
        return _("Hire {cat}").format(cat=_card_line(action.card, lang))
    if isinstance(action, Search | Attack):
        card = action.card
        dice, power = _hearts_of(view, card), CATS[card].power
        if isinstance(action, Search):
            line = ngettext(
                "{cat} searches [dim]({dice} die, each ≤ {power} succeeds)[/]",
                "{cat} searches [dim]({dice} dice, each ≤ {power} succeeds)[/]",
                dice,
            )
        else:
            line = ngettext(
                "{cat} attacks [dim]({dice} die, each ≤ {power} succeeds)[/]",
                "{cat} attacks [dim]({dice} dice, each ≤ {power} succeeds)[/]",
                dice,
            )
        return line.format(cat=_name(card, lang), dice=dice, power=power)
    if isinstance(action, Activate):
        ability = CATS[action.card].activation
        text = _ability(ability.text.en) if ability is not None else ""
        return _("{cat} activates: {text}").format(cat=_name(action.card, lang), text=text)
    if isinstance(action, Target):
        card = action.card
        owner = _owner(view, card)
        hearts = _hearts_of(view, card)
        pending = view["pending"]
        assert pending is not None, "a target is chosen for a pending step"
        step = pending["step"]
        verbs: dict[str, str]
        if owner == me:
            verbs = {
                Step.ATTACK: _("Attack your {cat} [dim]({hearts}{heart})[/]"),
                Effect.HEAL: _("Heal your {cat} [dim]({hearts}{heart})[/]"),
            }
            line = verbs.get(step, _("Hit your {cat} [dim]({hearts}{heart})[/]"))
        else:
            verbs = {
                Step.ATTACK: _("Attack seat {seat}'s {cat} [dim]({hearts}{heart})[/]"),
                Effect.HEAL: _("Heal seat {seat}'s {cat} [dim]({hearts}{heart})[/]"),
            }
            line = verbs.get(step, _("Hit seat {seat}'s {cat} [dim]({hearts}{heart})[/]"))
        return line.format(seat=owner, cat=_name(card, lang), hearts=hearts, heart=_HEART)
    if isinstance(action, Sacrifice):
        return _("Sacrifice {cat}").format(cat=_name(action.card, lang))
    if isinstance(action, Discard):
        return _("Discard {cat}").format(cat=_name(action.card, lang))
    if isinstance(action, Retrieve):
        return _("Take {cat} from the Graveyard").format(cat=_name(action.card, lang))
    if isinstance(action, Rob):
        coins = view["seats"][action.seat]["coins"]
        return ngettext(
            "Steal a coin from seat {seat} [dim]({coins} coin)[/]",
            "Steal a coin from seat {seat} [dim]({coins} coins)[/]",
            coins,
        ).format(seat=action.seat, coins=coins)
    if isinstance(action, FromTreasury):
        coins = view["treasury"]
        return ngettext(
            "Take a coin from the treasury [dim]({coins} coin)[/]",
            "Take a coin from the treasury [dim]({coins} coins)[/]",
            coins,
        ).format(coins=coins)
    return str(action)


# ----- events ------------------------------------------------------------------------------


@speaks
def events(events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
    """Readable lines for consecutive events (the caller filters what the reader may see)."""
    lines: list[str] = []
    for event in events:
        lines.extend(_event(event, lang, me))
    return lines


@speaks
def summary(view: MeowView, events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
    """`events` (up to `view`) in fewer lines: each other seat's turn in one line (``Seat 2:
    hired Tabby Scout, searched 2 times (3 found), drew a card.``); your own turns, what
    hit your cats or your coins, and the end of the game in full."""
    mine = {d["card"] for d in view["seats"][me]["dungeon"]} if me is not None else set()
    lines: list[str] = []
    turn: _ShortTurn | None = None  # another seat's turn, being told in short
    for event, previous in zip(events, [None, *events[:-1]], strict=False):
        kind, d = event.kind, event.data
        if kind == EventKind.TURN:
            lines += [] if turn is None else turn.line(me)
            # Your own turn's start goes unsaid: the table says you are to play.
            turn = None if d["seat"] == me else _ShortTurn(d["seat"])
        elif _found(previous, event):
            continue  # the search's tally tells these coins
        elif turn is None:
            lines += _event(event, lang, me)
        elif _hits(event, me, mine) or kind not in (*_SHORT, EventKind.SEARCH, EventKind.COINS):
            turn.after += _event(event, lang, me)
        elif kind == EventKind.SEARCH:
            turn.tally(EventKind.SEARCH, (1, d["hits"]), _searches)
        elif kind == EventKind.COINS:
            source = d["source"]
            turn.tally((kind, source), (d["amount"],), partial(_took, source=source, me=me))
        elif move := _SHORT[kind](d, lang, me):
            turn.moves.append(move)
    return lines + ([] if turn is None else turn.line(me))


class _ShortTurn:
    """Another seat's turn told in one line: its moves in order, its searches and the coins
    it took from each place added up where they first came; then, in full, what hit you
    and what is not a move."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.moves: list[str] = []
        self.after: list[str] = []
        self._tallies: dict[object, tuple[int, list[int]]] = {}  # (place in moves, sums)

    def tally(self, key: object, amounts: tuple[int, ...], words: Callable[..., str]) -> None:
        """Add `amounts` to the sums of `key`, told by `words(*sums)`."""
        if key not in self._tallies:
            self._tallies[key] = (len(self.moves), [0] * len(amounts))
            self.moves.append("")
        at, sums = self._tallies[key]
        sums[:] = [total + amount for total, amount in zip(sums, amounts, strict=True)]
        self.moves[at] = words(*sums)

    def line(self, me: int | None) -> list[str]:
        """The turn's line (none when it did nothing worth a word), then the lines in full."""
        if not self.moves:
            return self.after
        moves = _(", ").join(self.moves)
        told = _("{who}: {moves}.").format(who=player_name(self.seat, me), moves=moves)
        return [told, *self.after]


def _found(search: Event | None, coins: Event) -> bool:
    """Whether `coins` are what the `search` just before them found (no news of their own)."""
    return (
        search is not None
        and search.kind == EventKind.SEARCH
        and coins.kind == EventKind.COINS
        and coins.data["source"] == TREASURY
        and coins.data["amount"] == search.data["hits"]
    )


def _hits(event: Event, me: int | None, mine: set[int]) -> bool:
    """Whether `event` hits you: a blow to one of your cats (`mine`), or your coins taken."""
    kind, d = event.kind, event.data
    if kind in (EventKind.ATTACK, EventKind.ABILITY, EventKind.WOUND, EventKind.KILLED):
        return d.get("target", d["card"]) in mine or (kind == EventKind.KILLED and d["seat"] == me)
    return kind == EventKind.COINS and d["source"] == me


def _searches(count: int, hits: int) -> str:
    if count == 1:
        return _("searched ({hits} found)").format(hits=hits)
    return ngettext(
        "searched {count} time ({hits} found)", "searched {count} times ({hits} found)", count
    ).format(count=count, hits=hits)


def _event(event: Event, lang: str, me: int | None) -> list[str]:
    teller = _TELLERS.get(event.kind)
    if teller is None:
        return [escape(f"{event.kind}: {event.data}")]
    return teller(event.data, lang, me)


def _setup(d: SetupData, lang: str, me: int | None) -> list[str]:
    if d["first"] == me:
        line = _("You will play first. The Tower: {count} cards.")
    else:
        line = _("Seat {seat} will play first. The Tower: {count} cards.")
    return [line.format(seat=d["first"], count=d["tower"])]


def _deal(d: DealData, lang: str, me: int | None) -> list[str]:
    cats = _names(d["cards"], lang)
    if d["seat"] == me:
        return [_("Your hand: {cats}.").format(cats=cats)]
    return [_("Seat {seat}'s hand: {cats}.").format(seat=d["seat"], cats=cats)]


def _turn(d: TurnData, lang: str, me: int | None) -> list[str]:
    if d["seat"] == me:
        return [_("[bold reverse] Turn {number} [/] Your turn.").format(number=d["number"])]
    return [
        _("[bold reverse] Turn {number} [/] Seat {seat}'s turn.").format(
            number=d["number"], seat=d["seat"]
        )
    ]


def _draw(d: SeatData, lang: str, me: int | None) -> list[str]:
    seat = d["seat"]  # the drawer reads which card in the `drew` event
    if seat == me:
        return []
    return [_("{who} a card from the Tower.").format(who=does(seat, me, "draw"))]


def _drew(d: CardData, lang: str, me: int | None) -> list[str]:
    return [
        _("{who} {cat} from the Tower.").format(
            who=does(d["seat"], me, "draw"), cat=_name(d["card"], lang)
        )
    ]


def _rigor_mortis(d: RigorMortisData, lang: str, me: int | None) -> list[str]:
    seat = d["seat"]
    if seat == me:
        line = _("[bold red]{who} a Rigor Mortis![/] ({count} on the track) and draw again.")
    else:
        line = _("[bold red]{who} a Rigor Mortis![/] ({count} on the track) and draws again.")
    return [line.format(who=does(seat, me, "reveal"), count=d["revealed"])]


def _hire(d: CardData, lang: str, me: int | None) -> list[str]:
    return [_("{who} {cat}.").format(who=does(d["seat"], me, "hire"), cat=_name(d["card"], lang))]


def _search(d: SearchData, lang: str, me: int | None) -> list[str]:
    return [
        _("{cat} searches: dice {dice} → {hits} found.").format(
            cat=_name(d["card"], lang), dice=d["dice"], hits=d["hits"]
        )
    ]


def _attack(d: AttackData, lang: str, me: int | None) -> list[str]:
    return [
        _("{cat} attacks {target}: dice {dice} → {hits} {heart} off.").format(
            cat=_name(d["card"], lang),
            target=_name(d["target"], lang),
            dice=d["dice"],
            hits=d["hits"],
            heart=_HEART,
        )
    ]


def _coins(d: CoinsData, lang: str, me: int | None) -> list[str]:
    seat, amount, source = d["seat"], d["amount"], d["source"]
    who = does(seat, me, "take")
    if source == TREASURY:
        return [
            ngettext(
                "{who} [yellow]{amount} coin[/] from the treasury.",
                "{who} [yellow]{amount} coins[/] from the treasury.",
                amount,
            ).format(who=who, amount=amount)
        ]
    return [
        ngettext(
            "{who} [yellow]{amount} coin[/] from {seat}.",
            "{who} [yellow]{amount} coins[/] from {seat}.",
            amount,
        ).format(who=who, amount=amount, seat=seat_name(source, me))
    ]


def _wound(d: WoundData, lang: str, me: int | None) -> list[str]:
    return [
        _("{cat} loses {amount} {heart}, {hearts} left.").format(
            cat=_name(d["card"], lang), amount=d["amount"], heart=_HEART, hearts=d["hearts"]
        )
    ]


def _killed(d: CardData, lang: str, me: int | None) -> list[str]:
    cat = _name(d["card"], lang)
    if d["seat"] == me:
        return [_("Your {cat} falls: to the Graveyard.").format(cat=cat)]
    return [_("Seat {seat}'s {cat} falls: to the Graveyard.").format(seat=d["seat"], cat=cat)]


def _sacrificed(d: CardData, lang: str, me: int | None) -> list[str]:
    cat = _name(d["card"], lang)
    if d["seat"] == me:
        return [_("Your {cat} is sacrificed: to the Graveyard.").format(cat=cat)]
    return [
        _("Seat {seat}'s {cat} is sacrificed: to the Graveyard.").format(seat=d["seat"], cat=cat)
    ]


def _activate(d: CardData, lang: str, me: int | None) -> list[str]:
    ability = CATS[d["card"]].activation
    text = _ability(ability.text.en) if ability is not None else ""
    cat = _name(d["card"], lang)
    if d["seat"] == me:
        return [_("Your {cat} activates: {text}").format(cat=cat, text=text)]
    return [_("Seat {seat}'s {cat} activates: {text}").format(seat=d["seat"], cat=cat, text=text)]


def _strike(d: StrikeData, lang: str, me: int | None) -> list[str]:
    return [
        _("{cat}'s ability strikes {target}.").format(
            cat=_name(d["card"], lang), target=_name(d["target"], lang)
        )
    ]


def _heal(d: HealData, lang: str, me: int | None) -> list[str]:
    return [
        _("{cat} is healed to {hearts} {heart}.").format(
            cat=_name(d["target"], lang), hearts=d["hearts"], heart=_HEART
        )
    ]


def _to_hand(d: CardData, lang: str, me: int | None) -> list[str]:
    cat = _name(d["card"], lang)
    if d["seat"] == me:
        return [_("{cat} goes from the Graveyard to your hand.").format(cat=cat)]
    return [
        _("{cat} goes from the Graveyard to seat {seat}'s hand.").format(cat=cat, seat=d["seat"])
    ]


def _discard(d: CardData, lang: str, me: int | None) -> list[str]:
    return [
        _("{who} {cat}.").format(who=does(d["seat"], me, "discard"), cat=_name(d["card"], lang))
    ]


def _no_target(d: NoTargetData, lang: str, me: int | None) -> list[str]:
    return [_("{cat}'s ability has nothing to act on.").format(cat=_name(d["card"], lang))]


def _roll_off(d: RollOffData, lang: str, me: int | None) -> list[str]:
    rolls = ", ".join(
        f"{seat_name(s, me)} {die}" for s, die in zip(d["seats"], d["dice"], strict=True)
    )
    return [_("Roll-off: {rolls}.").format(rolls=rolls)]


def _game_over(d: GameOverData, lang: str, me: int | None) -> list[str]:
    winner = seat_name(d["winner"], me)
    if d["reason"] == EndReason.COIN_TARGET:
        return [_("[bold]Game over[/]: {winner} reached the coin target.").format(winner=winner)]
    why, decided = _(_WHY[d["reason"]]), _(_DECIDED[d["decided_by"]])
    return [
        _("[bold]Game over[/]: {why}; {winner} won with {decided}.").format(
            why=why, winner=winner, decided=decided
        )
    ]


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


def _took(amount: int, source: int | str, me: int | None) -> str:
    """``took 2 coins`` (from the treasury) or ``took 2 coins from seat 1``."""
    if source == TREASURY:
        return ngettext(
            "took [yellow]{amount} coin[/]", "took [yellow]{amount} coins[/]", amount
        ).format(amount=amount)
    assert isinstance(source, int), "coins come from the treasury or a seat"
    return ngettext(
        "took [yellow]{amount} coin[/] from {seat}",
        "took [yellow]{amount} coins[/] from {seat}",
        amount,
    ).format(amount=amount, seat=seat_name(source, me))


# Another seat's moves in a few words, by the event's kind (its searches and coins are
# added up in `summary`); a kind missing here is told in full even in a summary.
_SHORT: dict[str, Callable[[Any, str, int | None], str]] = {
    EventKind.DRAW: lambda d, lang, me: _("drew a card"),
    EventKind.DREW: lambda d, lang, me: _("drew {cat}").format(cat=_name(d["card"], lang)),
    EventKind.RIGOR_MORTIS: lambda d, lang, me: _("[bold red]revealed a Rigor Mortis[/]"),
    EventKind.HIRE: lambda d, lang, me: _("hired {cat}").format(cat=_name(d["card"], lang)),
    EventKind.ATTACK: lambda d, lang, me: _("{cat} attacked {target} ({hits} {heart} off)").format(
        cat=_name(d["card"], lang), target=_name(d["target"], lang), hits=d["hits"], heart=_HEART
    ),
    EventKind.WOUND: lambda d, lang, me: "",  # its attack or ability told it
    EventKind.KILLED: lambda d, lang, me: _("{cat} fell").format(cat=_name(d["card"], lang)),
    EventKind.SACRIFICED: lambda d, lang, me: _("sacrificed {cat}").format(
        cat=_name(d["card"], lang)
    ),
    EventKind.ACTIVATE: lambda d, lang, me: _("{cat} activated").format(cat=_name(d["card"], lang)),
    EventKind.ABILITY: lambda d, lang, me: _("{cat} struck {target}").format(
        cat=_name(d["card"], lang), target=_name(d["target"], lang)
    ),
    EventKind.HEAL: lambda d, lang, me: _("healed {cat}").format(cat=_name(d["target"], lang)),
    EventKind.TO_HAND: lambda d, lang, me: _("took {cat} from the Graveyard").format(
        cat=_name(d["card"], lang)
    ),
    EventKind.DISCARD: lambda d, lang, me: _("discarded {cat}").format(cat=_name(d["card"], lang)),
    EventKind.NO_TARGET: lambda d, lang, me: "",
}


def _coins_left(amount: int) -> str:
    return ngettext("{count} coin to take", "{count} coins to take", amount).format(count=amount)


# ----- the end ------------------------------------------------------------------------------


@speaks
def result(view: MeowView, lang: str, me: int | None = None) -> RenderableType:
    """The winner, why, and everyone's coins, cats, hearts and hand."""
    winner, reason, decided_by = view["winner"], view["end_reason"], view["decided_by"]
    assert winner is not None and reason is not None and decided_by is not None, "not over"
    why = _(_WHY[reason])
    if reason != EndReason.COIN_TARGET:
        why += "; " + _(_DECIDED[decided_by])
    title = _("Winner: {seat} ({why})").format(seat=seat_name(winner, me), why=why)
    if me is not None:
        title += _(" — [bold green]you win![/]") if me == winner else _(" — you lose.")
    grid = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    for column in (_("Seat"), _("Coins"), _("Cats"), _("Hearts"), _("Hand")):
        grid.add_column(column)
    for player in view["seats"]:
        s = player["seat"]
        grid.add_row(
            player_name(s, None)
            + (_(" (you)") if s == me else "")
            + (_(" [bold green]winner[/]") if s == winner else ""),
            f"[yellow]{player['coins']}[/]/{view['coin_target']}",
            str(len(player["dungeon"])),
            str(sum(d["hearts"] for d in player["dungeon"])),
            str(player["hand_size"]),
        )
    return grid
