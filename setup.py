"""The optional C parts of the package (the Python code is the fallback, so a failed build
still installs a working package): SplitMix64 draws, Boss Quest's bot's Judge, the
observation encoders of Boss Quest, Ninja Master, Munchkin and Meow, Dark Lord!, the RL
adapters' action masks."""

from setuptools import Extension, setup

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
            optional=True,
        ),
        Extension("gamenight.envs._masks", ["src/gamenight/envs/_masks.c"], optional=True),
        Extension(
            "gamenight.games.boss_quest._observe",
            ["src/gamenight/games/boss_quest/_observe.c"],
            optional=True,
        ),
        Extension(
            "gamenight.games.ninja_master._observe",
            ["src/gamenight/games/ninja_master/_observe.c"],
            optional=True,
        ),
        Extension(
            "gamenight.games.munchkin._observe",
            ["src/gamenight/games/munchkin/_observe.c"],
            optional=True,
        ),
        Extension(
            "gamenight.games.meow_dark_lord._observe",
            ["src/gamenight/games/meow_dark_lord/_observe.c"],
            optional=True,
        ),
    ]
)
