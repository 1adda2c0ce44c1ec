"""The table loop: drives a state with one agent per seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamenight.agents.base import Agent, Clock
from gamenight.kernel import Action, State

Observer = Callable[[State, int, Action], None]


def play(
    state: State,
    agents: Sequence[Agent],
    observer: Observer | None = None,
    max_actions: int | None = None,
) -> State:
    """Play `state` to the end (or for `max_actions`), asking each actor's agent in turn.

    When several seats may act (a response window), they are asked in seat order and each
    answer is applied at once, so a material play re-opens the window as the rules say.
    In a real-time step (the first actor's action has a `State.moment`), every actor
    proposes its next timed action and only the earliest is applied (ties: the order of
    `actors`); the others are asked again, seeing what it changed. A seat whose agent is
    ``None`` (played outside this loop, like an RL learner's) is not asked for a proposal.
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
        actors = state.actors()
        seat = actors[0]
        action = ask(agents[seat], state, seat, clock)
        if state.moment(action) is not None:
            proposals = [(seat, action)]
            proposals += [
                (other, ask(agents[other], state, other, clock))
                for other in actors[1:]
                if agents[other] is not None
            ]
            seat, action = earliest(state, proposals)
        state.apply(seat, action)
        done += 1
        if observer is not None:
            observer(state, seat, action)
    return state


def ask(agent: Agent, state: State, seat: int, clock: Clock | None = None) -> Action:
    """`agent`'s action for `seat`, asked as the table loop asks: the view is built only
    for agents that read it, and the state is passed only to search agents."""
    legal = state.legal_actions(seat)
    view = state.view(seat) if getattr(agent, "needs_view", True) else {}
    if getattr(agent, "needs_state", False):
        return agent.act(view, legal, clock or Clock(), state=state)
    return agent.act(view, legal, clock or Clock())


def earliest(state: State, proposals: Sequence[tuple[int, Action]]) -> tuple[int, Action]:
    """The proposal a real-time step applies: the earliest `State.moment` (ties: the first
    given, i.e. the order of `actors`)."""
    seat, action = proposals[0]
    when = state.moment(action)
    for other, proposal in proposals[1:]:
        at = state.moment(proposal)
        if at is not None and (when is None or at < when):
            seat, action, when = other, proposal, at
    return seat, action
