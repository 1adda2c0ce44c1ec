"""Boss Quest in the terminal: the table, the choices and the events, with Rich.

Everything is built from a seat's view and the events it may see, in the language of the
``lang`` argument: the words from this folder's catalogs (``locale/<lang>.po``), the card
and colour names there too, by their English names in the content data.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from gamenight.games.boss_quest.actions import (
    Activate,
    ChoosePlayer,
    ChooseSpell,
    ChooseWeapon,
    Discard,
    Equip,
    VisitMage,
)
from gamenight.games.boss_quest.content import (
    COLOUR_NAMES,
    COLOURS,
    SPELLS,
    TARGETED_EFFECTS,
    WEAPON_COLOUR,
    WEAPON_VALUE,
    Effect,
)
from gamenight.games.boss_quest.model import EndReason, EventKind, Phase, SlotStatus
from gamenight.games.boss_quest.views import BossQuestView, SeatView, WeaponView
from gamenight.i18n import Catalog, speaks
from gamenight.kernel import Action, Event
from gamenight.ui import and_list, does, player_name, seat_name, seat_names

CATALOG = Catalog(__package__)
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext

_SPELL = {spell.key: spell for spell in SPELLS}
# Terminal colours of the weapon colours (Rich style names).
_STYLE = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "purple": "bold magenta",
}
_HEART = "♥"
# Events that carry out an activated spell's target choice.
_RESOLUTIONS = (EventKind.TARGET, EventKind.SWAP, EventKind.CANCEL, EventKind.EXCHANGE)


# ----- words ---------------------------------------------------------------------------


def _weapon(colour: str, value: int, lang: str) -> str:
    name = escape(pgettext("colour", COLOUR_NAMES[colour].en))
    return f"[{_STYLE.get(colour, 'bold')}]{name} {value}[/]"


def _weapon_view(weapon: WeaponView, lang: str) -> str:
    return _weapon(weapon["colour"], weapon["value"], lang)


def _letter(colour_name: str) -> str:
    """A colour's letter in English, its catalog message: ``R`` for red."""
    return colour_name[0].upper()


def _short_weapon(weapon: WeaponView) -> str:
    """``R4``: the colour's letter (so no colour is lost without colours) and the value."""
    colour = weapon["colour"]
    letter = escape(pgettext("colour letter", _letter(COLOUR_NAMES[colour].en)))
    return f"[{_STYLE.get(colour, 'bold')}]{letter}{weapon['value']}[/]"


def _weapon_id(weapon: int, lang: str) -> str:
    return _weapon(COLOURS[WEAPON_COLOUR[weapon]], WEAPON_VALUE[weapon], lang)


def _weapons(weapons: Sequence[int], lang: str) -> str:
    return ", ".join(_weapon_id(w, lang) for w in weapons)


@speaks
def name(group: str, key: str, lang: str) -> str | None:
    """The plain name of a thing simulations count by key (``spell``), or None for a
    group the game does not name."""
    spell = _SPELL.get(key) if group == "spell" else None
    return None if spell is None else pgettext("spell", spell.name.en)


def _spell(key: str, lang: str) -> str:
    return f"[bold]{escape(pgettext('spell', _SPELL[key].name.en))}[/]"


def _spell_text(key: str, lang: str) -> str:
    return escape(pgettext("spell text", _SPELL[key].text.en))


def _slot_name(view: BossQuestView, slot: int, lang: str) -> str:
    spell = view["spells"][slot]["spell"]
    return _("the [bold]Mystery spell[/]") if spell is None else _spell(spell, lang)


# ----- the table ---------------------------------------------------------------------------


@speaks
def table(
    view: BossQuestView,
    lang: str,
    me: int | None = None,
    reveal: Sequence[BossQuestView] | None = None,
) -> RenderableType:
    """The boss, the spells beside the Mage, every player, and whose turn it is."""
    title = _("[bold]Boss Quest[/] · round {round}").format(round=view["round"])
    if reveal is not None:
        title += _(" · every hidden weapon shown")
    body = Group(
        _boss_line(view, lang),
        "",
        _spells_table(view, lang, me),
        "",
        _players_table(view, lang, me, reveal),
    )
    return Group(
        Panel(body, title=title, title_align="left", border_style="dim"),
        _turn_line(view, lang, me),
    )


@speaks
def compact_table(view: BossQuestView, lang: str, me: int | None = None) -> RenderableType:
    """The table for a short terminal: the boss in one line, the spells still in play by
    name, one line per seat with its weapons as colour letters (``R4``: the hidden one,
    ``?1–7`` while unknown, ``+`` the face-up ones), and whose turn it is."""
    head = _(
        "[bold]Boss Quest[/] · round {round} · boss {hp} · keys to win: [yellow]{keys}[/] · "
        "deck: {deck}"
    ).format(round=view["round"], hp=_hp(view), keys=view["key_target"], deck=view["weapon_deck"])
    head += _deck_top(view, lang)
    spells = []
    for slot in view["spells"]:
        key, status = slot["spell"], slot["status"]
        if status == SlotStatus.DISCARDED:
            continue  # out of the game: the events told it
        name = _("[bold]?[/] Mystery spell") if key is None else _spell(key, lang)
        pending = view["pending"]
        if pending is not None and pending["slot"] == slot["slot"]:
            name += f" ({_spell_status(view, slot['slot'], lang, me)})"
        elif status == SlotStatus.ACTIVE and slot["target"] is not None:
            name += _(" (on {seat})").format(seat=seat_name(slot["target"], me))
        elif status != SlotStatus.AVAILABLE:  # available goes unsaid
            name += f" ([dim]{pgettext('spell status', status)}[/])"
        spells.append(name)
    grid = Table.grid(padding=(0, 1))
    turn = view["to_act"][0] if view["to_act"] else None
    for player in view["seats"]:
        s = player["seat"]
        seat = f"{'▶' if s == turn else ' '} {s}" + (_(" (you)") if s == me else "")
        hidden = player["hidden"]
        lo, hi = player["hidden_range"]
        weapons = _short_weapon(hidden) if hidden is not None else f"?{lo}–{hi}"
        if player["visible"]:
            weapons += " + " + " ".join(_short_weapon(w) for w in player["visible"])
        marks = [_("Armorer")] if s == view["armorer"] else []
        if player["visited_mage"]:
            marks.append(_("Mage ✓"))
        grid.add_row(
            f"[bold]{seat}[/]" if s == turn else seat,
            f"[red]{_HEART * player['hearts']}[/]" if player["hearts"] else _("[dim]none[/]"),
            f"[yellow]{player['keys']}[/]/{view['key_target']}",
            weapons,
            _attack_cell(player, player["attack"], view["boss"]["hp"], short=True),
            " ".join(marks),
        )
    return Group(
        head,
        _("Spells: {spells}").format(spells=" · ".join(spells)),
        grid,
        _turn_line(view, lang, me),
    )


def _boss_line(view: BossQuestView, lang: str) -> str:
    line = _(
        "Boss: {hp} · keys to win: [yellow]{keys}[/] · "
        "Armorer: seat {armorer} · weapons in the deck: {deck}"
    ).format(
        hp=_hp(view), keys=view["key_target"], armorer=view["armorer"], deck=view["weapon_deck"]
    )
    return line + _deck_top(view, lang)


def _hp(view: BossQuestView) -> str:
    """The boss's HP this round, and its base HP when spells changed it."""
    boss = view["boss"]
    hp = _("[bold red]{hp} HP[/]").format(hp=boss["hp"])
    if boss["hp"] != boss["base_hp"]:
        hp += _(" [dim](base {hp})[/]").format(hp=boss["base_hp"])
    return hp


def _deck_top(view: BossQuestView, lang: str) -> str:
    """The weapon known to lie on top of the deck (after an Exchange), if any."""
    if view["deck_top"] is None:
        return ""
    return _(" (on top: {weapon})").format(weapon=_weapon_view(view["deck_top"], lang))


def _spells_table(view: BossQuestView, lang: str, me: int | None) -> Table:
    grid = Table(
        title=_("[bold]Spells beside the Mage[/]"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    grid.add_column(_("Spell"), no_wrap=True)
    grid.add_column(_("Status"), no_wrap=True)
    grid.add_column(_("Effect"), style="dim")
    for slot in view["spells"]:
        key = slot["spell"]
        if key is None:
            name, text = _("[bold]?[/] Mystery spell"), _("face down")
        else:
            name, text = _spell(key, lang), _spell_text(key, lang)
        grid.add_row(name, _spell_status(view, slot["slot"], lang, me), text)
    return grid


def _spell_status(view: BossQuestView, slot: int, lang: str, me: int | None) -> str:
    spell = view["spells"][slot]
    key, status, target = spell["spell"], spell["status"], spell["target"]
    if status == SlotStatus.AVAILABLE:
        if view["pending"] is not None and view["pending"]["slot"] == slot:
            return _("[bold]being activated[/]")
        return _("[green]available[/]")
    if status == SlotStatus.ACTIVE:
        if target is None:
            return _("[bold]active[/], beside the boss")
        return _("[bold]active[/], on {seat}").format(seat=seat_name(target, me))
    if status == SlotStatus.DISCARDED:
        return _("[dim]discarded[/]") + (_(" [dim]unseen[/]") if key is None else "")
    if status == SlotStatus.USED and target is not None and key is not None:
        effect = _SPELL[key].effect
        if effect is Effect.CANCEL:
            return _("[dim]used on[/] {spell}").format(spell=_slot_name(view, target, lang))
        if effect is Effect.SWAP:
            return _("[dim]used with {seat}[/]").format(seat=seat_name(target, me))
    return f"[dim]{pgettext('spell status', status)}[/]"


def _players_table(
    view: BossQuestView, lang: str, me: int | None, reveal: Sequence[BossQuestView] | None
) -> Table:
    grid = Table(
        title=_("[bold]Players[/]"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False
    )
    for column in (_("Seat"), _("Hearts"), _("Keys"), _("Hidden")):
        grid.add_column(column, no_wrap=True)
    grid.add_column(_("Face up"))
    grid.add_column(_("Attack"))
    grid.add_column(_("Mage"), no_wrap=True)
    turn = view["to_act"][0] if view["to_act"] else None
    for player in view["seats"]:
        s = player["seat"]
        own = reveal[s]["seats"][s] if reveal is not None else player
        seat = f"{'▶' if s == turn else ' '} {s}"
        if s == me:
            seat += _(" (you)")
        hearts = (
            f"[red]{_HEART * player['hearts']}[/]" if player["hearts"] > 0 else _("[dim]none[/]")
        )
        keys = f"[yellow]{player['keys']}[/]/{view['key_target']}"
        grid.add_row(
            f"[bold]{seat}[/]" if s == turn else seat,
            hearts,
            keys,
            _hidden_cell(own["hidden"], player["hidden_range"], lang),
            _weapons_cell(player["visible"], lang),
            _attack_cell(player, own["attack"], view["boss"]["hp"]),
            "[green]✓[/]" if player["visited_mage"] else "",
        )
    return grid


def _hidden_cell(hidden: WeaponView | None, bounds: list[int], lang: str) -> str:
    if hidden is not None:
        return _weapon_view(hidden, lang)
    lo, hi = bounds
    return f"? [dim]({lo}–{hi})[/]"


def _weapons_cell(visible: list[WeaponView], lang: str) -> str:
    return " ".join(_weapon_view(w, lang) for w in visible) or _("[dim]none[/]")


def _attack_cell(player: SeatView, attack: int | None, hp: int, short: bool = False) -> str:
    """The exact attack when known, else the range the hidden weapon's public bounds allow
    (`short`: without the face-up part of it)."""
    shown = player["visible_attack"]
    if attack is not None:
        cell = f"[bold]{attack}[/]"
        if attack <= hp:
            cell += _(" [dim]({under} under)[/]").format(under=hp - attack)
    else:
        lo, hi = player["hidden_range"]
        cell = f"{shown + lo}–{shown + hi}" + ("" if short else f" [dim]({shown} + ?)[/]")
    bonus = player["attack_bonus"]
    if bonus:
        cell += _(" [dim]spells {bonus}[/]").format(bonus=f"{bonus:+d}")
    if player["bust"]:
        cell += _(" [bold red]BUST[/]")
    return cell


def _turn_line(view: BossQuestView, lang: str, me: int | None) -> str:
    if view["phase"] == Phase.OVER:
        return _("[bold]The game is over.[/]")
    turn = view["to_act"][0]
    who = _("Your turn") if turn == me else _("Seat {seat}'s turn").format(seat=turn)
    pending = view["pending"]
    if pending is not None:
        return _("{who}: choosing the target of {spell}.").format(
            who=who, spell=_spell(pending["spell"], lang)
        )
    if view["phase"] == Phase.LAST_CALL:
        last = seat_names(view["last_call"], me)
        return _(
            "[bold]Last call[/]: one last action each for {seats}, then the battle. {who}."
        ).format(seats=last, who=who)
    if view["last_equip_done"]:
        return _("{who}: last equip done, now the visit to the Mage.").format(who=who)
    if sum(not p["visited_mage"] for p in view["seats"]) == 1:
        return _("{who}, the last one equipping: one more equip at most, then the Mage.").format(
            who=who
        )
    return _("{who}.").format(who=who)


# ----- choices -----------------------------------------------------------------------------


@speaks
def choice(view: BossQuestView, action: Action, lang: str) -> str:
    """A legal action in words, e.g. ``Activate Boss HP −2`` or ``Give Attack +1 to seat 2``."""
    me = view["seat"]
    if isinstance(action, Equip):
        return ngettext(
            "Take {count} weapon from the deck", "Take {count} weapons from the deck", action.count
        ).format(count=action.count)
    if isinstance(action, Activate | Discard):
        key = view["spells"][action.slot]["spell"]
        if isinstance(action, Activate):
            if key is None:
                return _("Activate the Mystery spell blind")
            return _("Activate {spell}").format(spell=_spell(key, lang))
        if key is None:
            return _("Discard the Mystery spell unseen")
        return _("Discard {spell}").format(spell=_spell(key, lang))
    if isinstance(action, VisitMage):
        return _("Visit the Mage (no spell is left to take)")
    pending = view["pending"]
    if pending is None or me is None:  # no target to choose
        return str(action)
    if isinstance(action, ChoosePlayer):
        if _SPELL[pending["spell"]].effect is Effect.SWAP:
            return _("Swap your hidden weapon with seat {seat}'s").format(seat=action.seat)
        whom = _("yourself") if action.seat == me else seat_name(action.seat, me)
        return _("Give {spell} to {whom}").format(spell=_spell(pending["spell"], lang), whom=whom)
    if isinstance(action, ChooseSpell):
        slot = view["spells"][action.slot]
        on = ""
        if slot["target"] is not None:
            on = _(" (on {seat})").format(seat=seat_name(slot["target"], me))
        return _("Cancel {spell}{on}").format(spell=_slot_name(view, action.slot, lang), on=on)
    if isinstance(action, ChooseWeapon):
        hidden = view["seats"][me]["hidden"]
        if hidden is not None and hidden["id"] == action.weapon:
            mine = _("your hidden {weapon}").format(weapon=_weapon_id(action.weapon, lang))
        else:
            mine = _weapon_id(action.weapon, lang)
        return _("Exchange {weapon} for the deck's top card").format(weapon=mine)
    return str(action)


# ----- events ------------------------------------------------------------------------------


@speaks
def confirm(view: BossQuestView, action: Action, lang: str) -> str | None:
    """Why `action` asks for confirmation at the prompt (it ends the seat's round), or None."""
    if isinstance(action, Activate | Discard | VisitMage):
        return _("This visit to the Mage ends your round: you skip your turns until the battle.")
    return None


@speaks
def events(events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
    """Readable lines for consecutive events (the caller filters what the reader may see)."""
    return [line for event in _told(events) for line in _event(event, lang, me)]


@speaks
def summary(
    view: BossQuestView, events: Sequence[Event], lang: str, me: int | None = None
) -> list[str]:
    """`events` (up to `view`) in fewer lines: each other seat's consecutive moves in one line (``Seat 2:
    took 2 weapons, announced a bust.``), seats in a row that did the same in one
    (``Seat 3, seat 4 and seat 5: took 1 weapon.``); your own moves, what was done to you, the start
    of a round (the table shows its spells and weapons), the battle and the end in full."""
    told: list[tuple[int | None, str]] = []  # (the seat, a move in short) or (None, a line)
    for event in _told(events):
        move = _move(event, lang, me)
        if move is not None:
            told.append((event.data["seat"], move))
        elif event.kind == EventKind.ROUND:
            told.append((None, _round(event.data, lang, me)[0]))
        else:
            told.extend((None, line) for line in _event(event, lang, me))
    # Each seat's consecutive moves in one line; seats in a row that did the same, together.
    turns: list[tuple[list[int], str]] = []
    for seat, moves in groupby(told, key=lambda item: item[0]):
        texts = [text for _seat, text in moves]
        if seat is None:
            turns.extend(([], text) for text in texts)
            continue
        done = _(", ").join(texts)
        if turns and turns[-1][0] and turns[-1][1] == done:
            turns[-1][0].append(seat)
        else:
            turns.append(([seat], done))
    return [
        _("{who}: {moves}.").format(who=_together(seats, me), moves=done) if seats else done
        for seats, done in turns
    ]


def _together(seats: list[int], me: int | None) -> str:
    """``Seat 2`` or ``Seat 2, seat 3 and seat 4``, at the start of a sentence."""
    return and_list([player_name(seats[0], me), *(seat_name(s, me) for s in seats[1:])])


def _told(events: Sequence[Event]) -> list[Event]:
    """The events worth a line: an activation whose target choice follows is told by it."""
    return [
        event
        for i, event in enumerate(events)
        if not (
            event.kind == EventKind.ACTIVATE
            and i + 1 < len(events)
            and events[i + 1].kind in _RESOLUTIONS
        )
    ]


def _move(event: Event, lang: str, me: int | None) -> str | None:
    """Another seat's move in a few words (``took 2 weapons``); None for your own moves,
    for what is done to you and for what is not a seat's move."""
    kind, d = event.kind, event.data
    seat = d.get("seat")
    if seat is None or seat == me or d.get("target") == me:
        return None
    if kind == EventKind.EQUIP:
        count = len(d["weapons"])
        return ngettext("took {count} weapon", "took {count} weapons", count).format(count=count)
    if kind == EventKind.BUST:
        return _("[bold red]announced a bust[/]") if d["bust"] else _("no longer bust")
    if kind == EventKind.DISCARD:
        if d["spell"] is None:
            return _("discarded the Mystery spell unseen")
        return _("discarded {spell}").format(spell=_spell(d["spell"], lang))
    if kind == EventKind.VISIT:
        return _("visited the Mage")
    if kind == EventKind.REVEAL:
        return _("took the Mystery spell blind: {spell}").format(spell=_spell(d["spell"], lang))
    if kind == EventKind.ACTIVATE:
        return _("activated {spell}").format(spell=_spell(d["spell"], lang))
    if kind == EventKind.EXCHANGE:
        return _("activated {spell}").format(spell=_spell("exchange", lang))
    if kind == EventKind.CANCEL:
        on = _spell(d["cancelled"], lang)
        return _("activated {spell} on {whom}").format(spell=_spell("cancel", lang), whom=on)
    if kind in (EventKind.TARGET, EventKind.SWAP):
        spell = _spell(d["spell"] if kind == EventKind.TARGET else "swap", lang)
        whom = _("themselves") if d["target"] == seat else seat_name(d["target"], me)
        return _("activated {spell} on {whom}").format(spell=spell, whom=whom)
    return None


def _event(event: Event, lang: str, me: int | None) -> list[str]:
    kind, d = event.kind, event.data
    seat = d.get("seat", -1)
    if kind == EventKind.ROUND:
        return _round(d, lang, me)
    if kind == EventKind.HIDDEN_WEAPON:
        weapon = _weapon_id(d["weapon"], lang)
        if seat == me:
            return [_("Your hidden weapon: {weapon}").format(weapon=weapon)]
        return [_("Seat {seat}'s hidden weapon: {weapon}").format(seat=seat, weapon=weapon)]
    if kind == EventKind.BUST:
        if d["bust"]:
            return [
                _("[bold red]{who} a bust![/] (attack over the HP)").format(
                    who=does(seat, me, "announce")
                )
            ]
        if seat == me:
            return [_("You are no longer bust.")]
        return [_("Seat {seat} is no longer bust.").format(seat=seat)]
    if kind == EventKind.EQUIP:
        count = len(d["weapons"])
        return [
            ngettext(
                "{who} {count} weapon: {weapons}", "{who} {count} weapons: {weapons}", count
            ).format(who=does(seat, me, "take"), count=count, weapons=_weapons(d["weapons"], lang))
        ]
    if kind == EventKind.DISCARD:
        if d["spell"] is None:
            return [_("{who} the Mystery spell unseen.").format(who=does(seat, me, "discard"))]
        return [
            _("{who} {spell}.").format(
                who=does(seat, me, "discard"), spell=_spell(d["spell"], lang)
            )
        ]
    if kind == EventKind.VISIT:
        return [_("{who} the Mage (no spell left).").format(who=does(seat, me, "visit"))]
    if kind == EventKind.REVEAL:
        return [
            _("{who} the Mystery spell blind: it is {spell}!").format(
                who=does(seat, me, "take"), spell=_spell(d["spell"], lang)
            )
        ]
    if kind == EventKind.FIZZLE:
        return [
            _("{spell} has nothing to act on: it fizzles, discarded.").format(
                spell=_spell(d["spell"], lang)
            )
        ]
    if kind == EventKind.ACTIVATE:
        return _activate(d, lang, me)
    if kind == EventKind.TARGET:
        whom = _("themselves") if d["target"] == seat else seat_name(d["target"], me)
        if d["target"] == seat == me:
            whom = _("yourself")
        return [
            _("{who} {spell} on {whom}.").format(
                who=does(seat, me, "activate"), spell=_spell(d["spell"], lang), whom=whom
            )
        ]
    if kind == EventKind.SWAP:
        return [
            _("{who} {spell} with {seat}: the two hidden weapons change hands.").format(
                who=does(seat, me, "activate"),
                spell=_spell("swap", lang),
                seat=seat_name(d["target"], me),
            )
        ]
    if kind == EventKind.CANCEL:
        who, spell = does(seat, me, "activate"), _spell("cancel", lang)
        cancelled = _spell(d["cancelled"], lang)
        if _SPELL[d["cancelled"]].effect is Effect.LAST_CALL:
            line = _(
                "{who} {spell} on {cancelled}: the last actions end and the normal turns resume."
            )
        else:
            line = _("{who} {spell} on {cancelled}.")
        return [line.format(who=who, spell=spell, cancelled=cancelled)]
    if kind == EventKind.EXCHANGE:
        who, spell = does(seat, me, "activate"), _spell("exchange", lang)
        if d["gave"] is None:
            if seat == me:
                line = _(
                    "{who} {spell}: your hidden weapon and the deck's top card change places, unseen."
                )
            else:
                line = _(
                    "{who} {spell}: their hidden weapon and the deck's top card change places, unseen."
                )
            return [line.format(who=who, spell=spell)]
        gave, got = _weapon_id(d["gave"], lang), _weapon_id(d["got"], lang)
        return [
            _("{who} {spell}: {got} comes from the top of the deck, {gave} goes on top.").format(
                who=who, spell=spell, got=got, gave=gave
            )
        ]
    if kind == EventKind.EXCHANGE_HIDDEN:
        gave, got = _weapon_id(d["gave"], lang), _weapon_id(d["got"], lang)
        if seat == me:
            line = _(
                "Your hidden {gave} is now the deck's top card; the new hidden weapon is {got}."
            )
        else:
            line = _(
                "Seat {seat}'s hidden {gave} is now the deck's top card; "
                "the new hidden weapon is {got}."
            )
        return [line.format(seat=seat, gave=gave, got=got)]
    if kind == EventKind.BATTLE:
        return _battle(d, lang, me)
    if kind == EventKind.GAME_OVER:
        return [_game_over(d, me)]
    return [escape(f"{kind}: {d}")]


def _round(d: dict[str, Any], lang: str, me: int | None) -> list[str]:
    spells = [_spell(k, lang) if k is not None else _("one face down") for k in d["spells"]]
    dealt = " · ".join(
        f"{seat_name(s, me)} {_weapon_id(w, lang)}" for s, w in enumerate(d["visible"])
    )
    return [
        _(
            "[bold reverse] Round {round} [/] A boss with [bold red]{hp} HP[/] appears. "
            "Armorer: {armorer}."
        ).format(round=d["round"], hp=d["boss_hp"], armorer=seat_name(d["armorer"], me)),
        _("Spells beside the Mage: {spells}.").format(spells=", ".join(spells)),
        _("Face-up weapons dealt: {dealt}.").format(dealt=dealt),
    ]


def _activate(d: dict[str, Any], lang: str, me: int | None) -> list[str]:
    seat, key = d["seat"], d["spell"]
    who, spell = does(seat, me, "activate"), _spell(key, lang)
    effect = _SPELL[key].effect
    if effect in TARGETED_EFFECTS:
        if seat == me:
            line = _("{who} {spell} and choose its target…")
        else:
            line = _("{who} {spell} and chooses its target…")
    elif effect is Effect.LAST_CALL:
        line = _("{who} {spell}: everyone still equipping takes one last action, then the battle.")
    else:
        line = _("{who} {spell}.")
    return [line.format(who=who, spell=spell)]


def _battle(d: dict[str, Any], lang: str, me: int | None) -> list[str]:
    hp = d["hp"]
    lines = [
        _("[bold reverse] Battle [/] against the boss with [bold red]{hp} HP[/]:").format(hp=hp)
    ]
    for s, attack in enumerate(d["attacks"]):
        if attack > hp:
            if s in d["wounded"]:
                fate = _("[red]over the HP[/], a heart lost")
            else:
                fate = _("[red]over the HP[/], no heart lost")
        elif s in d["failed"]:
            fate = _("[dim]out: a required condition is not met[/]")
        elif s in d["winners"]:
            fate = _("[bold green]round won[/]")
        else:
            fate = _("no key")
        if s in d["perfect"]:
            fate += _(", [bold green]perfect hit![/]")
        keys = d["keys"][s]
        lines.append(
            ngettext(
                "  {seat} attack [bold]{attack}[/] (hidden {hidden}): {fate} → {keys} key, {hearts} {heart}",
                "  {seat} attack [bold]{attack}[/] (hidden {hidden}): {fate} → {keys} keys, {hearts} {heart}",
                keys,
            ).format(
                seat=f"{player_name(s, me):<7}",
                attack=f"{attack:>2}",
                hidden=_weapon_id(d["hidden"][s], lang),
                fate=fate,
                keys=keys,
                hearts=d["hearts"][s],
                heart=_HEART,
            )
        )
    if not d["winners"]:
        lines.append(_("  Nobody wins the round."))
    return lines


def _game_over(d: dict[str, Any], me: int | None) -> str:
    winners = seat_names(d["winners"], me)
    if d["reason"] == EndReason.KEYS:
        return _("[bold]Game over[/]: {winners} reached the key target.").format(winners=winners)
    if d["reason"] == EndReason.LAST_HEART:
        return _(
            "[bold]Game over[/]: {losers} lost the last heart; {winners} had the most keys."
        ).format(winners=winners, losers=seat_names(d["losers"], me))
    return _("[bold]Game over[/]: the round limit is reached; {winners} had the most keys.").format(
        winners=winners
    )


# ----- the end ------------------------------------------------------------------------------


@speaks
def result(view: BossQuestView, lang: str, me: int | None = None) -> RenderableType:
    """The winners and everyone's final keys and hearts."""
    winners, losers = view["winners"], view["losers"]
    title = ngettext("Winner: {seats}", "Winners: {seats}", len(winners)).format(
        seats=seat_names(winners, me)
    )
    if me is not None:
        title += _(" — [bold green]you win![/]") if me in winners else _(" — you lose.")
    grid = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    for column in (_("Seat"), _("Keys"), _("Hearts"), _("Result")):
        grid.add_column(column)
    for player in view["seats"]:
        s = player["seat"]
        outcome = ""
        if s in winners:
            outcome = _("[bold green]winner[/]")
        elif s in losers:
            outcome = _("[red]lost[/]")
        grid.add_row(
            player_name(s, None) + (_(" (you)") if s == me else ""),
            f"[yellow]{player['keys']}[/]/{view['key_target']}",
            str(player["hearts"]),
            outcome,
        )
    return grid
