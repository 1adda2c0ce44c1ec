"""Munchkin in the terminal: the table, the choices and the events, with Rich.

Everything is built from a seat's view and the events it may see: another seat's hand
shows as its counts of Door and Treasure cards, plus the cards everybody saw go there.
The words come from this folder's catalogs (``locale/<lang>.po``) in the language of the
``lang`` argument; card names and texts come from the card set's data in that language.
The human seat groups the choices by card when they are too many for one list (`group`).
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
from gamenight.games.munchkin.model import Answer, EventKind, FrameKind, Phase
from gamenight.games.munchkin.views import FightView, MunchkinView, SeatView
from gamenight.i18n import N_, Catalog, speaks
from gamenight.kernel import PASS, Action, Event
from gamenight.ui import does, player_name, seat_name, seat_names, signed, whose

CATALOG = Catalog(__package__)
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext

DEFAULT_GAME = "munchkin"  # the set whose names events get when no other is given
CHARACTER = (CardKind.CLASS, CardKind.RACE, CardKind.HALF_BREED, CardKind.SUPER_MUNCHKIN)
# What the seat on the decision stack is asked, by the frame's kind.
DECISIONS: dict[str, str] = {
    FrameKind.AIM: N_("choose who the card aims at"),
    FrameKind.AIM_SEAT: N_("choose the player the card aims at"),
    FrameKind.AIM_MONSTER: N_("choose the monster the card aims at"),
    FrameKind.LOSE: N_("choose the cards to lose"),
    FrameKind.VALUE: N_("choose the die's face"),
    FrameKind.COST: N_("choose the cards to pay with"),
    FrameKind.CURSE_TARGET: N_("choose the curse's victim"),
    FrameKind.CURSE: N_("take the curse or cancel it"),
    FrameKind.ENHANCE: N_("choose the monster to enhance"),
    FrameKind.WANDER: N_("choose the monster that wanders in"),
    FrameKind.GIVE: N_("choose who gets the charity"),
    FrameKind.LOOT_BODY: N_("take a card from the body"),
    FrameKind.SHARE: N_("take treasures from the table"),
    FrameKind.BRIBE: N_("set the bribe for help"),
    FrameKind.COUNTER: N_("set the terms to help"),
    FrameKind.ANSWER: N_("answer an offer"),
    FrameKind.TRADE: N_("build a trade"),
    FrameKind.TRADE_COUNTER: N_("build a counter to the trade"),
    FrameKind.SELL: N_("choose the items to sell"),
    FrameKind.KEEP: N_("choose what to keep (the rest is discarded)"),
    FrameKind.FACE_UP: N_("draw face up, or take the discard pile's top card"),
    FrameKind.CLAIM: N_("claim the discard pile's top card with a Go up a level, or pass"),
    FrameKind.REINFORCE: N_("add a monster of the same kind from your hand to the fight, or pass"),
}
OTHER_DECISION = N_("choose")  # a card's own choice (a hook's frame)


def _cards(game: str = DEFAULT_GAME) -> CardSet:
    return SETS[game].CS


# ----- words ---------------------------------------------------------------------------------


@speaks
def card_name(card: int, lang: str, game: str = DEFAULT_GAME) -> str:
    """A card's name in bold, with what matters at a glance (a monster's level, an item's
    bonus)."""
    design = _cards(game).cards[card]
    name = f"[bold]{escape(design.name.get(lang))}[/]"
    if design.kind == CardKind.MONSTER:
        return _("{name} (level {level})").format(name=name, level=design.level)
    if design.kind == CardKind.ITEM:
        where = "" if design.slot in (None, Slot.NONE) else f" {pgettext('slot', design.slot)}"
        big = " " + _("big") if design.big else ""
        return f"{name} ({signed(design.bonus)}{where}{big})"
    return name


def _names(cards: Sequence[int], lang: str, game: str = DEFAULT_GAME) -> str:
    return ", ".join(card_name(c, lang, game) for c in cards) or _("nothing")


def _kind(card: int, game: str = DEFAULT_GAME) -> str:
    return pgettext("card kind", _cards(game).cards[card].kind.value.replace("_", " "))


# ----- the table -----------------------------------------------------------------------------


@speaks
def table(
    view: MunchkinView,
    lang: str,
    me: int | None = None,
    reveal: Sequence[MunchkinView] | None = None,
) -> RenderableType:
    """The seats (levels, strength, character, items in play, hands), the combat or the
    run, the open offers and window, and seat `me`'s hand."""
    return _table(view, lang, me, reveal)


@speaks
def compact_table(view: MunchkinView, lang: str, me: int | None = None) -> RenderableType:
    """The table for a short terminal: as `table`, but every other seat in one line, its
    items counted rather than named."""
    return _table(view, lang, me, compact=True)


def _table(
    view: MunchkinView,
    lang: str,
    me: int | None,
    reveal: Sequence[MunchkinView] | None = None,
    compact: bool = False,
) -> RenderableType:
    game = view["game"]
    turn = view["turn"]
    phase = view["phase"]
    head = _(
        "[bold]Turn {number}[/]/{max_turns} · {whose} turn · {phase} · "
        "Door deck {doors}, Treasure deck {treasures}"
    ).format(
        number=view["turn_number"],
        max_turns=view["max_turns"],
        whose=whose(turn, me),
        phase=pgettext("phase", phase),
        doors=view["door_deck"],
        treasures=view["treasure_deck"],
    )
    parts: list[RenderableType] = [head, *_seats(view, lang, me, reveal, compact)]
    if view["door_card"] is not None:
        parts.append(_("Door card: {card}").format(card=card_name(view["door_card"], lang, game)))
    if view["combat"] is not None:
        parts.append(_fight(view["combat"], lang, me, game))
    if view["run"] is not None:
        parts.append(_run(view, lang, me))
    if view["body"]:
        parts.append(_("Body: {cards}").format(cards=_names(view["body"], lang, game)))
    on_table_cards = view["haul"] + view["limbo"]
    if on_table_cards and not (compact and on_table_cards == [view["door_card"]]):
        on_table = _names(view["haul"] + view["limbo"], lang, game)
        parts.append(_("On the table: {cards}").format(cards=on_table))
    sent = [offer for offer in view["offers"] if offer["sender"] == me]
    for offer in view["offers"]:
        if not (compact and len(sent) > 1 and offer in sent):
            parts.append(_offer(offer, lang, me, game))
    if compact and len(sent) > 1:  # one line, however many were sent
        receivers = sorted({offer["receiver"] for offer in sent})
        parts.append(
            ngettext(
                "{count} offer of yours waits for an answer: to {seats}",
                "{count} offers of yours wait for an answer: to {seats}",
                len(sent),
            ).format(count=len(sent), seats=seat_names(receivers, me))
        )
    deciding = view["deciding"]
    # A compact table leaves the window to the line saying what you have to decide.
    told = compact and deciding is not None and deciding["seat"] == me
    if view["window"] is not None and not told:
        waiting = view["window"]["waiting"]
        parts.append(
            _("[dim]Window ({kind}): waiting for {seats}[/]").format(
                kind=pgettext("window", view["window"]["kind"]),
                seats=seat_names(waiting, me) if waiting else _("nobody"),
            )
        )
    if deciding is not None:
        what = _(DECISIONS.get(deciding["kind"], OTHER_DECISION))
        if deciding["seat"] == me:
            parts.append(_("[dim]You have to {what}.[/]").format(what=what))
        else:
            parts.append(
                _("[dim]Seat {seat} has to {what}.[/]").format(seat=deciding["seat"], what=what)
            )
    if view["hand"] is not None:
        hand = view["hand"]
        if compact:  # the seat's line leaves its hand to this one
            limit = view["seats"][me]["hand_limit"] if me is not None else None
            words = _("[bold]Your hand[/] ({count}, limit {limit}): {cards}")
        else:
            limit, words = None, _("[bold]Your hand[/] ({count}): {cards}")
        parts.append(words.format(count=len(hand), limit=limit, cards=_names(hand, lang, game)))
    if phase == Phase.OVER:
        winners = _winners(view["winners"], view["truncated"], me)
        parts.append(_("The game is over: {winners}.").format(winners=winners))
    return Group(*parts)


def _seats(
    view: MunchkinView,
    lang: str,
    me: int | None,
    reveal: Sequence[MunchkinView] | None,
    compact: bool = False,
) -> list[str]:
    """One line per seat (lines, not a grid: a table is redrawn at every prompt); when
    `compact`, the other seats' items counted, not named."""
    game = view["game"]
    lines = []
    for seat in view["seats"]:
        s = seat["seat"]
        name = f"{player_name(s, me):<6}"
        if s == view["turn"]:
            name = f"[bold]{name}[/]"
        dead = " " + _("[red]dead[/]") if seat["dead"] else ""
        lines.append(
            _("{name} level [bold]{level}[/], strength {strength}{dead}: {cards}").format(
                name=name,
                level=seat["level"],
                strength=seat["strength"],
                dead=dead,
                cards=_seat_cards(seat, lang, game, compact, s == me),
            )
        )
        if reveal is not None and s != me:
            hand = _names(reveal[s]["hand"] or [], lang, game)
            lines.append("  " + _("its hand: {cards}").format(cards=hand))
    return lines


def _seat_cards(
    seat: SeatView, lang: str, game: str, compact: bool = False, mine: bool = False
) -> str:
    """The seat's sex and character, its items and its hand; `compact`: another seat's
    items counted, not named (``2 items (+1 carried)``, its hand ``3+1``: Door cards +
    Treasure cards), and your own hand left to the line that shows it."""
    cs = _cards(game)
    character = [c["card"] for c in seat["table"] if cs.cards[c["card"]].kind in CHARACTER]
    equipped = [
        c["card"]
        for c in seat["table"]
        if c["equipped"] and cs.cards[c["card"]].kind not in CHARACTER
    ]
    carried = [c["card"] for c in seat["table"] if not c["equipped"]]
    who = _names(character, lang, game) if character else _("human, no class")
    words = [f"{pgettext('sex', seat['sex'])}, {who}"]
    counted = compact and not mine
    if counted and (equipped or carried):
        items = ngettext("{count} item", "{count} items", len(equipped)).format(count=len(equipped))
        if carried:
            items += _(" (+{count} carried)").format(count=len(carried))
        words.append(items)
    if equipped and not counted:
        words.append(_("in play: {cards}").format(cards=_names(equipped, lang, game)))
    if carried and not counted:
        words.append(_("[dim]carried: {cards}[/]").format(cards=_names(carried, lang, game)))
    if compact and mine:
        return "; ".join(words)
    doors, treasures = seat["hand_doors"], seat["hand_treasures"]
    if counted:
        hand = _("hand {doors}+{treasures}").format(doors=doors, treasures=treasures)
    else:
        hand = _("hand {doors} door + {treasures} treasure").format(
            doors=doors, treasures=treasures
        )
    if seat["known_hand"] and doors + treasures > len(seat["known_hand"]):
        hand += _(", known: {cards}").format(cards=_names(seat["known_hand"], lang, game))
    if not counted:
        hand += _(" (limit {limit})").format(limit=seat["hand_limit"])
    words.append(hand)
    return "; ".join(words)


def _fight(fight: FightView, lang: str, me: int | None, game: str) -> RenderableType:
    side = seat_name(fight["fighter"], me)
    if fight["helper"] is not None:
        side = _("{fighter} helped by {helper}").format(
            fighter=side, helper=seat_name(fight["helper"], me)
        )
    state = _("[green]winning[/]") if fight["winning"] else _("[red]losing[/]")
    lines = [
        _(
            "[bold reverse] Combat {number} [/] {side}: [bold]{players}[/] against the "
            "monsters' [bold]{monsters}[/] — the players are {state}"
        ).format(
            number=fight["number"],
            side=side,
            players=fight["players_strength"],
            monsters=fight["monsters_strength"],
            state=state,
        )
    ]
    for monster in fight["monsters"]:
        extra = ""
        if monster["enhancers"]:
            extra = _(", enhanced by {cards}").format(
                cards=_names(monster["enhancers"], lang, game)
            )
        count = monster["treasures"]
        lines.append(
            "  "
            + ngettext(
                "{card}: strength {strength}, {count} treasure{extra}",
                "{card}: strength {strength}, {count} treasures{extra}",
                count,
            ).format(
                card=card_name(monster["card"], lang, game),
                strength=monster["strength"],
                count=count,
                extra=extra,
            )
        )
    return Group(*lines)


def _run(view: MunchkinView, lang: str, me: int | None) -> str:
    run = view["run"]
    assert run is not None, "a run is on"
    game = view["game"]
    runners = seat_names(run["runners"], me) if run["runners"] else ""
    words = _("[bold]Running away[/]: {seats}").format(seats=runners)
    if run["monster"] is not None:
        words += _(" from {monster}").format(monster=card_name(run["monster"], lang, game))
    if run["roll"] is not None and run["roll_seat"] is not None:
        words += _("; {seat} rolled {roll}, total {total} (5 or more escapes)").format(
            seat=seat_name(run["roll_seat"], me), roll=run["roll"], total=run["total"]
        )
    if run["left"]:
        words += _("; still to run from: {cards}").format(cards=_names(run["left"], lang, game))
    return words


def _offer(offer: dict[str, Any], lang: str, me: int | None, game: str) -> str:
    sender, receiver, terms = offer["sender"], offer["receiver"], offer["terms"]
    if isinstance(offer["occasion"], int):  # help in a combat: (treasures, helper first, items)
        first = _("the helper picks first") if terms[1] else _("the fighter picks first")
        items = (
            _(", items {cards}").format(cards=_names(terms[2:], lang, game)) if terms[2:] else ""
        )
        what = ngettext(
            "help for {count} treasure ({first}){items}",
            "help for {count} treasures ({first}){items}",
            terms[0],
        ).format(count=terms[0], first=first, items=items)
    else:
        count = terms[0]
        what = _("a trade: {give} for {take}").format(
            give=_names(terms[1 : 1 + count], lang, game),
            take=_names(terms[1 + count :], lang, game),
        )
    return _("Offer {offer} from {sender} to {receiver}: {what}").format(
        offer=offer["id"], sender=seat_name(sender, me), receiver=seat_name(receiver, me), what=what
    )


def _winners(winners: list[int], truncated: bool, me: int | None) -> str:
    """Who won and how."""
    if not winners:
        return _("nobody won (turn limit)") if truncated else _("nobody won")
    how = _("the highest level at the turn limit") if truncated else _("the last level reached")
    return _("{seats} won ({how})").format(seats=seat_names(winners, me), how=how)


# ----- the choices ---------------------------------------------------------------------------


@speaks
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
        return _("Use {card}{what}").format(card=card_name(action.card, lang, game), what=what)
    if isinstance(action, Pick):
        return _("Pick {card} ({kind})").format(
            card=card_name(action.card, lang, game), kind=_kind(action.card, game)
        )
    if isinstance(action, ChooseSeat):
        return _("Choose {seat} (level {level})").format(
            seat=seat_name(action.seat, me), level=view["seats"][action.seat]["level"]
        )
    if isinstance(action, ChooseMonster):
        if fight is not None and action.index < len(fight["monsters"]):
            monster = fight["monsters"][action.index]
            return _("Choose {card} (strength {strength})").format(
                card=card_name(monster["card"], lang, game), strength=monster["strength"]
            )
        run = view["run"]
        if run is not None and action.index < len(run["left"]):
            return _("Run from {card} next").format(
                card=card_name(run["left"][action.index], lang, game)
            )
        return _("Choose monster {number}").format(number=action.index + 1)
    if isinstance(action, Ask):
        return _("Ask {seat} for help (strength {strength})").format(
            seat=seat_name(action.seat, me), strength=view["seats"][action.seat]["strength"]
        )
    if isinstance(action, Trade):
        return _("Offer {seat} a trade").format(seat=seat_name(action.seat, me))
    if isinstance(action, Equip):
        return _("Equip {card}").format(card=card_name(action.card, lang, game))
    if isinstance(action, Unequip):
        return _("Unequip {card}").format(card=card_name(action.card, lang, game))
    if isinstance(action, Discard):
        return _("Discard {card} from play").format(card=card_name(action.card, lang, game))
    if isinstance(action, Treasures):
        return ngettext(
            "Promise {count} of the monsters' treasures",
            "Promise {count} of the monsters' treasures",
            action.count,
        ).format(count=action.count)
    if isinstance(action, ChooseValue):
        return _("Set the die to {value}").format(value=action.value)
    if isinstance(action, Begin):
        if action.sex:
            return _("Start the game as a female character")
        return _("Start the game as a male character")
    simple = SIMPLE.get(type(action))
    return _(simple) if simple is not None else str(action)


SIMPLE: dict[type, str] = {  # the moves without a card, a seat or a number
    type(PASS): N_("Pass"),
    KickDoor: N_("Kick open the door"),
    LootRoom: N_("Loot the room (draw a Door card face down)"),
    EndTurn: N_("End your turn"),
    Done: N_("Done: send it"),
    Cancel: N_("Cancel"),
    Roll: N_("Roll the die to run away"),
    Accept: N_("Accept"),
    Decline: N_("Decline"),
    Counter: N_("Answer with your own terms"),
    FirstPick: N_("Switch who picks the treasures first"),
    Sell: N_("Sell items for levels (1,000 gold a level)"),
}


def _play_words(view: MunchkinView, card: int, lang: str) -> str:
    game = view["game"]
    design = _cards(game).cards[card]
    name = card_name(card, lang, game)
    if design.kind == CardKind.MONSTER:
        if view["combat"] is None:
            return _("Look for trouble with {card}").format(card=name)
        return _("Send in {card}").format(card=name)
    if design.kind in (CardKind.ENHANCER, CardKind.WANDERING):
        return _("Play {card} on the monsters").format(card=name)
    if design.kind == CardKind.CURSE:
        return _("Curse with {card}").format(card=name)
    text = design.text.get(lang) if design.text is not None else ""
    what = f": {escape(text)}" if text and len(text) < 60 else ""
    return _("Play {card}").format(card=name) + what


@speaks
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


@speaks
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


def _answered(seat: int, me: int | None, answer: str) -> str:
    """``You accept`` or ``Seat 2 declines``: who answered an offer, and how."""
    if answer == Answer.ACCEPT:
        return does(seat, me, "accept")
    if answer == Answer.DECLINE:
        return does(seat, me, "decline")
    if answer == Answer.COUNTER:
        return does(seat, me, "counter")
    return does(seat, me, "pay off")


def _event(kind: str, d: dict[str, Any], lang: str, me: int | None, game: str) -> str:
    def name(card: int) -> str:
        return card_name(card, lang, game)

    def names(cards: Sequence[int]) -> str:
        return _names(cards, lang, game)

    if kind == EventKind.SETUP:
        return _("The game starts; {who} first.").format(who=does(d["first"], me, "play"))
    if kind == EventKind.TURN:
        return _("[bold]Turn {number}[/]: {whose} turn.").format(
            number=d["number"], whose=whose(d["seat"], me)
        )
    if kind == EventKind.BEGIN:
        if d["sex"]:
            return _("{who} as a female character.").format(who=does(d["seat"], me, "begin"))
        return _("{who} as a male character.").format(who=does(d["seat"], me, "begin"))
    if kind == EventKind.KICK:
        return _("{who} open the door: {card}.").format(
            who=does(d["seat"], me, "kick"), card=name(d["card"])
        )
    if kind == EventKind.NO_DOOR:
        return _("There is no Door card left to draw.")
    if kind == EventKind.REVEAL:
        return _("{card} is revealed for {seat}.").format(
            card=name(d["card"]), seat=seat_name(d["seat"], me)
        )
    if kind == EventKind.PLAY:
        return _("{who} {card}{why}.").format(
            who=does(d["seat"], me, "play"), card=name(d["card"]), why=_why_play(d["card"], game)
        )
    if kind == EventKind.TROUBLE:
        return _("{who} for trouble with {card}.").format(
            who=does(d["seat"], me, "look"), card=name(d["card"])
        )
    if kind == EventKind.EQUIP:
        return _("{who} {card}: it now counts.").format(
            who=does(d["seat"], me, "equip"), card=name(d["card"])
        )
    if kind == EventKind.UNEQUIP:
        return _("{who} {card}: it stops counting.").format(
            who=does(d["seat"], me, "unequip"), card=name(d["card"])
        )
    if kind == EventKind.DROP:
        return _("{who} {card} from play.").format(
            who=does(d["seat"], me, "discard"), card=name(d["card"])
        )
    if kind == EventKind.USE:
        return _("{who} {card}.").format(who=does(d["seat"], me, "use"), card=name(d["card"]))
    if kind == EventKind.END_TURN:
        return _("{who} the turn.").format(who=does(d["seat"], me, "end"))
    if kind == EventKind.DRAW:
        who, deck = does(d["seat"], me, "draw"), pgettext("deck", d["deck"])
        if "cards" in d:
            return _("{who} {cards} from the {deck} deck.").format(
                who=who, cards=names(d["cards"]), deck=deck
            )
        return ngettext(
            "{who} {count} card(s) from the {deck} deck.",
            "{who} {count} card(s) from the {deck} deck.",
            d["count"],
        ).format(who=who, count=d["count"], deck=deck)
    if kind == EventKind.DRAWN:
        if d["seat"] != me:
            return ""
        return "  " + _("You drew {cards}.").format(cards=names(d["cards"]))
    if kind == EventKind.RESHUFFLE:
        return ngettext(
            "The {deck} discards are shuffled into a new deck ({count} cards).",
            "The {deck} discards are shuffled into a new deck ({count} cards).",
            d["cards"],
        ).format(deck=pgettext("deck", d["deck"]), count=d["cards"])
    if kind == EventKind.COMBAT:
        return _("[bold reverse] Combat {number} [/] {whose} fight begins.").format(
            number=d["number"], whose=whose(d["seat"], me)
        )
    if kind == EventKind.MONSTER:
        return _("{card} joins the fight (brought by {seat}).").format(
            card=name(d["card"]), seat=seat_name(d["seat"], me)
        )
    if kind == EventKind.ENHANCE:
        return _("{card} goes on {monster}: the monster is stronger.").format(
            card=name(d["card"]), monster=name(d["monster"])
        )
    if kind == EventKind.MONSTER_GONE:
        if d["defeated"]:
            sentence = _("{card} defeated: its treasures are won ({by}).")
        else:
            sentence = _("{card} leaves the fight ({by}).")
        return sentence.format(card=name(d["card"]), by=name(d["by"]))
    if kind == EventKind.NO_MONSTERS:
        if d["seat"] == me:
            return _("No monster is left in your fight.")
        return _("No monster is left in seat {seat}'s fight.").format(seat=d["seat"])
    if kind == EventKind.BONUS:
        target = name(d["monster"]) if "monster" in d else seat_name(d["seat"], me)
        side = _("the monsters' side") if "monster" in d else _("the players' side")
        better = (d["amount"] > 0) == ("monster" not in d)
        news = _("good news for the fighter") if better else _("bad news for the fighter")
        return _("{card}: {amount} for {target} this fight ({news}; {side}).").format(
            card=name(d["card"]), amount=signed(d["amount"]), target=target, news=news, side=side
        )
    if kind == EventKind.RUN_BONUS:
        return _("{card}: {amount} to run away for {seat}.").format(
            card=name(d["card"]), amount=signed(d["amount"]), seat=seat_name(d["seat"], me)
        )
    if kind == EventKind.ASK:
        return _("{who} {seat} for help.").format(
            who=does(d["seat"], me, "ask"), seat=seat_name(d["other"], me)
        )
    if kind == EventKind.OFFER:
        terms = d["terms"]
        if terms[2:]:
            sentence = ngettext(
                "{who} {seat} {count} treasure(s) and items (offer {offer}).",
                "{who} {seat} {count} treasure(s) and items (offer {offer}).",
                terms[0],
            )
        else:
            sentence = ngettext(
                "{who} {seat} {count} treasure(s) (offer {offer}).",
                "{who} {seat} {count} treasure(s) (offer {offer}).",
                terms[0],
            )
        return sentence.format(
            who=does(d["seat"], me, "offer"),
            seat=seat_name(d["other"], me),
            count=terms[0],
            offer=d["offer"],
        )
    if kind == EventKind.ANSWER:
        return _("{who} offer {offer}.").format(
            who=_answered(d["seat"], me, d["answer"]), offer=d["offer"]
        )
    if kind == EventKind.HELPER:
        if d["seat"] == me:
            sentence = _("{who} your fight as the helper.")
        else:
            sentence = _("{who} seat {seat}'s fight as the helper.")
        return sentence.format(who=does(d["helper"], me, "join"), seat=d["seat"])
    if kind == EventKind.WIN:
        helper = ""
        if d["helper"] >= 0:
            helper = _(" with {seat}'s help").format(seat=seat_name(d["helper"], me))
        if d["seat"] == me:
            sentence = _(
                "[green]{who} the fight{helper}[/] against {monsters} and reach level {level}."
            )
        else:
            sentence = _(
                "[green]{who} the fight{helper}[/] against {monsters} and reaches level {level}."
            )
        return sentence.format(
            who=does(d["seat"], me, "win"),
            helper=helper,
            monsters=names(d["monsters"]),
            level=d["level"],
        )
    if kind == EventKind.HAUL:
        return _("The treasures on the table: {cards}.").format(cards=names(d["cards"]))
    if kind in (EventKind.TAKE, EventKind.LOOT):
        return _("{who} {card}.").format(who=does(d["seat"], me, "take"), card=name(d["card"]))
    if kind == EventKind.BRIBE_ITEM:
        return _("{who} {card} to {seat} (the bribe).").format(
            who=does(d["seat"], me, "give"), card=name(d["card"]), seat=seat_name(d["receiver"], me)
        )
    if kind == EventKind.RUN:
        return _("{who} away.").format(who=does(d["seat"], me, "run"))
    if kind == EventKind.ROLL:
        return _("{who} a {die} to run from {monster}.").format(
            who=does(d["seat"], me, "roll"), die=d["die"], monster=name(d["monster"])
        )
    if kind in (EventKind.SET_ROLL, EventKind.REROLL):
        return _("{who} {card}: the die now shows {value}.").format(
            who=does(d["seat"], me, "use"), card=name(d["card"]), value=d["value"]
        )
    if kind == EventKind.RAN:
        if d["escaped"]:
            sentence = _("{who} [green]escapes[/] from {monster} (total {total}).")
        else:
            sentence = _("{who} [red]is caught[/] from {monster} (total {total}).")
        return sentence.format(
            who=player_name(d["seat"], me), monster=name(d["monster"]), total=d["total"]
        )
    if kind == EventKind.ESCAPE:
        if "card" in d:
            return _("{who} with {card}.").format(
                who=does(d["seat"], me, "escape"), card=name(d["card"])
            )
        return _("{who}.").format(who=does(d["seat"], me, "escape"))
    if kind == EventKind.CAUGHT:
        return _("[red]{monster} catches {seat}: Bad Stuff![/]").format(
            monster=name(d["monster"]), seat=seat_name(d["seat"], me)
        )
    if kind == EventKind.COMBAT_OVER:
        return _("{whose} combat is over.").format(whose=whose(d["seat"], me))
    if kind == EventKind.DEATH:
        if d["seat"] == me:
            sentence = _("[bold red]You die[/] ({card}); the others loot {body}.")
        else:
            sentence = _("[bold red]Seat {seat} dies[/] ({card}); the others loot {body}.")
        return sentence.format(seat=d["seat"], card=name(d["card"]), body=names(d["body"]))
    if kind == EventKind.BODY_DISCARDED:
        return _("The rest of the body is discarded: {cards}.").format(cards=names(d["cards"]))
    if kind == EventKind.LEVEL:
        return _("{whose} level is now [bold]{level}[/] ({card}).").format(
            whose=whose(d["seat"], me), level=d["level"], card=name(d["card"])
        )
    if kind == EventKind.DISCARD:
        return _("{who} {cards}.").format(
            who=does(d["seat"], me, "discard"), cards=names(d["cards"])
        )
    if kind == EventKind.LOSE:
        return _("{who} {cards} from play.").format(
            who=does(d["seat"], me, "lose"), cards=names(d["cards"])
        )
    if kind == EventKind.SEX:
        if d["sex"]:
            sentence = _("{whose} character is now female.")
        else:
            sentence = _("{whose} character is now male.")
        return sentence.format(whose=whose(d["seat"], me))
    if kind == EventKind.REPLACED:
        return _("{card} saves {seat} from {what}.").format(
            card=name(d["card"]), seat=seat_name(d["seat"], me), what=pgettext("instead", d["what"])
        )
    if kind == EventKind.CURSE:
        source = _("the door") if d["source"] < 0 else seat_name(d["source"], me)
        return _("[magenta]{card} curses {seat}[/] (from {source}).").format(
            card=name(d["card"]), seat=seat_name(d["seat"], me), source=source
        )
    if kind == EventKind.CURSED:
        return _("{who} takes the curse {card}.").format(
            who=player_name(d["seat"], me), card=name(d["card"])
        )
    if kind == EventKind.CURSE_CANCELLED:
        return _("{who} the curse {card}.").format(
            who=does(d["seat"], me, "cancel"), card=name(d["card"])
        )
    if kind == EventKind.CURSE_REMOVED:
        return _("{card} lifts {curse} from {seat}.").format(
            card=name(d["card"]), curse=name(d["curse"]), seat=seat_name(d["seat"], me)
        )
    if kind == EventKind.STEAL:
        if d["success"]:
            sentence = _("{who} to steal {card} from {victim} and takes it.")
        else:
            sentence = _("{who} to steal {card} from {victim} and fails.")
        return sentence.format(
            who=does(d["seat"], me, "try"), card=name(d["card"]), victim=seat_name(d["victim"], me)
        )
    if kind == EventKind.TRADE:
        return _("{who} {seat} {give} for {take}.").format(
            who=does(d["seat"], me, "offer"),
            seat=seat_name(d["other"], me),
            give=names(d["give"]),
            take=names(d["take"]),
        )
    if kind == EventKind.TRADED:
        return _("{who} {give} for {take} with {seat}.").format(
            who=does(d["seat"], me, "trade"),
            give=names(d["give"]),
            take=names(d["take"]),
            seat=seat_name(d["other"], me),
        )
    if kind == EventKind.SOLD:
        return _("{who} {cards} for {gold} gold: level {level}.").format(
            who=does(d["seat"], me, "sell"),
            cards=names(d["cards"]),
            gold=f"{d['gold']:,}",
            level=d["level"],
        )
    if kind == EventKind.CHARITY_DISCARD:
        return _("{who} {card} (hand limit).").format(
            who=does(d["seat"], me, "discard"), card=name(d["card"])
        )
    if kind == EventKind.GIFT:
        receiver = seat_name(d["receiver"], me)
        if "card" in d:
            return _("{who} {card} to {seat} (charity).").format(
                who=does(d["seat"], me, "give"), card=name(d["card"]), seat=receiver
            )
        return _("{who} a card to {seat} (charity).").format(
            who=does(d["seat"], me, "give"), seat=receiver
        )
    if kind == EventKind.GIFT_CARD:
        if me not in (d["seat"], d["receiver"]):
            return ""
        return "  " + _("The gift is {card}.").format(card=name(d["card"]))
    if kind == EventKind.CLAIM:
        return _("{who} {card} with {levelup}.").format(
            who=does(d["seat"], me, "claim"), card=name(d["card"]), levelup=name(d["levelup"])
        )
    if kind == EventKind.CLAIMED:
        if d["rolls"]:
            sentence = _("{who} {card} from the discards after a die roll.")
        else:
            sentence = _("{who} {card} from the discards.")
        return sentence.format(who=does(d["seat"], me, "take"), card=name(d["card"]))
    if kind == EventKind.END:
        winners = _winners(d["winners"], d["truncated"], me)
        return _("[bold]Game over[/]: {winners}.").format(winners=winners)
    return f"{kind}: {d}"


# Why a card played matters, by its kind (a race or a style: the set's `identity`).
WHY_PLAYED: dict[str, str] = {
    CardKind.CLASS: N_(": a new class and its powers"),
    "race": N_(": a new race and its powers"),
    "style": N_(": a new style and its powers"),
    CardKind.ITEM: N_(" into play: it counts in fights"),
    CardKind.CURSE: N_(": a curse"),
    CardKind.ENHANCER: N_(": the monster is stronger"),
    CardKind.WANDERING: N_(": another monster joins the fight"),
    CardKind.FOLLOWER: N_(": a follower joins"),
}


def _why_play(card: int, game: str) -> str:
    """Why a card played matters, by its kind."""
    cards = _cards(game)
    kind = cards.cards[card].kind
    why = WHY_PLAYED.get(cards.rules.identity if kind == CardKind.RACE else kind)
    return _(why) if why is not None else ""


# ----- the end -------------------------------------------------------------------------------


@speaks
def result(view: MunchkinView, lang: str, me: int | None = None) -> RenderableType:
    """Who won and how, and everybody's final level and strength."""
    title = _winners(view["winners"], view["truncated"], me).capitalize()
    if me is not None:
        title += _(" — [bold green]you win![/]") if me in view["winners"] else _(" — you lose.")
    grid = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    for column in (_("Seat"), _("Level"), _("Strength"), _("Result")):
        grid.add_column(column)
    for seat in view["seats"]:
        s = seat["seat"]
        grid.add_row(
            player_name(s, me),
            str(seat["level"]),
            str(seat["strength"]),
            _("[bold green]winner[/]") if s in view["winners"] else "",
        )
    return grid
