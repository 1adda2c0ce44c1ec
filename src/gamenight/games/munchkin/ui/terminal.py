"""Munchkin in the terminal: the table, the choices and the events, with Rich.

Everything is built from a seat's view and the events it may see: another seat's hand
shows as its counts of Door and Treasure cards, plus the cards everybody saw go there.
Card names come from the card set in the chosen language; the rest is English. The
human seat groups the choices by card when they are too many for one list (`group`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table

from gamenight.games.munchkin import SETS
from gamenight.games.munchkin.actions import (
    CANCEL,
    DECLINE,
    Accept,
    Ask,
    Begin,
    Cancel,
    ChooseMonster,
    ChooseSeat,
    ChooseValue,
    Counter,
    Decline,
    Discard,
    Done,
    EndTurn,
    Equip,
    FirstPick,
    KickDoor,
    LootRoom,
    Pick,
    Play,
    Roll,
    Sell,
    Trade,
    Treasures,
    Unequip,
    Use,
)
from gamenight.games.munchkin.content import CardKind, CardSet, Slot
from gamenight.games.munchkin.model import EventKind, FrameKind, Phase
from gamenight.games.munchkin.views import FightView, MunchkinView, SeatView
from gamenight.kernel import PASS, Action, Event
from gamenight.ui import does, player_name, seat_name, seat_names, signed, whose

DEFAULT_GAME = "munchkin"  # the set whose names events get when no other is given
CHARACTER = (CardKind.CLASS, CardKind.RACE, CardKind.HALF_BREED, CardKind.SUPER_MUNCHKIN)
# What the seat on the decision stack is asked, by the frame's kind.
DECISIONS: dict[str, str] = {
    FrameKind.AIM: "choose who the card aims at",
    FrameKind.AIM_SEAT: "choose the player the card aims at",
    FrameKind.AIM_MONSTER: "choose the monster the card aims at",
    FrameKind.LOSE: "choose the cards to lose",
    FrameKind.VALUE: "choose the die's face",
    FrameKind.COST: "choose the cards to pay with",
    FrameKind.CURSE_TARGET: "choose the curse's victim",
    FrameKind.CURSE: "take the curse or cancel it",
    FrameKind.ENHANCE: "choose the monster to enhance",
    FrameKind.WANDER: "choose the monster that wanders in",
    FrameKind.GIVE: "choose who gets the charity",
    FrameKind.LOOT_BODY: "take a card from the body",
    FrameKind.SHARE: "take treasures from the table",
    FrameKind.BRIBE: "set the bribe for help",
    FrameKind.COUNTER: "set the terms to help",
    FrameKind.ANSWER: "answer an offer",
    FrameKind.TRADE: "build a trade",
    FrameKind.TRADE_COUNTER: "build a counter to the trade",
    FrameKind.SELL: "choose the items to sell",
    FrameKind.KEEP: "choose what to keep (the rest is discarded)",
    FrameKind.FACE_UP: "draw face up, or take the discard pile's top card",
    FrameKind.CLAIM: "claim the discard pile's top card with a Go up a level, or pass",
}


def _cards(game: str = DEFAULT_GAME) -> CardSet:
    return SETS[game].CS


# ----- words ---------------------------------------------------------------------------------


def card_name(card: int, lang: str, game: str = DEFAULT_GAME) -> str:
    """A card's name in bold, with what matters at a glance (a monster's level, an item's
    bonus)."""
    design = _cards(game).cards[card]
    name = f"[bold]{escape(design.name.get(lang))}[/]"
    if design.kind == CardKind.MONSTER:
        return f"{name} (level {design.level})"
    if design.kind == CardKind.ITEM:
        where = "" if design.slot in (None, Slot.NONE) else f" {design.slot}"
        big = " big" if design.big else ""
        return f"{name} ({signed(design.bonus)}{where}{big})"
    return name


def _names(cards: Sequence[int], lang: str, game: str = DEFAULT_GAME) -> str:
    return ", ".join(card_name(c, lang, game) for c in cards) or "nothing"


def _kind(card: int, game: str = DEFAULT_GAME) -> str:
    return _cards(game).cards[card].kind.value.replace("_", " ")


# ----- the table -----------------------------------------------------------------------------


def table(
    view: MunchkinView,
    lang: str,
    me: int | None = None,
    reveal: Sequence[MunchkinView] | None = None,
) -> RenderableType:
    """The seats (levels, strength, character, items in play, hands), the combat or the
    run, the open offers and window, and seat `me`'s hand."""
    game = view["game"]
    turn = view["turn"]
    phase = view["phase"]
    head = (
        f"[bold]Turn {view['turn_number']}[/]/{view['max_turns']} · "
        f"{player_name(turn, me)}{'r' if turn == me else chr(39) + 's'} turn · {phase} · "
        f"Door deck {view['door_deck']}, Treasure deck {view['treasure_deck']}"
    )
    parts: list[RenderableType] = [head, *_seats(view, lang, me, reveal)]
    if view["door_card"] is not None:
        parts.append(f"Door card: {card_name(view['door_card'], lang, game)}")
    if view["combat"] is not None:
        parts.append(_fight(view["combat"], lang, me, game))
    if view["run"] is not None:
        parts.append(_run(view, lang, me))
    if view["body"] or view["haul"] or view["limbo"]:
        for label, cards in (
            ("Body", view["body"]),
            ("On the table", view["haul"] + view["limbo"]),
        ):
            if cards:
                parts.append(f"{label}: {_names(cards, lang, game)}")
    for offer in view["offers"]:
        parts.append(_offer(offer, lang, me, game))
    if view["window"] is not None:
        waiting = view["window"]["waiting"]
        parts.append(
            f"[dim]Window ({view['window']['kind']}): waiting for "
            f"{seat_names(waiting, me) if waiting else 'nobody'}[/]"
        )
    deciding = view["deciding"]
    if deciding is not None:
        what = DECISIONS.get(deciding["kind"], "choose")
        parts.append(f"[dim]{does(deciding['seat'], me, 'have')} to {what}.[/]")
    if view["hand"] is not None:
        hand = view["hand"]
        parts.append(f"[bold]Your hand[/] ({len(hand)}): {_names(hand, lang, game)}")
    if phase == Phase.OVER:
        parts.append(f"The game is over: {_winners(view['winners'], view['truncated'], me)}.")
    return Group(*parts)


def _seats(
    view: MunchkinView, lang: str, me: int | None, reveal: Sequence[MunchkinView] | None
) -> list[str]:
    """One line per seat (lines, not a grid: a table is redrawn at every prompt)."""
    game = view["game"]
    lines = []
    for seat in view["seats"]:
        s = seat["seat"]
        name = f"{player_name(s, me):<6}"
        if s == view["turn"]:
            name = f"[bold]{name}[/]"
        dead = " [red]dead[/]" if seat["dead"] else ""
        lines.append(
            f"{name} level [bold]{seat['level']}[/], strength {seat['strength']}{dead}: "
            f"{_seat_cards(seat, lang, game)}"
        )
        if reveal is not None and s != me:
            lines.append(f"  its hand: {_names(reveal[s]['hand'] or [], lang, game)}")
    return lines


def _seat_cards(seat: SeatView, lang: str, game: str) -> str:
    cs = _cards(game)
    character = [c["card"] for c in seat["table"] if cs.cards[c["card"]].kind in CHARACTER]
    equipped = [
        c["card"]
        for c in seat["table"]
        if c["equipped"] and cs.cards[c["card"]].kind not in CHARACTER
    ]
    carried = [c["card"] for c in seat["table"] if not c["equipped"]]
    words = [f"{seat['sex']}, {_names(character, lang, game) if character else 'human, no class'}"]
    if equipped:
        words.append(f"in play: {_names(equipped, lang, game)}")
    if carried:
        words.append(f"[dim]carried: {_names(carried, lang, game)}[/]")
    hand = f"hand {seat['hand_doors']} door + {seat['hand_treasures']} treasure"
    if seat["known_hand"] and seat["hand_doors"] + seat["hand_treasures"] > len(seat["known_hand"]):
        hand += f", known: {_names(seat['known_hand'], lang, game)}"
    words.append(hand + f" (limit {seat['hand_limit']})")
    return "; ".join(words)


def _fight(fight: FightView, lang: str, me: int | None, game: str) -> RenderableType:
    side = seat_name(fight["fighter"], me)
    if fight["helper"] is not None:
        side += f" helped by {seat_name(fight['helper'], me)}"
    state = "[green]winning[/]" if fight["winning"] else "[red]losing[/]"
    lines = [
        f"[bold reverse] Combat {fight['number']} [/] {side}: "
        f"[bold]{fight['players_strength']}[/] against the monsters' "
        f"[bold]{fight['monsters_strength']}[/] — the players are {state}"
    ]
    for monster in fight["monsters"]:
        extra = ""
        if monster["enhancers"]:
            extra = f", enhanced by {_names(monster['enhancers'], lang, game)}"
        lines.append(
            f"  {card_name(monster['card'], lang, game)}: strength {monster['strength']}, "
            f"{monster['treasures']} treasure{'s' if monster['treasures'] != 1 else ''}{extra}"
        )
    return Group(*lines)


def _run(view: MunchkinView, lang: str, me: int | None) -> str:
    run = view["run"]
    assert run is not None, "a run is on"
    game = view["game"]
    words = f"[bold]Running away[/]: {seat_names(run['runners'], me) if run['runners'] else ''}"
    if run["monster"] is not None:
        words += f" from {card_name(run['monster'], lang, game)}"
    if run["roll"] is not None and run["roll_seat"] is not None:
        words += (
            f"; {seat_name(run['roll_seat'], me)} rolled {run['roll']}, "
            f"total {run['total']} (5 or more escapes)"
        )
    if run["left"]:
        words += f"; still to run from: {_names(run['left'], lang, game)}"
    return words


def _offer(offer: dict[str, Any], lang: str, me: int | None, game: str) -> str:
    sender, receiver, terms = offer["sender"], offer["receiver"], offer["terms"]
    if isinstance(offer["occasion"], int):  # help in a combat: (treasures, helper first, items)
        first = "the helper picks first" if terms[1] else "the fighter picks first"
        items = f", items {_names(terms[2:], lang, game)}" if terms[2:] else ""
        what = f"help for {terms[0]} treasure{'s' if terms[0] != 1 else ''} ({first}){items}"
    else:
        count = terms[0]
        what = (
            f"a trade: {_names(terms[1 : 1 + count], lang, game)} "
            f"for {_names(terms[1 + count :], lang, game)}"
        )
    return f"Offer {offer['id']} from {seat_name(sender, me)} to {seat_name(receiver, me)}: {what}"


def _winners(winners: list[int], truncated: bool, me: int | None) -> str:
    """Who won and how."""
    if not winners:
        return "nobody won" + (" (turn limit)" if truncated else "")
    how = "the highest level at the turn limit" if truncated else "the last level reached"
    return f"{seat_names(winners, me)} won ({how})"


# ----- the choices ---------------------------------------------------------------------------


def choice(view: MunchkinView, action: Action, lang: str) -> str:
    """A legal action of the seat whose view this is, in words."""
    game, me = view["game"], view["seat"]
    fight = view["combat"]
    if isinstance(action, Play):
        return _play_words(view, action.card, lang)
    if isinstance(action, Use):
        design = _cards(game).cards[action.card]
        text = design.uses[action.ability].text
        what = f": {escape(text.get(lang))}" if text is not None else ""
        return f"Use {card_name(action.card, lang, game)}{what}"
    if isinstance(action, Pick):
        return f"Pick {card_name(action.card, lang, game)} ({_kind(action.card, game)})"
    if isinstance(action, ChooseSeat):
        return f"Choose {seat_name(action.seat, me)} (level {view['seats'][action.seat]['level']})"
    if isinstance(action, ChooseMonster):
        if fight is not None and action.index < len(fight["monsters"]):
            monster = fight["monsters"][action.index]
            return (
                f"Choose {card_name(monster['card'], lang, game)} (strength {monster['strength']})"
            )
        run = view["run"]
        if run is not None and action.index < len(run["left"]):
            return f"Run from {card_name(run['left'][action.index], lang, game)} next"
        return f"Choose monster {action.index + 1}"
    if isinstance(action, Ask):
        seat = view["seats"][action.seat]
        return f"Ask {seat_name(action.seat, me)} for help (strength {seat['strength']})"
    if isinstance(action, Trade):
        return f"Offer {seat_name(action.seat, me)} a trade"
    if isinstance(action, Equip):
        return f"Equip {card_name(action.card, lang, game)}"
    if isinstance(action, Unequip):
        return f"Unequip {card_name(action.card, lang, game)}"
    if isinstance(action, Discard):
        return f"Discard {card_name(action.card, lang, game)} from play"
    if isinstance(action, Treasures):
        return f"Promise {action.count} of the monsters' treasures"
    if isinstance(action, ChooseValue):
        return f"Set the die to {action.value}"
    if isinstance(action, Begin):
        return f"Start the game as a {'female' if action.sex else 'male'} character"
    return SIMPLE.get(type(action), str(action))


SIMPLE: dict[type, str] = {  # the moves without a card, a seat or a number
    type(PASS): "Pass",
    KickDoor: "Kick open the door",
    LootRoom: "Loot the room (draw a Door card face down)",
    EndTurn: "End your turn",
    Done: "Done: send it",
    Cancel: "Cancel",
    Roll: "Roll the die to run away",
    Accept: "Accept",
    Decline: "Decline",
    Counter: "Answer with your own terms",
    FirstPick: "Switch who picks the treasures first",
    Sell: "Sell items for levels (1,000 gold a level)",
}


def _play_words(view: MunchkinView, card: int, lang: str) -> str:
    game = view["game"]
    design = _cards(game).cards[card]
    name = card_name(card, lang, game)
    if design.kind == CardKind.MONSTER:
        verb = "Look for trouble with" if view["combat"] is None else "Send in"
        return f"{verb} {name}"
    if design.kind in (CardKind.ENHANCER, CardKind.WANDERING):
        return f"Play {name} on the monsters"
    if design.kind == CardKind.CURSE:
        return f"Curse with {name}"
    text = design.text.get(lang) if design.text is not None else ""
    return f"Play {name}" + (f": {escape(text)}" if text and len(text) < 60 else "")


def group(view: MunchkinView, action: Action, lang: str) -> str:
    """The group an action is listed under when the choices are too many for one list:
    its card (then what to do with it), or the move itself."""
    card = getattr(action, "card", None)
    if card is None:
        return choice(view, action, lang)
    return f"{card_name(card, lang, view['game'])}…"


def skip(view: MunchkinView, legal: list[Action]) -> Action | None:
    """What the human's ``p`` does where there is no pass: decline the offer answered,
    or drop the offer, trade or sale being built."""
    return next((a for a in (DECLINE, CANCEL) if a in legal), None)


# ----- the events ----------------------------------------------------------------------------


def events(
    events: Sequence[Event], lang: str, me: int | None = None, game: str = DEFAULT_GAME
) -> list[str]:
    """One line per event (Rich markup), told to seat `me`; a play says who, what and
    what it does to the game. Events carry no game id: `game` names the card set their
    cards are named from (each set's renderer module passes its own)."""
    lines: list[str] = []
    for event in events:
        line = _event(event.kind, event.data, lang, me, game)
        if line:
            lines.append(line)
    return lines


def _event(kind: str, d: dict[str, Any], lang: str, me: int | None, game: str) -> str:
    def name(card: int, lang: str) -> str:
        return card_name(card, lang, game)

    def names(cards: Sequence[int], lang: str) -> str:
        return _names(cards, lang, game)

    if kind == EventKind.SETUP:
        return f"The game starts; {does(d['first'], me, 'play')} first."
    if kind == EventKind.TURN:
        return f"[bold]Turn {d['number']}[/]: {whose(d['seat'], me)} turn."
    if kind == EventKind.BEGIN:
        return f"{does(d['seat'], me, 'begin')} as a {'female' if d['sex'] else 'male'} character."
    if kind == EventKind.KICK:
        return f"{does(d['seat'], me, 'kick')} open the door: {name(d['card'], lang)}."
    if kind == EventKind.NO_DOOR:
        return "There is no Door card left to draw."
    if kind == EventKind.REVEAL:
        return f"{name(d['card'], lang)} is revealed for {seat_name(d['seat'], me)}."
    if kind == EventKind.PLAY:
        return f"{does(d['seat'], me, 'play')} {name(d['card'], lang)}{_why_play(d['card'], game)}."
    if kind == EventKind.TROUBLE:
        return f"{does(d['seat'], me, 'look')} for trouble with {name(d['card'], lang)}."
    if kind == EventKind.EQUIP:
        return f"{does(d['seat'], me, 'equip')} {name(d['card'], lang)}: it now counts."
    if kind == EventKind.UNEQUIP:
        return f"{does(d['seat'], me, 'unequip')} {name(d['card'], lang)}: it stops counting."
    if kind == EventKind.DROP:
        return f"{does(d['seat'], me, 'discard')} {name(d['card'], lang)} from play."
    if kind == EventKind.USE:
        return f"{does(d['seat'], me, 'use')} {name(d['card'], lang)}."
    if kind == EventKind.END_TURN:
        return f"{does(d['seat'], me, 'end')} the turn."
    if kind == EventKind.DRAW:
        what = names(d["cards"], lang) if "cards" in d else f"{d['count']} card(s)"
        return f"{does(d['seat'], me, 'draw')} {what} from the {d['deck']} deck."
    if kind == EventKind.DRAWN:
        return f"  You drew {names(d['cards'], lang)}." if d["seat"] == me else ""
    if kind == EventKind.RESHUFFLE:
        return f"The {d['deck']} discards are shuffled into a new deck ({d['cards']} cards)."
    if kind == EventKind.COMBAT:
        return f"[bold reverse] Combat {d['number']} [/] {whose(d['seat'], me)} fight begins."
    if kind == EventKind.MONSTER:
        return f"{name(d['card'], lang)} joins the fight (brought by {seat_name(d['seat'], me)})."
    if kind == EventKind.ENHANCE:
        return (
            f"{name(d['card'], lang)} goes on {name(d['monster'], lang)}: the monster is stronger."
        )
    if kind == EventKind.MONSTER_GONE:
        how = "defeated: its treasures are won" if d["defeated"] else "leaves the fight"
        return f"{name(d['card'], lang)} {how} ({name(d['by'], lang)})."
    if kind == EventKind.NO_MONSTERS:
        return f"No monster is left in {whose(d['seat'], me).lower()} fight."
    if kind == EventKind.BONUS:
        target = name(d["monster"], lang) if "monster" in d else seat_name(d["seat"], me)
        side = "the monsters" if "monster" in d else "the players"
        better = (d["amount"] > 0) == ("monster" not in d)
        return (
            f"{name(d['card'], lang)}: {signed(d['amount'])} for {target} this fight "
            f"({'good' if better else 'bad'} news for the fighter; {side}' side)."
        )
    if kind == EventKind.RUN_BONUS:
        return f"{name(d['card'], lang)}: {signed(d['amount'])} to run away for {seat_name(d['seat'], me)}."
    if kind == EventKind.ASK:
        return f"{does(d['seat'], me, 'ask')} {seat_name(d['other'], me)} for help."
    if kind == EventKind.OFFER:
        terms = d["terms"]
        return (
            f"{does(d['seat'], me, 'offer')} {seat_name(d['other'], me)} "
            f"{terms[0]} treasure(s){' and items' if terms[2:] else ''} (offer {d['offer']})."
        )
    if kind == EventKind.ANSWER:
        return f"{does(d['seat'], me, str(d['answer']).lower())} offer {d['offer']}."
    if kind == EventKind.HELPER:
        return (
            f"{does(d['helper'], me, 'join')} {whose(d['seat'], me).lower()} fight as the helper."
        )
    if kind == EventKind.WIN:
        helper = f" with {seat_name(d['helper'], me)}'s help" if d["helper"] >= 0 else ""
        return (
            f"[green]{does(d['seat'], me, 'win')} the fight{helper}[/] against "
            f"{names(d['monsters'], lang)} and {'reach' if d['seat'] == me else 'reaches'} "
            f"level {d['level']}."
        )
    if kind == EventKind.HAUL:
        return f"The treasures on the table: {names(d['cards'], lang)}."
    if kind in (EventKind.TAKE, EventKind.LOOT):
        return f"{does(d['seat'], me, 'take')} {name(d['card'], lang)}."
    if kind == EventKind.BRIBE_ITEM:
        return f"{does(d['seat'], me, 'give')} {name(d['card'], lang)} to {seat_name(d['receiver'], me)} (the bribe)."
    if kind == EventKind.RUN:
        return f"{does(d['seat'], me, 'run')} away."
    if kind == EventKind.ROLL:
        return f"{does(d['seat'], me, 'roll')} a {d['die']} to run from {name(d['monster'], lang)}."
    if kind in (EventKind.SET_ROLL, EventKind.REROLL):
        return (
            f"{does(d['seat'], me, 'use')} {name(d['card'], lang)}: the die now shows {d['value']}."
        )
    if kind == EventKind.RAN:
        fate = "[green]escapes[/]" if d["escaped"] else "[red]is caught[/]"
        return f"{seat_name(d['seat'], me).capitalize()} {fate} from {name(d['monster'], lang)} (total {d['total']})."
    if kind == EventKind.ESCAPE:
        how = f" with {name(d['card'], lang)}" if "card" in d else ""
        return f"{does(d['seat'], me, 'escape')}{how}."
    if kind == EventKind.CAUGHT:
        return f"[red]{name(d['monster'], lang)} catches {seat_name(d['seat'], me)}: Bad Stuff![/]"
    if kind == EventKind.COMBAT_OVER:
        return f"{whose(d['seat'], me)} combat is over."
    if kind == EventKind.DEATH:
        return (
            f"[bold red]{seat_name(d['seat'], me).capitalize()} "
            f"{'die' if d['seat'] == me else 'dies'}[/] ({name(d['card'], lang)}); "
            f"the others loot {names(d['body'], lang)}."
        )
    if kind == EventKind.BODY_DISCARDED:
        return f"The rest of the body is discarded: {names(d['cards'], lang)}."
    if kind == EventKind.LEVEL:
        return (
            f"{whose(d['seat'], me)} level is now [bold]{d['level']}[/] ({name(d['card'], lang)})."
        )
    if kind == EventKind.DISCARD:
        return f"{does(d['seat'], me, 'discard')} {names(d['cards'], lang)}."
    if kind == EventKind.LOSE:
        return f"{does(d['seat'], me, 'lose')} {names(d['cards'], lang)} from play."
    if kind == EventKind.SEX:
        return f"{whose(d['seat'], me)} character is now {'female' if d['sex'] else 'male'}."
    if kind == EventKind.REPLACED:
        return f"{name(d['card'], lang)} saves {seat_name(d['seat'], me)} from {d['what']}."
    if kind == EventKind.CURSE:
        source = "the door" if d["source"] < 0 else seat_name(d["source"], me)
        return f"[magenta]{name(d['card'], lang)} curses {seat_name(d['seat'], me)}[/] (from {source})."
    if kind == EventKind.CURSED:
        return f"{seat_name(d['seat'], me).capitalize()} takes the curse {name(d['card'], lang)}."
    if kind == EventKind.CURSE_CANCELLED:
        return f"{does(d['seat'], me, 'cancel')} the curse {name(d['card'], lang)}."
    if kind == EventKind.CURSE_REMOVED:
        return f"{name(d['card'], lang)} lifts {name(d['curse'], lang)} from {seat_name(d['seat'], me)}."
    if kind == EventKind.STEAL:
        fate = "and takes it" if d["success"] else "and fails"
        return f"{does(d['seat'], me, 'try')} to steal {name(d['card'], lang)} from {seat_name(d['victim'], me)} {fate}."
    if kind == EventKind.TRADE:
        return (
            f"{does(d['seat'], me, 'offer')} {seat_name(d['other'], me)} {names(d['give'], lang)} "
            f"for {names(d['take'], lang)}."
        )
    if kind == EventKind.TRADED:
        return f"{does(d['seat'], me, 'trade')} {names(d['give'], lang)} for {names(d['take'], lang)} with {seat_name(d['other'], me)}."
    if kind == EventKind.SOLD:
        return f"{does(d['seat'], me, 'sell')} {names(d['cards'], lang)} for {d['gold']:,} gold: level {d['level']}."
    if kind == EventKind.CHARITY_DISCARD:
        return f"{does(d['seat'], me, 'discard')} {name(d['card'], lang)} (hand limit)."
    if kind == EventKind.GIFT:
        card = f" {name(d['card'], lang)}" if "card" in d else " a card"
        return f"{does(d['seat'], me, 'give')}{card} to {seat_name(d['receiver'], me)} (charity)."
    if kind == EventKind.GIFT_CARD:
        return f"  The gift is {name(d['card'], lang)}." if me in (d["seat"], d["receiver"]) else ""
    if kind == EventKind.CLAIM:
        return (
            f"{does(d['seat'], me, 'claim')} {name(d['card'], lang)} with "
            f"{name(d['levelup'], lang)}."
        )
    if kind == EventKind.CLAIMED:
        rolled = " after a die roll" if d["rolls"] else ""
        return f"{does(d['seat'], me, 'take')} {name(d['card'], lang)} from the discards{rolled}."
    if kind == EventKind.END:
        return f"[bold]Game over[/]: {_winners(d['winners'], d['truncated'], me)}."
    return f"{kind}: {d}"


def _why_play(card: int, game: str) -> str:
    """Why a card played matters, by its kind."""
    cards = _cards(game)
    kind = cards.cards[card].kind
    return {
        CardKind.CLASS: ": a new class and its powers",
        CardKind.RACE: f": a new {cards.rules.identity} and its powers",
        CardKind.ITEM: " into play: it counts in fights",
        CardKind.CURSE: ": a curse",
        CardKind.ENHANCER: ": the monster is stronger",
        CardKind.WANDERING: ": another monster joins the fight",
        CardKind.FOLLOWER: ": a follower joins",
    }.get(kind, "")


# ----- the end -------------------------------------------------------------------------------


def result(view: MunchkinView, lang: str, me: int | None = None) -> RenderableType:
    """Who won and how, and everybody's final level and strength."""
    title = _winners(view["winners"], view["truncated"], me).capitalize()
    if me is not None:
        title += " — [bold green]you win![/]" if me in view["winners"] else " — you lose."
    grid = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    for column in ("Seat", "Level", "Strength", "Result"):
        grid.add_column(column)
    for seat in view["seats"]:
        s = seat["seat"]
        grid.add_row(
            player_name(s, me),
            str(seat["level"]),
            str(seat["strength"]),
            "[bold green]winner[/]" if s in view["winners"] else "",
        )
    return grid
