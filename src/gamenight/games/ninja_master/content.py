"""Ninja Master dice data: the schema, and the shared immutable tables built from it.

Face kinds form a closed vocabulary (`FaceKind`):

============  =================================================================
kind          meaning
============  =================================================================
``ninja``     `ninjas` (1-3) ninja figures of a `colour`
``smoke``     a Smoke of a `colour`: flips the sign of that colour's Ninja token
``katana``    counts toward making the Katana takeable
``shuriken``  +1 for the Shuriken holder; counts against the Katana
============  =================================================================

There is one Ninja token per colour, plus the Katana token; tokens are numbered by colour
order, the Katana last (`KATANA`). New dice or colours need only ``data/dice.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pydantic import Field, model_validator

from gamenight.kernel.content import ContentModel, Localized, load_content


class FaceKind(StrEnum):
    """What a die's face shows (the table above)."""

    NINJA = "ninja"
    SMOKE = "smoke"
    KATANA = "katana"
    SHURIKEN = "shuriken"


KATANA_ID = FaceKind.KATANA.value  # the Katana token's id, beside the colours' ids


class ColourData(ContentModel):
    id: str
    name: Localized


class FaceData(ContentModel):
    kind: FaceKind
    ninjas: int = 0
    colour: str | None = None

    @model_validator(mode="after")
    def _check_kind(self) -> FaceData:
        if (self.kind == FaceKind.NINJA) != (self.ninjas > 0):
            raise ValueError("a ninja face has 1 or more ninjas; other faces have none")
        if (self.kind in (FaceKind.NINJA, FaceKind.SMOKE)) != (self.colour is not None):
            raise ValueError("ninja and smoke faces have a colour; other faces have none")
        return self


class DieData(ContentModel):
    id: str
    faces: list[FaceData] = Field(min_length=1)


class KindNames(ContentModel):
    ninja: Localized
    smoke: Localized
    katana: Localized
    shuriken: Localized


class DiceFile(ContentModel):
    colours: list[ColourData] = Field(min_length=1)
    kinds: KindNames
    dice: list[DieData] = Field(min_length=1)

    @model_validator(mode="after")
    def _check_references(self) -> DiceFile:
        colours = [c.id for c in self.colours]
        if len(set(colours)) != len(colours) or KATANA_ID in colours:
            raise ValueError(f"colour ids must be unique and not {KATANA_ID!r}")
        if len({d.id for d in self.dice}) != len(self.dice):
            raise ValueError("die ids must be unique")
        for die in self.dice:
            for face in die.faces:
                if face.colour is not None and face.colour not in colours:
                    raise ValueError(f"die {die.id!r} has a face of unknown colour {face.colour!r}")
        return self


@dataclass(frozen=True, slots=True)
class Face:
    """One face of one die (shared, immutable)."""

    kind: FaceKind
    ninjas: int
    colour: int  # colour index for ninja and smoke faces, else -1

    @property
    def name(self) -> str:
        """``"red 2"``, ``"red smoke"``, ``"katana"`` or ``"shuriken"``."""
        if self.kind == FaceKind.NINJA:
            return f"{COLOURS[self.colour]} {self.ninjas}"
        if self.kind == FaceKind.SMOKE:
            return f"{COLOURS[self.colour]} smoke"
        return self.kind


DICE_FILE = load_content("data/dice.toml", DiceFile, package=__package__)
COLOURS: tuple[str, ...] = tuple(c.id for c in DICE_FILE.colours)
COLOUR_NAMES: tuple[Localized, ...] = tuple(c.name for c in DICE_FILE.colours)
DICE: tuple[tuple[Face, ...], ...] = tuple(
    tuple(
        Face(f.kind, f.ninjas, COLOURS.index(f.colour) if f.colour is not None else -1)
        for f in die.faces
    )
    for die in DICE_FILE.dice
)
NUM_COLOURS = len(COLOURS)
KATANA = NUM_COLOURS  # the Katana token's id; Ninja tokens are 0..NUM_COLOURS-1
NUM_TOKENS = NUM_COLOURS + 1
TOKEN_IDS: tuple[str, ...] = (*COLOURS, KATANA_ID)
MAX_TOTAL = sum(max(face.ninjas for face in die) for die in DICE)  # the highest possible call


def token_id(name: str) -> int:
    """The token number of ``"red"``...``"black"`` or ``"katana"``."""
    try:
        return TOKEN_IDS.index(name.strip().lower())
    except ValueError:
        raise ValueError(f"no token {name!r}; tokens: {', '.join(TOKEN_IDS)}") from None
