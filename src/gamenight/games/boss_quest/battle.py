"""Boss Quest: the battle at the end of a round, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import SPELLS, WEAPON_COLOUR

if TYPE_CHECKING:
    from .state import BossQuestState


def meets_conditions(state: BossQuestState, seat: int) -> bool:
    """Whether `seat` satisfies every active Colour-required and Pair-required spell."""
    colours = None
    for slot, status in enumerate(state.slot_status):
        if status != "active":
            continue
        spell = SPELLS[state.slots[slot]]
        if spell.effect in ("require_colour", "require_pair"):
            if colours is None:
                colours = [WEAPON_COLOUR[w] for w in (state.hidden[seat], *state.visible[seat])]
            if spell.effect == "require_colour" and spell.colour not in colours:
                return False
            if spell.effect == "require_pair" and len(set(colours)) == len(colours):
                return False
    return True


def round_winners(
    state: BossQuestState, attacks: list[int], hp: int
) -> tuple[list[int], list[int]]:
    """``(winners, perfect)``: who wins the round's key, and who hit the HP exactly."""
    effects = state.active_effects()
    remaining = [
        s for s in range(state.num_players) if attacks[s] <= hp and meets_conditions(state, s)
    ]
    values = sorted({attacks[s] for s in remaining}, reverse=True)
    rank = 1 if "runner_up" in effects else 0  # Runner-up: the second-closest value wins
    winners: list[int] = []
    if len(values) > rank:
        tied = [s for s in remaining if attacks[s] == values[rank]]
        cards = {s: 1 + len(state.visible[s]) for s in tied}
        fewest = min(cards.values())
        winners = [s for s in tied if cards[s] == fewest]
    perfect = [s for s in remaining if attacks[s] == hp]
    return winners, perfect


def fight(state: BossQuestState) -> None:
    """Resolve the battle: hearts lost, keys won, everything revealed."""
    n = state.num_players
    hp = state.boss_hp()
    attacks = state.attacks()
    effects = state.active_effects()
    wounded = [s for s in range(n) if attacks[s] > hp and "mercy" not in effects]
    for s in wounded:
        state.hearts[s] -= 1
    winners, perfect = round_winners(state, attacks, hp)
    bonus = effects.count("bonus_key")
    for s in winners:
        state.keys[s] += 1 + bonus
        state.round_wins[s] += 1
    for s in perfect:
        state.keys[s] += 1
        state.perfect_hits[s] += 1
    state.log(
        "battle",
        round=state.round,
        hp=hp,
        attacks=attacks,
        hidden=list(state.hidden),
        failed=[s for s in range(n) if attacks[s] <= hp and not meets_conditions(state, s)],
        wounded=wounded,
        winners=winners,
        perfect=perfect,
        keys=list(state.keys),
        hearts=list(state.hearts),
    )


def _best(state: BossQuestState, seats: list[int]) -> list[int]:
    """The seats with the most keys, then the most hearts (all of them on a full tie)."""
    top = max((state.keys[s], state.hearts[s]) for s in seats)
    return [s for s in seats if (state.keys[s], state.hearts[s]) == top]


def check_end(state: BossQuestState) -> bool:
    """End the game if a rule says so (key target first, then a lost last heart)."""
    everyone = list(range(state.num_players))
    at_target = [s for s in everyone if state.keys[s] >= state.options["key_target"]]
    fallen = [s for s in everyone if state.hearts[s] <= 0]
    if at_target:
        winners, reason = _best(state, at_target), "keys"
    elif fallen:
        standing = [s for s in everyone if s not in fallen] or everyone
        winners, reason = _best(state, standing), "last_heart"
    elif state.round >= state.options["max_rounds"]:
        winners, reason = _best(state, everyone), "round_limit"
    else:
        return False
    # Whoever lost their last heart has lost, whichever rule ended the game.
    state.losers = [s for s in fallen if s not in winners]
    state.winners = winners
    state.phase = "over"
    state.log("game_over", winners=winners, losers=state.losers, reason=reason)
    return True
