"""The optional C part of the package: SplitMix64 draws (the Python code is the fallback,
so a failed build still installs a working package)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "gamenight.kernel._native",
            ["src/gamenight/kernel/_native.c"],
            optional=True,
        )
    ]
)
