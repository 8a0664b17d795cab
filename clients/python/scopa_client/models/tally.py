from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Tally")


@_attrs_define
class Tally:
    """
    Attributes:
        cards (int | None | Unset): cards taken
        coins (int | None | Unset): cards of the bonus suit taken
        grande (bool | None | Unset): grande: took the jack, horse and king of the bonus suit
        napola (int | None | Unset): napola: the unbroken run of the bonus suit from the ace, in cards (0 below three)
        piva (bool | None | Unset): piva: took the 2 of clubs
        prime (list[str] | None | Unset): the prime: a card of the best value taken in each suit; the prime: every card
            taken of the ranks the table counts
        prime_points (float | None | Unset): the prime's points: the values of its cards summed, a card of every suit
            taken (instead of, or beside, the prime's cards)
        re_bello (bool | None | Unset): re_bello: took the king of the bonus suit
        scalette_high (int | None | Unset): scalette: the high run of the bonus suit from the king down (0 below three)
        scalette_low (int | None | Unset): scalette: the low run of the bonus suit from the ace, up to the horse (0
            below three)
        scope (int | None | Unset): sweeps made
        sette_di_coppe (bool | None | Unset): sette_di_coppe: took the 7 of cups
        settebello (bool | None | Unset): took the 7 of the bonus suit
    """

    cards: int | None | Unset = UNSET
    coins: int | None | Unset = UNSET
    grande: bool | None | Unset = UNSET
    napola: int | None | Unset = UNSET
    piva: bool | None | Unset = UNSET
    prime: list[str] | None | Unset = UNSET
    prime_points: float | None | Unset = UNSET
    re_bello: bool | None | Unset = UNSET
    scalette_high: int | None | Unset = UNSET
    scalette_low: int | None | Unset = UNSET
    scope: int | None | Unset = UNSET
    sette_di_coppe: bool | None | Unset = UNSET
    settebello: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cards: int | None | Unset
        if isinstance(self.cards, Unset):
            cards = UNSET
        else:
            cards = self.cards

        coins: int | None | Unset
        if isinstance(self.coins, Unset):
            coins = UNSET
        else:
            coins = self.coins

        grande: bool | None | Unset
        if isinstance(self.grande, Unset):
            grande = UNSET
        else:
            grande = self.grande

        napola: int | None | Unset
        if isinstance(self.napola, Unset):
            napola = UNSET
        else:
            napola = self.napola

        piva: bool | None | Unset
        if isinstance(self.piva, Unset):
            piva = UNSET
        else:
            piva = self.piva

        prime: list[str] | None | Unset
        if isinstance(self.prime, Unset):
            prime = UNSET
        elif isinstance(self.prime, list):
            prime = self.prime

        else:
            prime = self.prime

        prime_points: float | None | Unset
        if isinstance(self.prime_points, Unset):
            prime_points = UNSET
        else:
            prime_points = self.prime_points

        re_bello: bool | None | Unset
        if isinstance(self.re_bello, Unset):
            re_bello = UNSET
        else:
            re_bello = self.re_bello

        scalette_high: int | None | Unset
        if isinstance(self.scalette_high, Unset):
            scalette_high = UNSET
        else:
            scalette_high = self.scalette_high

        scalette_low: int | None | Unset
        if isinstance(self.scalette_low, Unset):
            scalette_low = UNSET
        else:
            scalette_low = self.scalette_low

        scope: int | None | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        sette_di_coppe: bool | None | Unset
        if isinstance(self.sette_di_coppe, Unset):
            sette_di_coppe = UNSET
        else:
            sette_di_coppe = self.sette_di_coppe

        settebello: bool | None | Unset
        if isinstance(self.settebello, Unset):
            settebello = UNSET
        else:
            settebello = self.settebello

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if cards is not UNSET:
            field_dict["cards"] = cards
        if coins is not UNSET:
            field_dict["coins"] = coins
        if grande is not UNSET:
            field_dict["grande"] = grande
        if napola is not UNSET:
            field_dict["napola"] = napola
        if piva is not UNSET:
            field_dict["piva"] = piva
        if prime is not UNSET:
            field_dict["prime"] = prime
        if prime_points is not UNSET:
            field_dict["prime_points"] = prime_points
        if re_bello is not UNSET:
            field_dict["re_bello"] = re_bello
        if scalette_high is not UNSET:
            field_dict["scalette_high"] = scalette_high
        if scalette_low is not UNSET:
            field_dict["scalette_low"] = scalette_low
        if scope is not UNSET:
            field_dict["scope"] = scope
        if sette_di_coppe is not UNSET:
            field_dict["sette_di_coppe"] = sette_di_coppe
        if settebello is not UNSET:
            field_dict["settebello"] = settebello

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_cards(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        cards = _parse_cards(d.pop("cards", UNSET))

        def _parse_coins(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        coins = _parse_coins(d.pop("coins", UNSET))

        def _parse_grande(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        grande = _parse_grande(d.pop("grande", UNSET))

        def _parse_napola(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        napola = _parse_napola(d.pop("napola", UNSET))

        def _parse_piva(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        piva = _parse_piva(d.pop("piva", UNSET))

        def _parse_prime(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                prime_type_0 = cast(list[str], data)

                return prime_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        prime = _parse_prime(d.pop("prime", UNSET))

        def _parse_prime_points(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        prime_points = _parse_prime_points(d.pop("prime_points", UNSET))

        def _parse_re_bello(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        re_bello = _parse_re_bello(d.pop("re_bello", UNSET))

        def _parse_scalette_high(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        scalette_high = _parse_scalette_high(d.pop("scalette_high", UNSET))

        def _parse_scalette_low(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        scalette_low = _parse_scalette_low(d.pop("scalette_low", UNSET))

        def _parse_scope(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))

        def _parse_sette_di_coppe(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        sette_di_coppe = _parse_sette_di_coppe(d.pop("sette_di_coppe", UNSET))

        def _parse_settebello(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        settebello = _parse_settebello(d.pop("settebello", UNSET))

        tally = cls(
            cards=cards,
            coins=coins,
            grande=grande,
            napola=napola,
            piva=piva,
            prime=prime,
            prime_points=prime_points,
            re_bello=re_bello,
            scalette_high=scalette_high,
            scalette_low=scalette_low,
            scope=scope,
            sette_di_coppe=sette_di_coppe,
            settebello=settebello,
        )

        return tally
