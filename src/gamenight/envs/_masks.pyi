"""The RL adapters' action masks, legal ids and float lists in C (`_masks.c`):
`encoding.Encoding.mask`, `legal_ids` and OpenSpiel's `observation_tensor` call it when it
is built."""

from collections.abc import Sequence

class Index:
    """Each of `actions`' objects' position, by identity (it keeps `actions` alive)."""

    def __init__(self, actions: tuple[object, ...], /) -> None: ...
    @property
    def size(self) -> int:
        """How many actions the index holds."""

def mask(legal: Sequence[object], index: Index, /) -> bytearray | None:
    """The mask's bytes (1 at each legal codec id, by identity); None for an action that is
    not one of the index's own objects."""

def ids(legal: Sequence[object], index: Index, /) -> list[int] | None:
    """The sorted codec ids of the legal actions (by identity); None for an action that is
    not one of the index's own objects."""

def floats(tensor: object, /) -> list[float]:
    """The list of Python floats of a C-contiguous float32 array, equal to its ``tolist()``
    (zeros and ones shared); a TypeError for any other buffer."""
