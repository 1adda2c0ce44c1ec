"""Boss Quest in the terminal: the table, the choices and the events, with Rich.

Everything is built from a seat's view and the events it may see. Card and colour names
come from the content data in the chosen language; the rest of the interface is English.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from gamenight.kernel import Action, Event
from gamenight.ui import does, seat_name, seat_names, whose

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
    name = escape(COLOUR_NAMES[colour].get(lang))
    return f"[{_STYLE.get(colour, 'bold')}]{name} {value}[/]"


def _weapon_view(weapon: WeaponView, lang: str) -> str:
    return _weapon(weapon["colour"], weapon["value"], lang)


def _weapon_id(weapon: int, lang: str) -> str:
    return _weapon(COLOURS[WEAPON_COLOUR[weapon]], WEAPON_VALUE[weapon], lang)


def _weapons(weapons: Sequence[int], lang: str) -> str:
    return ", ".join(_weapon_id(w, lang) for w in weapons)


def _spell(key: str, lang: str) -> str:
    return f"[bold]{escape(_SPELL[key].name.get(lang))}[/]"


def _spell_text(key: str, lang: str) -> str:
    return escape(_SPELL[key].text.get(lang))


def _slot_name(view: BossQuestView, slot: int, lang: str) -> str:
    spell = view["spells"][slot]["spell"]
    return "the [bold]Mystery spell[/]" if spell is None else _spell(spell, lang)


# ----- the table ---------------------------------------------------------------------------


def table(
    view: BossQuestView,
    lang: str,
    me: int | None = None,
    reveal: Sequence[BossQuestView] | None = None,
) -> RenderableType:
    """The boss, the spells beside the Mage, every player, and whose turn it is."""
    title = f"[bold]Boss Quest[/] · round {view['round']}"
    if reveal is not None:
        title += " · every hidden weapon shown"
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


def _boss_line(view: BossQuestView, lang: str) -> str:
    boss = view["boss"]
    hp = f"[bold red]{boss['hp']} HP[/]"
    if boss["hp"] != boss["base_hp"]:
        hp += f" [dim](base {boss['base_hp']})[/]"
    line = (
        f"Boss: {hp} · keys to win: [yellow]{view['key_target']}[/] · "
        f"Armorer: seat {view['armorer']} · weapons in the deck: {view['weapon_deck']}"
    )
    if view["deck_top"] is not None:
        line += f" (on top: {_weapon_view(view['deck_top'], lang)})"
    return line


def _spells_table(view: BossQuestView, lang: str, me: int | None) -> Table:
    grid = Table(
        title="[bold]Spells beside the Mage[/]",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    grid.add_column("Spell", no_wrap=True)
    grid.add_column("Status", no_wrap=True)
    grid.add_column("Effect", style="dim")
    for slot in view["spells"]:
        key = slot["spell"]
        if key is None:
            name, text = "[bold]?[/] Mystery spell", "face down"
        else:
            name, text = _spell(key, lang), _spell_text(key, lang)
        grid.add_row(name, _spell_status(view, slot["slot"], lang, me), text)
    return grid


def _spell_status(view: BossQuestView, slot: int, lang: str, me: int | None) -> str:
    spell = view["spells"][slot]
    key, status, target = spell["spell"], spell["status"], spell["target"]
    if status == SlotStatus.AVAILABLE:
        if view["pending"] is not None and view["pending"]["slot"] == slot:
            return "[bold]being activated[/]"
        return "[green]available[/]"
    if status == SlotStatus.ACTIVE:
        if target is None:
            return "[bold]active[/], beside the boss"
        return f"[bold]active[/], on {seat_name(target, me)}"
    if status == SlotStatus.DISCARDED:
        return "[dim]discarded[/]" + (" [dim]unseen[/]" if key is None else "")
    if status == SlotStatus.USED and target is not None and key is not None:
        effect = _SPELL[key].effect
        if effect is Effect.CANCEL:
            return f"[dim]used on[/] {_slot_name(view, target, lang)}"
        if effect is Effect.SWAP:
            return f"[dim]used with {seat_name(target, me)}[/]"
    return f"[dim]{status}[/]"


def _players_table(
    view: BossQuestView, lang: str, me: int | None, reveal: Sequence[BossQuestView] | None
) -> Table:
    grid = Table(
        title="[bold]Players[/]", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False
    )
    for column in ("Seat", "Hearts", "Keys", "Hidden"):
        grid.add_column(column, no_wrap=True)
    grid.add_column("Face up")
    grid.add_column("Attack")
    grid.add_column("Mage", no_wrap=True)
    turn = view["to_act"][0] if view["to_act"] else None
    for player in view["seats"]:
        s = player["seat"]
        own = reveal[s]["seats"][s] if reveal is not None else player
        seat = f"{'▶' if s == turn else ' '} {s}"
        if s == me:
            seat += " (you)"
        hearts = f"[red]{_HEART * player['hearts']}[/]" if player["hearts"] > 0 else "[dim]none[/]"
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
    return " ".join(_weapon_view(w, lang) for w in visible) or "[dim]none[/]"


def _attack_cell(player: SeatView, attack: int | None, hp: int) -> str:
    """The exact attack when known, else the range the hidden weapon's public bounds allow."""
    shown = player["visible_attack"]
    if attack is not None:
        cell = f"[bold]{attack}[/]"
        if attack <= hp:
            cell += f" [dim]({hp - attack} under)[/]"
    else:
        lo, hi = player["hidden_range"]
        cell = f"{shown + lo}–{shown + hi} [dim]({shown} + ?)[/]"
    bonus = player["attack_bonus"]
    if bonus:
        cell += f" [dim]spells {bonus:+d}[/]"
    if player["bust"]:
        cell += " [bold red]BUST[/]"
    return cell


def _turn_line(view: BossQuestView, lang: str, me: int | None) -> str:
    if view["phase"] == Phase.OVER:
        return "[bold]The game is over.[/]"
    turn = view["to_act"][0]
    who = "Your turn" if turn == me else f"Seat {turn}'s turn"
    pending = view["pending"]
    if pending is not None:
        return f"{who}: choosing the target of {_spell(pending['spell'], lang)}."
    if view["phase"] == Phase.LAST_CALL:
        last = seat_names(view["last_call"], me)
        return f"[bold]Last call[/]: one last action each for {last}, then the battle. {who}."
    if view["last_equip_done"]:
        return f"{who}: last equip done, now the visit to the Mage."
    if sum(not p["visited_mage"] for p in view["seats"]) == 1:
        return f"{who}, the last one equipping: one more equip at most, then the Mage."
    return f"{who}."


# ----- choices -----------------------------------------------------------------------------


def choice(view: BossQuestView, action: Action, lang: str) -> str:
    """A legal action in words, e.g. ``Activate Boss HP −2`` or ``Give Attack +1 to seat 2``."""
    me = view["seat"]
    if isinstance(action, Equip):
        return f"Take {action.count} weapon{'s' if action.count > 1 else ''} from the deck"
    if isinstance(action, Activate | Discard):
        verb = "Activate" if isinstance(action, Activate) else "Discard"
        key = view["spells"][action.slot]["spell"]
        if key is None:
            return f"{verb} the Mystery spell " + ("blind" if verb == "Activate" else "unseen")
        return f"{verb} {_spell(key, lang)}"
    if isinstance(action, VisitMage):
        return "Visit the Mage (no spell is left to take)"
    pending = view["pending"]
    if pending is None or me is None:  # no target to choose
        return str(action)
    if isinstance(action, ChoosePlayer):
        if _SPELL[pending["spell"]].effect is Effect.SWAP:
            return f"Swap your hidden weapon with seat {action.seat}'s"
        whom = "yourself" if action.seat == me else seat_name(action.seat, me)
        return f"Give {_spell(pending['spell'], lang)} to {whom}"
    if isinstance(action, ChooseSpell):
        slot = view["spells"][action.slot]
        on = f" (on {seat_name(slot['target'], me)})" if slot["target"] is not None else ""
        return f"Cancel {_slot_name(view, action.slot, lang)}{on}"
    if isinstance(action, ChooseWeapon):
        hidden = view["seats"][me]["hidden"]
        if hidden is not None and hidden["id"] == action.weapon:
            mine = f"your hidden {_weapon_id(action.weapon, lang)}"
        else:
            mine = _weapon_id(action.weapon, lang)
        return f"Exchange {mine} for the deck's top card"
    return str(action)


# ----- events ------------------------------------------------------------------------------


def events(events: Sequence[Event], lang: str, me: int | None = None) -> list[str]:
    """Readable lines for consecutive events (the caller filters what the reader may see)."""
    lines: list[str] = []
    for i, event in enumerate(events):
        following = events[i + 1] if i + 1 < len(events) else None
        if (
            event.kind == EventKind.ACTIVATE
            and following is not None
            and following.kind in _RESOLUTIONS
        ):
            continue  # the chosen target's line tells the whole story
        lines.extend(_event(event, lang, me))
    return lines


def _event(event: Event, lang: str, me: int | None) -> list[str]:
    kind, d = event.kind, event.data
    seat = d.get("seat", -1)
    if kind == EventKind.ROUND:
        return _round(d, lang, me)
    if kind == EventKind.HIDDEN_WEAPON:
        return [f"{whose(seat, me)} hidden weapon: {_weapon_id(d['weapon'], lang)}"]
    if kind == EventKind.BUST:
        if d["bust"]:
            return [f"[bold red]{does(seat, me, 'announce')} a bust![/] (attack over the HP)"]
        return [f"{'You are' if seat == me else f'Seat {seat} is'} no longer bust."]
    if kind == EventKind.EQUIP:
        count = len(d["weapons"])
        noun = "weapon" if count == 1 else "weapons"
        return [f"{does(seat, me, 'take')} {count} {noun}: {_weapons(d['weapons'], lang)}"]
    if kind == EventKind.DISCARD:
        if d["spell"] is None:
            return [f"{does(seat, me, 'discard')} the Mystery spell unseen."]
        return [f"{does(seat, me, 'discard')} {_spell(d['spell'], lang)}."]
    if kind == EventKind.VISIT:
        return [f"{does(seat, me, 'visit')} the Mage (no spell left)."]
    if kind == EventKind.REVEAL:
        return [
            f"{does(seat, me, 'take')} the Mystery spell blind: it is {_spell(d['spell'], lang)}!"
        ]
    if kind == EventKind.FIZZLE:
        return [f"{_spell(d['spell'], lang)} has nothing to act on: it fizzles, discarded."]
    if kind == EventKind.ACTIVATE:
        return _activate(d, lang, me)
    if kind == EventKind.TARGET:
        whom = "themselves" if d["target"] == seat else seat_name(d["target"], me)
        if d["target"] == seat == me:
            whom = "yourself"
        return [f"{does(seat, me, 'activate')} {_spell(d['spell'], lang)} on {whom}."]
    if kind == EventKind.SWAP:
        return [
            f"{does(seat, me, 'activate')} {_spell('swap', lang)} with {seat_name(d['target'], me)}: "
            "the two hidden weapons change hands."
        ]
    if kind == EventKind.CANCEL:
        line = f"{does(seat, me, 'activate')} {_spell('cancel', lang)} on {_spell(d['cancelled'], lang)}"
        if _SPELL[d["cancelled"]].effect is Effect.LAST_CALL:
            line += ": the last actions end and the normal turns resume"
        return [line + "."]
    if kind == EventKind.EXCHANGE:
        start = f"{does(seat, me, 'activate')} {_spell('exchange', lang)}: "
        if d["gave"] is None:
            their = "your" if seat == me else "their"
            return [start + f"{their} hidden weapon and the deck's top card change places, unseen."]
        gave, got = _weapon_id(d["gave"], lang), _weapon_id(d["got"], lang)
        return [start + f"{got} comes from the top of the deck, {gave} goes on top."]
    if kind == EventKind.EXCHANGE_HIDDEN:
        return [
            f"{whose(seat, me)} hidden {_weapon_id(d['gave'], lang)} is now the deck's top card; "
            f"the new hidden weapon is {_weapon_id(d['got'], lang)}."
        ]
    if kind == EventKind.BATTLE:
        return _battle(d, lang, me)
    if kind == EventKind.GAME_OVER:
        return [_game_over(d, me)]
    return [escape(f"{kind}: {d}")]


def _round(d: dict[str, Any], lang: str, me: int | None) -> list[str]:
    spells = [_spell(k, lang) if k is not None else "one face down" for k in d["spells"]]
    dealt = " · ".join(
        f"{seat_name(s, me)} {_weapon_id(w, lang)}" for s, w in enumerate(d["visible"])
    )
    return [
        f"[bold reverse] Round {d['round']} [/] A boss with [bold red]{d['boss_hp']} HP[/] "
        f"appears. Armorer: {seat_name(d['armorer'], me)}.",
        f"Spells beside the Mage: {', '.join(spells)}.",
        f"Face-up weapons dealt: {dealt}.",
    ]


def _activate(d: dict[str, Any], lang: str, me: int | None) -> list[str]:
    seat, key = d["seat"], d["spell"]
    line = f"{does(seat, me, 'activate')} {_spell(key, lang)}"
    effect = _SPELL[key].effect
    if effect in TARGETED_EFFECTS:
        return [line + f" and {'choose' if seat == me else 'chooses'} its target…"]
    if effect is Effect.LAST_CALL:
        line += ": everyone still equipping takes one last action, then the battle"
    return [line + "."]


def _battle(d: dict[str, Any], lang: str, me: int | None) -> list[str]:
    hp = d["hp"]
    lines = [f"[bold reverse] Battle [/] against the boss with [bold red]{hp} HP[/]:"]
    for s, attack in enumerate(d["attacks"]):
        if attack > hp:
            lost = "a heart lost" if s in d["wounded"] else "no heart lost"
            fate = f"[red]over the HP[/], {lost}"
        elif s in d["failed"]:
            fate = "[dim]out: a required condition is not met[/]"
        elif s in d["winners"]:
            fate = "[bold green]round won[/]"
        else:
            fate = "no key"
        if s in d["perfect"]:
            fate += ", [bold green]perfect hit![/]"
        keys = d["keys"][s]
        lines.append(
            f"  {seat_name(s, me).capitalize():<7} attack [bold]{attack:>2}[/] "
            f"(hidden {_weapon_id(d['hidden'][s], lang)}): {fate} "
            f"→ {keys} key{'' if keys == 1 else 's'}, {d['hearts'][s]} {_HEART}"
        )
    if not d["winners"]:
        lines.append("  Nobody wins the round.")
    return lines


def _game_over(d: dict[str, Any], me: int | None) -> str:
    winners = seat_names(d["winners"], me)
    if d["reason"] == EndReason.KEYS:
        why = f"{winners} reached the key target"
    elif d["reason"] == EndReason.LAST_HEART:
        why = f"{seat_names(d['losers'], me)} lost the last heart; {winners} had the most keys"
    else:
        why = f"the round limit is reached; {winners} had the most keys"
    return f"[bold]Game over[/]: {why}."


# ----- the end ------------------------------------------------------------------------------


def result(view: BossQuestView, lang: str, me: int | None = None) -> RenderableType:
    """The winners and everyone's final keys and hearts."""
    winners, losers = view["winners"], view["losers"]
    title = f"Winner{'s' if len(winners) > 1 else ''}: {seat_names(winners, me)}"
    if me is not None:
        title += " — [bold green]you win![/]" if me in winners else " — you lose."
    grid = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    for column in ("Seat", "Keys", "Hearts", "Result"):
        grid.add_column(column)
    for player in view["seats"]:
        s = player["seat"]
        outcome = "[bold green]winner[/]" if s in winners else "[red]lost[/]" if s in losers else ""
        grid.add_row(
            f"Seat {s}" + (" (you)" if s == me else ""),
            f"[yellow]{player['keys']}[/]/{view['key_target']}",
            str(player["hearts"]),
            outcome,
        )
    return grid
