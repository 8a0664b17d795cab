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
        exact (bool): the values are exact: nothing is hidden (one world) and it was solved
        nodes (int):
        playouts (int):
        saved_ms (float | None): the time budget left unused by an early stop; null for an iteration budget
        seed (int | str): the same seed deals the same cards
        stopped_early (bool): a time budget stopped once the best move was clear: its lead over every other move passed
            3 standard errors of their paired difference (100 worlds at least)
        worlds (int):
    """

    algorithm: str
    budget: Budget
    elapsed_ms: float | None
    exact: bool
    nodes: int
    playouts: int
    saved_ms: float | None
    seed: int | str
    stopped_early: bool
    worlds: int

    def to_dict(self) -> dict[str, Any]:
        algorithm = self.algorithm

        budget = self.budget.to_dict()

        elapsed_ms: float | None
        elapsed_ms = self.elapsed_ms

        exact = self.exact

        nodes = self.nodes

        playouts = self.playouts

        saved_ms: float | None
        saved_ms = self.saved_ms

        seed: int | str
        seed = self.seed

        stopped_early = self.stopped_early

        worlds = self.worlds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "algorithm": algorithm,
                "budget": budget,
                "elapsed_ms": elapsed_ms,
                "exact": exact,
                "nodes": nodes,
                "playouts": playouts,
                "saved_ms": saved_ms,
                "seed": seed,
                "stopped_early": stopped_early,
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

        exact = d.pop("exact")

        nodes = d.pop("nodes")

        playouts = d.pop("playouts")

        def _parse_saved_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        saved_ms = _parse_saved_ms(d.pop("saved_ms"))

        def _parse_seed(data: object) -> int | str:
            return cast(int | str, data)

        seed = _parse_seed(d.pop("seed"))

        stopped_early = d.pop("stopped_early")

        worlds = d.pop("worlds")

        search_stats = cls(
            algorithm=algorithm,
            budget=budget,
            elapsed_ms=elapsed_ms,
            exact=exact,
            nodes=nodes,
            playouts=playouts,
            saved_ms=saved_ms,
            seed=seed,
            stopped_early=stopped_early,
            worlds=worlds,
        )

        return search_stats
