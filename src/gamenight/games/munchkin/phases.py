"""The names of the turn's phases, windows and automatic frames (shared by the modules)."""

SETUP = "setup"  # every player plays their start hand, then says Begin
START = "start"  # the turn's player, before kicking open the door
REVEAL = "reveal"  # a window on the door card kicked open (not a monster)
COMBAT = "combat"
RUN = "run"
LOOT = "loot"  # no fight from the door: look for trouble or loot the room
AFTER = "after"  # the rest of the turn, before charity
CHARITY = "charity"
END = "end"  # the window at the end of the turn
OVER = "over"

# windows (`MunchkinState.window_kind`)
W_REVEAL, W_COMBAT, W_ROLL, W_END = "reveal", "combat", "roll", "end"

# automatic frames
REWARD = "reward"  # (treasures,) the fighter's win is paid
END_COMBAT = "end_combat"
LOOT_END = "loot_end"  # (dead seat,) the body's last cards are discarded
HAUL_REST = "haul_rest"  # () the treasures left on the table go to the frame's seat

# choice frames of the turn (the operations' are in effects.py)
ENHANCE = "enhance"  # (card,) which monster an enhancer goes on
WANDER = "wander"  # (card,) which monster from hand joins
GIVE = "give"  # (card,) charity: which of the lowest players gets it
LOOT_BODY = "loot"  # (dead seat,) take one card of the body
SHARE = "share"  # (count,) take this many of the treasures on the table
BRIBE = "bribe"  # (helper, stage, treasures, helper_first, *items) the fighter's bribe
COUNTER = "counter"  # (offer, stage, treasures, helper_first, *items) the helper's terms
ANSWER = "answer"  # (offer,)
TRADE = "trade"  # (other, *items) the turn's player builds a trade
SELL = "sell"  # (*items)
