"""The RL adapters' action masks and legal ids in C (`_masks.c`): `encoding.Encoding.mask`
and `legal_ids` call it when it is built."""

from collections.abc import Sequence

def mask(legal: Sequence[object], index_by_id: dict[int, int], size: int) -> bytearray | None:
    """The mask's bytes (1 at each legal codec id, by identity); None for an action that is
    not one of the codec's own instances."""

def ids(legal: Sequence[object], index_by_id: dict[int, int], size: int) -> list[int] | None:
    """The sorted codec ids of the legal actions (by identity); None for an action that is
    not one of the codec's own instances."""
