"""Boss Quest: the battle at the end of a round, and the end of the game."""

from __future__ import annotations

from .content import SPELLS, WEAPON_COLOUR, Effect
from .model import BossQuestModel, EndReason, EventKind, Phase, SlotStatus

# Bound once: `meets_conditions` runs for every seat and spell slot of every battle, and
# looking a member up on its enum class costs more than the rest of a loop step.
_ACTIVE = SlotStatus.ACTIVE
_REQUIRE_COLOUR, _REQUIRE_PAIR = Effect.REQUIRE_COLOUR, Effect.REQUIRE_PAIR


def meets_conditions(state: BossQuestModel, seat: int) -> bool:
    """Whether `seat` satisfies every active Colour-required and Pair-required spell."""
    colours = None
    for slot, status in enumerate(state.slot_status):
        if status != _ACTIVE:
            continue
        spell = SPELLS[state.slots[slot]]
        if spell.effect is _REQUIRE_COLOUR or spell.effect is _REQUIRE_PAIR:
            if colours is None:
                colours = [WEAPON_COLOUR[w] for w in (state.hidden[seat], *state.visible[seat])]
            if spell.effect is _REQUIRE_COLOUR and spell.colour not in colours:
                return False
            if spell.effect is _REQUIRE_PAIR and len(set(colours)) == len(colours):
                return False
    return True


def round_winners(
    state: BossQuestModel, attacks: list[int], hp: int
) -> tuple[list[int], list[int]]:
    """``(winners, perfect)``: who wins the round's key, and who hit the HP exactly."""
    effects = state.active_effects()
    remaining = [
        s for s in range(state.num_players) if attacks[s] <= hp and meets_conditions(state, s)
    ]
    values = sorted({attacks[s] for s in remaining}, reverse=True)
    rank = 1 if Effect.RUNNER_UP in effects else 0  # Runner-up: the second-closest value wins
    winners: list[int] = []
    if len(values) > rank:
        tied = [s for s in remaining if attacks[s] == values[rank]]
        cards = {s: 1 + len(state.visible[s]) for s in tied}
        fewest = min(cards.values())
        winners = [s for s in tied if cards[s] == fewest]
    perfect = [s for s in remaining if attacks[s] == hp]
    return winners, perfect


def fight(state: BossQuestModel) -> None:
    """Resolve the battle: hearts lost, keys won, everything revealed."""
    n = state.num_players
    hp = state.boss_hp()
    attacks = state.attacks()
    effects = state.active_effects()
    wounded = [s for s in range(n) if attacks[s] > hp and Effect.MERCY not in effects]
    for s in wounded:
        state.hearts[s] -= 1
    winners, perfect = round_winners(state, attacks, hp)
    bonus = effects.count(Effect.BONUS_KEY)
    for s in winners:
        state.keys[s] += 1 + bonus
        state.round_wins[s] += 1
    for s in perfect:
        state.keys[s] += 1
        state.perfect_hits[s] += 1
    state.log(
        EventKind.BATTLE,
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


def _best(state: BossQuestModel, seats: list[int]) -> list[int]:
    """The seats with the most keys, then the most hearts (all of them on a full tie)."""
    top = max((state.keys[s], state.hearts[s]) for s in seats)
    return [s for s in seats if (state.keys[s], state.hearts[s]) == top]


def check_end(state: BossQuestModel) -> bool:
    """End the game if a rule says so (key target first, then a lost last heart)."""
    everyone = list(range(state.num_players))
    at_target = [s for s in everyone if state.keys[s] >= state.options["key_target"]]
    fallen = [s for s in everyone if state.hearts[s] <= 0]
    if at_target:
        winners, reason = _best(state, at_target), EndReason.KEYS
    elif fallen:
        standing = [s for s in everyone if s not in fallen] or everyone
        winners, reason = _best(state, standing), EndReason.LAST_HEART
    elif state.round >= state.options["max_rounds"]:
        winners, reason = _best(state, everyone), EndReason.ROUND_LIMIT
    else:
        return False
    # Whoever lost their last heart has lost, whichever rule ended the game.
    state.losers = [s for s in fallen if s not in winners]
    state.winners = winners
    state.phase = Phase.OVER
    state.log(EventKind.GAME_OVER, winners=winners, losers=state.losers, reason=reason)
    return True
