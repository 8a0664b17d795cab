"""The primiera's tables: a prime value per rank, or the ranks compared by count."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# Prime value by rank (index 1..10) for each sum-valued prime table.
PRIME_TABLES: Mapping[str, tuple[float, ...]] = MappingProxyType(
    {
        "standard": (0, 16, 12, 13, 14, 15, 18, 21, 10, 10, 10),
        "southern": (0, 16, 12, 13, 14, 15, 18, 21, 8, 9, 10),
        "zero_faces": (0, 16, 12, 13, 14, 15, 18, 21, 0, 0, 0),
        "half_values": (0, 5.5, 2, 3, 4, 5, 6, 7, 0.5, 0.5, 0.5),
    },
)
# Ranked-count prime forms: the ranks compared in order, most cards of a rank first.
PRIME_COUNT_ORDERS: Mapping[str, tuple[tuple[int, ...], ...]] = MappingProxyType(
    {
        "barmila": ((7,), (6,)),
        "most_sevens": ((7,), (6,), (1,), (5,), (4,), (3,), (2,), (8, 9, 10)),
        # Escoba's sevens point (docs/variants.md): the most sevens; a tie gives nobody.
        "escoba_sevens": ((7,),),
    },
)
# Every prime table by name, the sum-valued ones first.
PRIME_TABLE_NAMES: tuple[str, ...] = (*PRIME_TABLES, *PRIME_COUNT_ORDERS)
