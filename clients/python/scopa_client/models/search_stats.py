from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.budget import Budget


T = TypeVar("T", bound="SearchStats")


@_attrs_define
class SearchStats:
    """
    Attributes:
        algorithm (str):
        budget (Budget):
        elapsed_ms (float | None): null for an iteration budget (see the Server-Timing header)
        nodes (int):
        playouts (int):
        seed (int | str): the same seed deals the same cards
        worlds (int):
    """

    algorithm: str
    budget: Budget
    elapsed_ms: float | None
    nodes: int
    playouts: int
    seed: int | str
    worlds: int

    def to_dict(self) -> dict[str, Any]:
        algorithm = self.algorithm

        budget = self.budget.to_dict()

        elapsed_ms: float | None
        elapsed_ms = self.elapsed_ms

        nodes = self.nodes

        playouts = self.playouts

        seed: int | str
        seed = self.seed

        worlds = self.worlds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "algorithm": algorithm,
                "budget": budget,
                "elapsed_ms": elapsed_ms,
                "nodes": nodes,
                "playouts": playouts,
                "seed": seed,
                "worlds": worlds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.budget import Budget  # noqa: PLC0415

        d = dict(src_dict)
        algorithm = d.pop("algorithm")

        budget = Budget.from_dict(d.pop("budget"))

        def _parse_elapsed_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        elapsed_ms = _parse_elapsed_ms(d.pop("elapsed_ms"))

        nodes = d.pop("nodes")

        playouts = d.pop("playouts")

        def _parse_seed(data: object) -> int | str:
            return cast(int | str, data)

        seed = _parse_seed(d.pop("seed"))

        worlds = d.pop("worlds")

        search_stats = cls(
            algorithm=algorithm,
            budget=budget,
            elapsed_ms=elapsed_ms,
            nodes=nodes,
            playouts=playouts,
            seed=seed,
            worlds=worlds,
        )

        return search_stats
