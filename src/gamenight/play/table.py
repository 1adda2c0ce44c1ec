"""The table loop: drives a state with one agent per seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamenight.kernel import Action, Agent, Bot, Clock, IllegalAction, Rng, State

Observer = Callable[[State, int, Action], None]
_STRIDE = 0x9E3779B97F4A7C15


def play(
    state: State,
    agents: Sequence[Agent | None],
    observer: Observer | None = None,
    max_actions: int | None = None,
) -> State:
    """Play `state` to the end (or for `max_actions`), asking one actor's agent at a time.

    When several seats may act (a response window, a real-time step's sealed proposals),
    the seat asked next is drawn by `next_actor`, never by seat order: the engine
    resolves what is simultaneous by its own rules. Each answer is applied at once.
    `observer(state, seat, action)` is called after every applied action. An agent that
    sets ``needs_view = False`` gets an empty dict instead of a view nobody reads.
    """
    if len(agents) != state.num_players:
        raise ValueError(
            f"{state.num_players} seats need {state.num_players} agents, got {len(agents)}"
        )
    done = 0
    clock = Clock()
    while not state.is_over() and (max_actions is None or done < max_actions):
        seat = next_actor(state)
        agent = agents[seat]
        if agent is None:
            raise ValueError(f"seat {seat} must act but has no agent")
        action = ask(agent, state, seat, clock)
        state.apply(seat, action)
        done += 1
        if observer is not None:
            observer(state, seat, action)
    return state


def next_actor(state: State) -> int:
    """The seat every driver asks next: one of `actors()`, drawn uniformly and with no
    seat-order bias, yet a pure function of the game's `State.table_key` (a one-way hash
    of its seed) and the number of actions played, so clones, saved games, replays and
    determinized worlds all ask the same seat (and the game's own generator is never
    touched). `IllegalAction` once the game is over."""
    actors = state.actors()
    if len(actors) == 1:
        return actors[0]
    if not actors:
        raise IllegalAction("the game is over")
    return actors[Rng(driver_seed(state)).below(len(actors))]


def driver_seed(state: State) -> int:
    """A seed for a driver's draws at this point of the game (see `next_actor`)."""
    return state.table_key + len(state.history) * _STRIDE


def ask(
    agent: Agent,
    state: State,
    seat: int,
    clock: Clock | None = None,
    legal: list[Action] | None = None,
) -> Action:
    """`agent`'s action for `seat`, asked as the table loop asks: the view is built only
    for agents that read it, the state is passed only to search agents, and a bot that
    reads its seat's share of the state directly (``reads_state``) is asked `act_in`.
    `legal`: the seat's legal actions, when the caller has listed them already."""
    if legal is None:
        legal = state.legal_actions(seat)
    if isinstance(agent, Bot) and agent.reads_state:
        return agent.act_in(state, seat, legal, clock or Clock())
    view = state.view(seat) if getattr(agent, "needs_view", True) else {}
    if getattr(agent, "needs_state", False):
        return agent.act(view, legal, clock or Clock(), state=state)
    return agent.act(view, legal, clock or Clock())
