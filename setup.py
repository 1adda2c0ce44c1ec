"""The optional C parts of the package (the Python code is the fallback, so a failed build
still installs a working package): SplitMix64 draws, Boss Quest's bot's Judge and its view,
the observation encoders of Boss Quest, Ninja Master, Munchkin and Meow, Dark Lord!, the RL
adapters' action masks."""

from setuptools import Extension, setup

# The observation encoders read a state's fields with the kernel's shared C helpers.
STATE_FIELDS = "src/gamenight/kernel/_state_fields.h"


def observer(game: str) -> Extension:
    """A game's observation encoder in C (`games/<game>/_observe.c`)."""
    return Extension(
        f"gamenight.games.{game}._observe",
        [f"src/gamenight/games/{game}/_observe.c"],
        depends=[STATE_FIELDS],
        optional=True,
    )


setup(
    ext_modules=[
        Extension(
            "gamenight.kernel._native",
            ["src/gamenight/kernel/_native.c"],
            optional=True,
        ),
        # The same floats as the Python code: no fused multiply-adds.
        Extension(
            "gamenight.games.boss_quest._judge",
            ["src/gamenight/games/boss_quest/_judge.c"],
            extra_compile_args=["-ffp-contract=off"],
            depends=[STATE_FIELDS],
            optional=True,
        ),
        Extension("gamenight.envs._masks", ["src/gamenight/envs/_masks.c"], optional=True),
        observer("boss_quest"),
        observer("ninja_master"),
        observer("munchkin"),
        observer("meow_dark_lord"),
    ]
)
