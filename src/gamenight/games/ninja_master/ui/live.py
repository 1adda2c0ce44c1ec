"""Ninja Master in the terminal, in real time: a full-screen Textual app.

The dice appear the instant a round begins. The person grabs tokens with single keys and
calls by typing a number and Enter; the bots act on their own clocks; every action is
applied in time order by a `LiveTable`, through the engine's own resolution. The grab
stops at the first call, once its tie window has closed; then the scoring is told line by
line, with the reason for every change of score, and Enter rolls the next round.

Everything shown comes from the person's view, the events and the dice data, in the
chosen language (the words from this folder's catalogs, which the app uses from its mount); the dice tiles, the token chips and the scoring's lines are the terminal
renderer's (`gamenight.games.ninja_master.ui.terminal`), which `gamenight replay` shows too. Every
time, the bots' and the scoring's pace included, comes from one injected clock, so tests
drive the app with a clock they move by hand.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.markdown import Markdown
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Static

from gamenight.games.ninja_master import views
from gamenight.games.ninja_master.actions import DONE, WAIT, Call, Grab
from gamenight.games.ninja_master.content import KATANA_ID, MAX_TOTAL, TOKEN_IDS, FaceKind
from gamenight.games.ninja_master.model import EventKind, NinjaMasterModel, ScoreData
from gamenight.games.ninja_master.ui.terminal import (
    SUDDEN_DEATH,
    change_line,
    chip,
    dice_text,
    hand_over_line,
    round_header,
    score_changes,
    score_data,
    scores_line,
    seconds,
    token_name,
    winners_line,
)
from gamenight.games.ninja_master.views import CallView, NinjaMasterView, TokenView
from gamenight.i18n import N_, Catalog, activate, speaking, speaks
from gamenight.kernel import Action, Agent, Event, IllegalAction
from gamenight.play.live import LiveTable, Nanoseconds
from gamenight.ui import and_list, rules

CATALOG = Catalog(__package__)
_ = CATALOG.gettext
ngettext = CATALOG.ngettext

# Single keys that grab a token (`key_help` shows them on screen).
KEY_OF_TOKEN = {"red": "r", "blue": "b", "green": "g", "yellow": "y", "black": "k", KATANA_ID: "a"}
TOKEN_KEYS = {key: token for token, key in KEY_OF_TOKEN.items()} | {"space": KATANA_ID}

REVEAL_MS = 450  # the scoring is told one line every this many ms

READY, GRAB, SCORING = "ready", "grab", "scoring"

# How to play, shown before the first roll (``?`` shows the rules in brief).
RULES = [
    N_("The dice are shown to everybody at once, and everybody grabs at once: be quick!"),
    N_("Take up to 2 tokens. A Ninja token scores the ninjas of its colour on the dice; a"),
    N_("Smoke of that colour turns them negative (a second Smoke turns them back)."),
    N_("The Katana steals half its owner's points when more Katanas than Shurikens were"),
    N_("rolled (the owner taking it back just keeps it), and costs 3 points otherwise."),
    N_("Once a token is taken, anybody may call the total number of ninjas: +1 if right,"),
    N_("−3 if wrong. The first call stops the grab. The Shuriken scores 1 per Shuriken rolled."),
    N_("The leader takes the Katana, the Shuriken moves on. The first to the target wins."),
]


def rules_text() -> list[Text]:
    """How to play, a line each, in the language in use."""
    return [Text(_("How to play"), style="bold underline"), *(Text(_(line)) for line in RULES)]


# ----- the panels, built from views -----------------------------------------------------


@speaks
def tokens_text(
    tokens: Sequence[TokenView], katana_owner: int, names: Sequence[str], lang: str
) -> Text:
    """Each token with its key, and who took it when."""
    lines = []
    for token in tokens:
        name, holder = token["token"], token["holder"]
        line = Text.assemble((f" {KEY_OF_TOKEN[name]} ", "bold reverse"), " ", chip(name, lang))
        line.pad_right(14 - len(line))
        if holder is None:
            line.append(_("free"), style="dim")
        else:
            line.append(f"{names[holder]:<7}", style="bold")
            if token["ms"] is not None:
                line.append(seconds(token["ms"]), style="dim")
        if name == KATANA_ID:
            line.pad_right(30 - len(line))
            line.append(_("owner: {seat}").format(seat=names[katana_owner]), style="italic")
        lines.append(line)
    return Text("\n").join(lines)


@speaks
def players_text(
    view: NinjaMasterView, held: Sequence[int], names: Sequence[str], lang: str
) -> Text:
    """Each player's score, who owns the Katana and rolls, the tokens taken and the call."""
    calls = {call["seat"]: call for call in view["calls"]}
    lines = []
    for seat, name in enumerate(names):
        line = Text(f" {name:<7}", style="bold" if seat == view["seat"] else "")
        line.append(
            _("{points} pts  ").format(points=f"{view['scores'][seat]:>3}"), style="bold cyan"
        )
        marks = []
        if seat == view["katana_owner"]:
            marks.append((token_name(KATANA_ID, lang), "bold #ce93d8"))
        if seat == view["shuriken"]:
            marks.append((token_name(FaceKind.SHURIKEN, lang), "bold #b0bec5"))
        for word, style in marks:
            line.append(f"{word} ", style=style)
        line.pad_right(max(0, 32 - len(line)))
        for token, holder in enumerate(held):
            if holder == seat:
                line.append_text(chip(TOKEN_IDS[token], lang))
                line.append(" ")
        call = calls.get(seat)
        if call is not None:
            called = _(" called {total} ({time})").format(
                total=call["total"], time=seconds(call["ms"])
            )
            line.append(called, style="bold magenta")
        lines.append(line)
    return Text("\n").join(lines)


@speaks
def key_help(lang: str) -> Text:
    """The key map, on two lines."""
    text = Text(_(" Grab "), style="bold")
    for token, key in KEY_OF_TOKEN.items():
        text.append(f" {key} ", style="bold reverse")
        text.append(f" {token_name(token, lang)}  ")
    text.append(_("(Katana: a or space; two tokens at most)"), style="dim")
    text.append("\n" + _(" Call "), style="bold")
    keys = (
        ("0-9", _("the number of ninjas, then")),
        ("Enter", " "),
        ("Backspace", _("fix  ")),
        ("d", _("done: take nothing more  ")),
        ("?", _("rules  ")),
        ("q", _("leave")),
    )
    for key, words in keys:
        text.append(f" {key} ", style="bold reverse")
        text.append(f" {words} ")
    return text


# ----- the end of a round -------------------------------------------------------------------


@speaks
def result_lines(
    scored: ScoreData, after: NinjaMasterView, names: Sequence[str], lang: str
) -> list[Text]:
    """The scores after a round (its ``score`` event), and where the Katana and the
    Shuriken go, or who won (`after`: a view once it was scored)."""
    scores = scores_line(scored, names)
    if after["winners"]:
        return [scores, winners_line(after["winners"], names, after["seat"])]
    lines = [scores, hand_over_line(scored, names, lang)]
    if after["sudden_death"]:
        lines.append(Text(_(SUDDEN_DEATH), style="bold red"))
    return lines


# ----- the app ----------------------------------------------------------------------------


class RulesScreen(ModalScreen[None]):
    """The game's rules in brief over the table (``?``); Escape, Enter, ``q`` or ``?``
    closes it. The table's keys do nothing meanwhile; time goes on behind it."""

    CSS = """
    #rules { border: round #e0a030; background: #15171c; padding: 0 1; }
    """
    CLOSE_KEYS = ("escape", "enter", "q", "question_mark")
    # Left to the panel, which scrolls them: a short terminal shows the rules a part at a time.
    SCROLL_KEYS = ("up", "down", "pageup", "pagedown", "home", "end")

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Static(Markdown(self.text))

    def on_key(self, event: Key) -> None:
        if event.key in self.SCROLL_KEYS:
            return
        # Stopped here, no other key reaches the table under the rules (nor its bindings).
        event.stop()
        if event.key in self.CLOSE_KEYS:
            self.dismiss()


class NinjaMasterApp(App[None]):
    """A game of Ninja Master for one person at `seat` against bots, in real time.

    `agents` has a bot for every other seat (``None`` at `seat`); `clock` gives whole
    nanoseconds (tests pass a clock they move by hand, then call `tick`).
    """

    TITLE = "Ninja Master"
    CSS = """
    Screen { background: #15171c; }
    #title { height: 1; background: #26323f; color: #ffffff; padding: 0 1; }
    #title, #dice, #tokens, #players, #keys { text-wrap: nowrap; text-overflow: ellipsis; }
    #dice { height: 5; border: round #7e8a97; border-title-style: bold; }
    #middle { height: 8; }
    #tokens { width: 46; height: 100%; border: round #7e8a97; }
    #players { width: 1fr; height: 100%; border: round #7e8a97; }
    #status { height: 3; border: round #e0a030; padding: 0 1; }
    #log { height: 1fr; border: round #7e8a97; padding: 0 1; }
    #keys { height: 2; background: #26323f; }
    """
    BINDINGS: ClassVar = [
        Binding("ctrl+c", "leave_now", "leave", priority=True, show=False),
        Binding("q", "leave", "leave", show=False),
    ]

    def __init__(
        self,
        state: NinjaMasterModel,
        agents: Sequence[Agent | None],
        seat: int,
        lang: str = "en",
        clock: Nanoseconds = time.monotonic_ns,
    ) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.lang = lang
        self.clock = clock
        self.live = LiveTable(state, agents, DONE, WAIT, clock)
        you, bot = CATALOG.gettext("You"), CATALOG.gettext("Bot {seat}")
        with speaking(lang):
            self.names = [
                you if s == seat else bot.format(seat=s) for s in range(state.num_players)
            ]
        self.bots = ", ".join(sorted({agent.name for agent in agents if agent is not None}))
        self.phase = READY
        self.typed = ""  # the digits of a call being typed
        self.leaving = False  # q was pressed once: a second q leaves
        self.feed: list[Text] = []  # what happened in this grab, one line each
        self.taken: dict[str, int] = {}  # token -> when it was taken this round (ms)
        self.before = views.view(state, seat)  # the view when the round's dice were shown
        self.scored: ScoreData | None = None  # the score event of the round just played
        self.story: list[Text] = []  # its scoring, line by line
        self.told = 0  # how many lines of the story are shown
        self._story_from = 0  # the clock when the scoring began
        self._seen = len(state.events_for(seat))  # events told so far

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="dice")
        with Horizontal(id="middle"):
            yield Static(id="tokens")
            yield Static(id="players")
        yield Static(id="status")
        yield Static(id="log")
        yield Static(key_help(self.lang), id="keys")

    def on_mount(self) -> None:
        activate(self.lang)  # the app's own words, in its tasks from now on
        self.query_one("#tokens").border_title = _("Tokens")
        self.query_one("#players").border_title = _("Players")
        self.query_one("#log").border_title = _("What happens")
        # Bots' actions keep their exact times whenever they are applied (a person's key
        # press first applies everything due before it): ticking only shows them.
        self.set_interval(1 / 30, self.tick)
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()  # the dice narrow to fit, the log shows what fits

    # ----- time -------------------------------------------------------------------------

    def tick(self) -> None:
        """Let time pass: the bots act, the deadline expires, the scoring is told."""
        if self.phase == GRAB:
            self.live.advance()
            self._after_actions()
        elif self.phase == SCORING and self.told < len(self.story):
            told = 1 + (self.clock() - self._story_from) // (REVEAL_MS * 1_000_000)
            if told > self.told:
                self.told = min(told, len(self.story))
                self.redraw()
        self._draw_status()

    def _after_actions(self) -> None:
        """Tell the new grabs and calls; when the grab is over, start telling the scoring."""
        events = self.state.events_for(self.seat)
        fresh, self._seen = events[self._seen :], len(events)
        for event in fresh:
            self._tell(event)
        if self.phase == GRAB and not self.live.running:
            after, scored = views.view(self.state, self.seat), self.scored
            assert scored is not None  # a grab ends with its round's score event
            changes = score_changes(scored, self.names, self.lang)
            self.story = [
                round_header(scored, self.lang),
                *(change_line(change, self.names) for change in changes),
                Text(),
                *result_lines(scored, after, self.names, self.lang),
            ]
            self.told, self._story_from = 1, self.clock()
            self.phase = SCORING
            self.typed = ""
        if fresh:
            self.redraw()

    def _tell(self, event: Event) -> None:
        """A line of the feed for a grab or a call; a round's score event is kept for its
        scoring (the others are told by the scoring)."""
        kind, data = event.kind, event.data
        if kind == EventKind.SCORE:
            self.scored = score_data(event)
        elif kind == EventKind.GRAB:
            seat, token, holder = data["seat"], data["token"], data["holder"]
            self.taken.setdefault(token, data["ms"])
            grabbed = _("{time}  {seat} grabbed ").format(
                time=seconds(data["ms"]), seat=self.names[seat]
            )
            line = Text(grabbed)
            line.append_text(chip(token, self.lang))
            if holder != seat:
                tie = _(" in the same ms as {seat}: the draw keeps it there")
                line.append(tie.format(seat=self.names[holder]))
            self.feed.append(line)
        elif kind == EventKind.CALL:
            words = _("{time}  {seat} called {total}!").format(
                time=seconds(data["ms"]), seat=self.names[data["seat"]], total=data["total"]
            )
            self.feed.append(Text(words, style="bold magenta"))

    # ----- keys -------------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        key = event.key
        if event.character is not None and event.character.isalpha():
            key = event.character.lower()  # R grabs red too
        if key != "q":
            self.leaving = False  # any other key stays at the table
        if key in TOKEN_KEYS:
            self._human(lambda ms: Grab(TOKEN_IDS.index(TOKEN_KEYS[key]), ms))
        elif key.isdigit() and len(key) == 1:
            if self.phase == GRAB and len(self.typed) < len(str(MAX_TOTAL)):
                self.typed += key
        elif key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "escape":
            self.typed = ""
        elif key == "enter":
            self._enter()
        elif key == "d":
            self._human(lambda ms: DONE)
        elif key == "question_mark":
            summary = rules(self.state.game_id, self.lang) or ""
            self.push_screen(RulesScreen(summary), callback=lambda _: self.redraw())
        else:
            return
        event.stop()
        self.redraw()

    def _enter(self) -> None:
        """Enter: call the number typed; tell all the scoring; roll the next round; leave."""
        if self.phase == GRAB:
            if not self.typed:
                self._say(_("Type the number of ninjas first, then Enter."))
                return
            total, self.typed = int(self.typed), ""
            self._human(lambda ms: Call(total, ms))
        elif self.phase == SCORING and self.told < len(self.story):
            self.told = len(self.story)  # impatient: tell it all at once
        elif self.state.is_over():
            self.exit()
        else:
            self.before = views.view(self.state, self.seat)
            self.feed.clear()
            self.taken.clear()
            self.live.begin()  # the dice are shown now: the grab's clock starts
            self.phase = GRAB
            self._after_actions()

    def _human(self, build: Callable[[int], Action]) -> None:
        """The person acts now (`build` makes the action from its ms); a refusal is shown
        and changes nothing."""
        if self.phase != GRAB:
            return
        if self.seat not in self.state.grabbing:
            self._say(_("You are out of this grab: wait for its end."))
            return
        try:
            self.live.act(self.seat, build)
        except IllegalAction as exc:
            self._say(_("Refused: {reason}").format(reason=exc))
        self._after_actions()

    def _say(self, words: str) -> None:
        self.feed.append(Text(f"{seconds(self.live.elapsed_ms())}  {words}", style="bold red"))

    def action_leave(self) -> None:
        """q: leave the table, asked first (a stray key must not end a game); once the
        game is over, at once."""
        if self.leaving or self.state.is_over():
            self.exit()
            return
        self.leaving = True
        self._say(_("Press q again to leave the table; any other key stays."))
        self.redraw()

    def action_leave_now(self) -> None:
        """Ctrl-C: leave the table at once."""
        self.exit()

    # ----- drawing ----------------------------------------------------------------------

    def _covered(self) -> bool:
        """Whether the rules cover the table (nothing of it is drawn meanwhile)."""
        return isinstance(self.screen, RulesScreen)

    def redraw(self) -> None:
        """Draw every panel from the state's view (the status line is drawn every tick)."""
        if self._covered():
            return
        dice = self.query_one("#dice", Static)
        if self.phase == READY:
            dice.border_title = _("Dice")
            dice.update(Text(_(" The dice are in the dojo. Press Enter to roll!"), style="bold"))
        else:
            roller = self.names[self.before["shuriken"]]
            dice.border_title = _("Dice rolled by {seat}").format(seat=roller)
            dice.update(dice_text(self.before["dice"], self.lang, dice.content_size.width))
        view, held = self._table()
        tokens: list[TokenView] = [
            {"token": name, "holder": h if h >= 0 else None, "ms": self.taken.get(name)}
            for name, h in zip(TOKEN_IDS, held, strict=True)
        ]
        self._set("#tokens", tokens_text(tokens, view["katana_owner"], self.names, self.lang))
        self._set("#players", players_text(view, held, self.names, self.lang))
        lines = {READY: rules_text(), GRAB: self.feed, SCORING: self.story[: self.told]}[self.phase]
        room = self.query_one("#log").content_size.height
        self._set("#log", Text("\n").join(lines[-room:] if room else lines))
        self._draw_status()

    def _table(self) -> tuple[NinjaMasterView, list[int]]:
        """The view the token and player panels show, and each token's holder (-1: free).

        During the grab: the live view. Once it is over: the round's tokens and calls
        (from its score summary) with the scores before it, and once the scoring is told,
        the scores after it and the Katana and Shuriken handed over.
        """
        if self.phase == READY:
            return self.before, [-1] * len(TOKEN_IDS)
        view = views.view(self.state, self.seat)
        if self.phase == GRAB:
            return view, [-1 if t["holder"] is None else t["holder"] for t in view["tokens"]]
        summary = view["last_round"]
        assert summary is not None  # the grab is over: its round was scored
        calls: list[CallView] = [{"seat": s, "total": n, "ms": ms} for s, n, ms in summary["calls"]]
        base = view if self.told >= len(self.story) else self.before
        return {**base, "calls": calls}, summary["holders"]

    def _draw_status(self) -> None:
        if self._covered():
            return
        view = self.before
        title = Text.assemble(
            ("Ninja Master", "bold"),
            _("  ·  round {round}  ·  first to {target} points").format(
                round=view["round"], target=view["target"]
            ),
        )
        if view["sudden_death"]:
            title.append(_("  ·  SUDDEN DEATH"), style="bold red")
        title.append(
            _("  ·  you are seat {seat}, bots: {bots}, seed {seed}").format(
                seat=self.seat, bots=self.bots, seed=self.state.seed
            ),
            style="#9aa5b1",
        )
        self._set("#title", title)
        self._set("#status", self._status_text())

    def _status_text(self) -> Text:
        if self.phase == READY:
            roller = self.before["shuriken"]
            if roller == self.seat:
                holds = _("{seat} hold the {shuriken}. Press {enter} to roll the dice, and grab!")
            else:
                holds = _("{seat} holds the {shuriken}. Press {enter} to roll the dice, and grab!")
            before, after = _split(holds.format(seat=self.names[roller], shuriken="{}", enter="{}"))
            return Text.assemble(
                (_("Round {round}: ").format(round=self.before["round"]), "bold"),
                before[0],
                chip(FaceKind.SHURIKEN, self.lang),
                before[1],
                (" Enter ", "bold reverse"),
                after,
            )
        if self.phase == GRAB:
            grab = _("GRAB!  {time}   ").format(time=seconds(self.live.elapsed_ms()))
            text = Text.assemble((grab, "bold yellow"))
            calls = views.view(self.state, self.seat)["calls"]
            if calls:
                caller = self.names[calls[0]["seat"]]
                stops = _("{seat} called: the grab stops.   ").format(seat=caller)
                text.append(stops, style="bold magenta")
            if self.seat in self.state.actors():
                text.append(_("Your call: "))
                text.append(f" {self.typed:<2}▏", style="bold reverse")
            else:
                text.append(_("You are out of this grab: wait for its end."), style="dim")
            return text
        if self.told < len(self.story):
            lead, rest = _("Scoring…  {enter} shows it all").split("{enter}")
            return Text.assemble((lead, "bold"), ("Enter", "bold reverse"), rest)
        if self.state.is_over():
            lead, rest = _("The game is over.  {enter} leaves.").split("{enter}")
            return Text.assemble((lead, "bold yellow"), (" Enter ", "bold reverse"), rest)
        lead, rest = _("Press {enter} for the next round.").split("{enter}")
        return Text.assemble(
            (lead, "bold green"), (" Enter ", "bold reverse"), (rest, "bold green")
        )

    def _set(self, selector: str, content: Text) -> None:
        self.query_one(selector, Static).update(content)


def run(
    state: NinjaMasterModel, agents: Sequence[Agent | None], seat: int, lang: str = "en"
) -> str | None:
    """Play `state` full screen: seat `seat` is the person, `agents` the bots' seats.

    Returns the closing words of a finished game, or ``None`` if the person left before.
    """
    app = NinjaMasterApp(state, agents, seat, lang)
    app.run()
    if app.return_code:  # the app failed, and has shown why
        raise SystemExit(app.return_code)
    if not state.is_over():
        return None
    return closing_words(state, app.names, seat, lang)


@speaks
def closing_words(state: NinjaMasterModel, names: Sequence[str], seat: int, lang: str) -> str:
    """Who won a finished game, after how many rounds, and every score."""
    view = views.view(state, seat)
    winners = and_list([names[s] for s in view["winners"]])
    scores = ", ".join(f"{names[s]} {score}" for s, score in enumerate(view["scores"]))
    rounds = view["round"]
    return ngettext(
        "Ninja Master: {winners} won after {rounds} round. Scores: {scores}.",
        "Ninja Master: {winners} won after {rounds} rounds. Scores: {scores}.",
        rounds,
    ).format(winners=winners, rounds=rounds, scores=scores)


def _split(words: str) -> tuple[tuple[str, str], str]:
    """The three pieces of `words` around its two ``{}``: before, between, after."""
    first, _brace, rest = words.partition("{}")
    between, _brace, after = rest.partition("{}")
    return (first, between), after
