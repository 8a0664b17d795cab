from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.spent_budget import SpentBudget


T = TypeVar("T", bound="SearchStats")


@_attrs_define
class SearchStats:
    """
    Attributes:
        algorithm (str):
        budget (SpentBudget):
        elapsed_ms (float | None): null for an iteration budget (see the Server-Timing header)
        exact (bool): the values are exact: nothing is hidden (one world) and it was solved
        nodes (int):
        playouts (int):
        saved_ms (float | None): the time budget left unused by an early stop; null for an iteration budget
        seed (int | str): the same seed deals the same cards
        stopped_early (bool): a time budget stopped once the best move was clear: every other move had been dropped from
            the search, trailing it by more than 2.5 standard errors of their paired difference (100 worlds at least)
        undersampled (bool): the search ended with fewer worlds than its floor (32, or an iteration budget under it)
            although it may run 50 ms past its budget to reach it: its values rest on too few worlds to rank moves reliably
            (a position with thousands of captures, an overloaded machine). Such an answer is never cached; ask again
        worlds (int):
    """

    algorithm: str
    budget: SpentBudget
    elapsed_ms: float | None
    exact: bool
    nodes: int
    playouts: int
    saved_ms: float | None
    seed: int | str
    stopped_early: bool
    undersampled: bool
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

        undersampled = self.undersampled

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
                "undersampled": undersampled,
                "worlds": worlds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spent_budget import SpentBudget  # noqa: PLC0415

        d = dict(src_dict)
        algorithm = d.pop("algorithm")

        budget = SpentBudget.from_dict(d.pop("budget"))

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

        undersampled = d.pop("undersampled")

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
            undersampled=undersampled,
            worlds=worlds,
        )

        return search_stats
