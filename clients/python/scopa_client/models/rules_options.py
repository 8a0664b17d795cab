from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rules_options_bonus_suit import RulesOptionsBonusSuit, check_rules_options_bonus_suit
from ..models.rules_options_capture_rule import RulesOptionsCaptureRule, check_rules_options_capture_rule
from ..models.rules_options_declarations import RulesOptionsDeclarations, check_rules_options_declarations
from ..models.rules_options_napola import RulesOptionsNapola, check_rules_options_napola
from ..models.rules_options_napola_cap import RulesOptionsNapolaCap, check_rules_options_napola_cap
from ..models.rules_options_pack import RulesOptionsPack, check_rules_options_pack
from ..models.rules_options_players import RulesOptionsPlayers, check_rules_options_players
from ..models.rules_options_preset import RulesOptionsPreset, check_rules_options_preset
from ..models.rules_options_prime_table import RulesOptionsPrimeTable, check_rules_options_prime_table
from ..models.rules_options_primiera_incomplete import (
    RulesOptionsPrimieraIncomplete,
    check_rules_options_primiera_incomplete,
)
from ..models.rules_options_redeal import RulesOptionsRedeal, check_rules_options_redeal
from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesOptions")


@_attrs_define
class RulesOptions:
    """
    Attributes:
        preset (RulesOptionsPreset): the preset the options start from
        ace_may_pass (bool | Unset): an ace may go to the pile without capturing
        ace_scopa (bool | Unset): a sweep by the ace-takes-all rule is a scopa
        ace_takes_all (bool | Unset): an ace played takes every table card
        ace_takes_itself (bool | Unset): an ace played on an empty table is taken
        bonus_suit (RulesOptionsBonusSuit | Unset): suit of coins, settebello, napola
        cappotto (bool | Unset): all ten coins win the game outright (Trentino)
        cappotto_7_0 (bool | Unset): a side leading 7-0 wins at once
        capture_rule (RulesOptionsCaptureRule | Unset): match or sum to the rank; sum to fifteen with the card; either
        claims (bool | Unset): a side may claim out mid-hand (chiamarsi fuori)
        compulsory_capture (bool | Unset): a card that can capture must capture
        deal_sizes (list[int] | Unset): cards dealt to each player in each deal, in order
        declarations (RulesOptionsDeclarations | Unset): hand declarations after each three-card deal: Bazzica,
            Sbarazzina or Cirulla
        double_game (bool | Unset): a win by more than double counts double (Hurrikan)
        fewest_cards (bool | Unset): a capture must take as few cards as possible
        first_card_choice (bool | Unset): the cutter may keep the top card (Chkobba)
        grande (bool | Unset): 5 points for the jack, horse and king of coins (Cirulla)
        initial_table (int | Unset): cards laid face up on the table at the start
        last_card_scopa (bool | Unset): the hand's last card may score a scopa
        match_priority (bool | Unset): a card of equal rank on the table must be taken rather than a set summing to the
            rank
        napola (RulesOptionsNapola | Unset): run of the bonus suit from the ace: scores its length, or its length less
            two
        napola_cap (RulesOptionsNapolaCap | Unset): longest napola run that counts: 6 (A to 6), or 9 (A to the horse;
            the whole suit is then a Napoleone)
        napoleone (bool | Unset): the whole bonus suit wins the game outright (Napoleone); on by default with napola
            runs counted to 9, unless cappotto already makes it an outright win
        pack (RulesOptionsPack | Unset): italian40, or corse36 without the twos
        piva (bool | Unset): the 2 of clubs scores -5 for its taker
        players (RulesOptionsPlayers | Unset): number of players at the table
        prime_table (RulesOptionsPrimeTable | Unset): how the primiera is valued (escoba_sevens: the most sevens, a tie
            gives nobody)
        primiera_incomplete (RulesOptionsPrimieraIncomplete | Unset): when every side misses a suit: compare the suits
            held, or nobody scores
        re_bello (bool | Unset): 1 point for the king of the bonus suit
        redeal (RulesOptionsRedeal | Unset): initial table that voids the hand: three or more kings, or of any one rank
        redeal_on_ace (bool | Unset): an ace on the initial table voids the hand
        scalette (bool | Unset): low and high runs of the bonus suit (Scalette)
        sette_di_coppe (bool | Unset): 1 point for the 7 of cups (Calabrese)
        target (int | Unset): match points needed to win
        teams (bool | Unset): partners sit alternately (4 or 6 players)
    """

    preset: RulesOptionsPreset
    ace_may_pass: bool | Unset = UNSET
    ace_scopa: bool | Unset = UNSET
    ace_takes_all: bool | Unset = UNSET
    ace_takes_itself: bool | Unset = UNSET
    bonus_suit: RulesOptionsBonusSuit | Unset = UNSET
    cappotto: bool | Unset = UNSET
    cappotto_7_0: bool | Unset = UNSET
    capture_rule: RulesOptionsCaptureRule | Unset = UNSET
    claims: bool | Unset = UNSET
    compulsory_capture: bool | Unset = UNSET
    deal_sizes: list[int] | Unset = UNSET
    declarations: RulesOptionsDeclarations | Unset = UNSET
    double_game: bool | Unset = UNSET
    fewest_cards: bool | Unset = UNSET
    first_card_choice: bool | Unset = UNSET
    grande: bool | Unset = UNSET
    initial_table: int | Unset = UNSET
    last_card_scopa: bool | Unset = UNSET
    match_priority: bool | Unset = UNSET
    napola: RulesOptionsNapola | Unset = UNSET
    napola_cap: RulesOptionsNapolaCap | Unset = UNSET
    napoleone: bool | Unset = UNSET
    pack: RulesOptionsPack | Unset = UNSET
    piva: bool | Unset = UNSET
    players: RulesOptionsPlayers | Unset = UNSET
    prime_table: RulesOptionsPrimeTable | Unset = UNSET
    primiera_incomplete: RulesOptionsPrimieraIncomplete | Unset = UNSET
    re_bello: bool | Unset = UNSET
    redeal: RulesOptionsRedeal | Unset = UNSET
    redeal_on_ace: bool | Unset = UNSET
    scalette: bool | Unset = UNSET
    sette_di_coppe: bool | Unset = UNSET
    target: int | Unset = UNSET
    teams: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        preset: str = self.preset

        ace_may_pass = self.ace_may_pass

        ace_scopa = self.ace_scopa

        ace_takes_all = self.ace_takes_all

        ace_takes_itself = self.ace_takes_itself

        bonus_suit: str | Unset = UNSET
        if not isinstance(self.bonus_suit, Unset):
            bonus_suit = self.bonus_suit

        cappotto = self.cappotto

        cappotto_7_0 = self.cappotto_7_0

        capture_rule: str | Unset = UNSET
        if not isinstance(self.capture_rule, Unset):
            capture_rule = self.capture_rule

        claims = self.claims

        compulsory_capture = self.compulsory_capture

        deal_sizes: list[int] | Unset = UNSET
        if not isinstance(self.deal_sizes, Unset):
            deal_sizes = self.deal_sizes

        declarations: str | Unset = UNSET
        if not isinstance(self.declarations, Unset):
            declarations = self.declarations

        double_game = self.double_game

        fewest_cards = self.fewest_cards

        first_card_choice = self.first_card_choice

        grande = self.grande

        initial_table = self.initial_table

        last_card_scopa = self.last_card_scopa

        match_priority = self.match_priority

        napola: str | Unset = UNSET
        if not isinstance(self.napola, Unset):
            napola = self.napola

        napola_cap: int | Unset = UNSET
        if not isinstance(self.napola_cap, Unset):
            napola_cap = self.napola_cap

        napoleone = self.napoleone

        pack: str | Unset = UNSET
        if not isinstance(self.pack, Unset):
            pack = self.pack

        piva = self.piva

        players: int | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = self.players

        prime_table: str | Unset = UNSET
        if not isinstance(self.prime_table, Unset):
            prime_table = self.prime_table

        primiera_incomplete: str | Unset = UNSET
        if not isinstance(self.primiera_incomplete, Unset):
            primiera_incomplete = self.primiera_incomplete

        re_bello = self.re_bello

        redeal: str | Unset = UNSET
        if not isinstance(self.redeal, Unset):
            redeal = self.redeal

        redeal_on_ace = self.redeal_on_ace

        scalette = self.scalette

        sette_di_coppe = self.sette_di_coppe

        target = self.target

        teams = self.teams

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "preset": preset,
            }
        )
        if ace_may_pass is not UNSET:
            field_dict["ace_may_pass"] = ace_may_pass
        if ace_scopa is not UNSET:
            field_dict["ace_scopa"] = ace_scopa
        if ace_takes_all is not UNSET:
            field_dict["ace_takes_all"] = ace_takes_all
        if ace_takes_itself is not UNSET:
            field_dict["ace_takes_itself"] = ace_takes_itself
        if bonus_suit is not UNSET:
            field_dict["bonus_suit"] = bonus_suit
        if cappotto is not UNSET:
            field_dict["cappotto"] = cappotto
        if cappotto_7_0 is not UNSET:
            field_dict["cappotto_7_0"] = cappotto_7_0
        if capture_rule is not UNSET:
            field_dict["capture_rule"] = capture_rule
        if claims is not UNSET:
            field_dict["claims"] = claims
        if compulsory_capture is not UNSET:
            field_dict["compulsory_capture"] = compulsory_capture
        if deal_sizes is not UNSET:
            field_dict["deal_sizes"] = deal_sizes
        if declarations is not UNSET:
            field_dict["declarations"] = declarations
        if double_game is not UNSET:
            field_dict["double_game"] = double_game
        if fewest_cards is not UNSET:
            field_dict["fewest_cards"] = fewest_cards
        if first_card_choice is not UNSET:
            field_dict["first_card_choice"] = first_card_choice
        if grande is not UNSET:
            field_dict["grande"] = grande
        if initial_table is not UNSET:
            field_dict["initial_table"] = initial_table
        if last_card_scopa is not UNSET:
            field_dict["last_card_scopa"] = last_card_scopa
        if match_priority is not UNSET:
            field_dict["match_priority"] = match_priority
        if napola is not UNSET:
            field_dict["napola"] = napola
        if napola_cap is not UNSET:
            field_dict["napola_cap"] = napola_cap
        if napoleone is not UNSET:
            field_dict["napoleone"] = napoleone
        if pack is not UNSET:
            field_dict["pack"] = pack
        if piva is not UNSET:
            field_dict["piva"] = piva
        if players is not UNSET:
            field_dict["players"] = players
        if prime_table is not UNSET:
            field_dict["prime_table"] = prime_table
        if primiera_incomplete is not UNSET:
            field_dict["primiera_incomplete"] = primiera_incomplete
        if re_bello is not UNSET:
            field_dict["re_bello"] = re_bello
        if redeal is not UNSET:
            field_dict["redeal"] = redeal
        if redeal_on_ace is not UNSET:
            field_dict["redeal_on_ace"] = redeal_on_ace
        if scalette is not UNSET:
            field_dict["scalette"] = scalette
        if sette_di_coppe is not UNSET:
            field_dict["sette_di_coppe"] = sette_di_coppe
        if target is not UNSET:
            field_dict["target"] = target
        if teams is not UNSET:
            field_dict["teams"] = teams

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        preset = check_rules_options_preset(d.pop("preset"))

        ace_may_pass = d.pop("ace_may_pass", UNSET)

        ace_scopa = d.pop("ace_scopa", UNSET)

        ace_takes_all = d.pop("ace_takes_all", UNSET)

        ace_takes_itself = d.pop("ace_takes_itself", UNSET)

        _bonus_suit = d.pop("bonus_suit", UNSET)
        bonus_suit: RulesOptionsBonusSuit | Unset
        if isinstance(_bonus_suit, Unset):
            bonus_suit = UNSET
        else:
            bonus_suit = check_rules_options_bonus_suit(_bonus_suit)

        cappotto = d.pop("cappotto", UNSET)

        cappotto_7_0 = d.pop("cappotto_7_0", UNSET)

        _capture_rule = d.pop("capture_rule", UNSET)
        capture_rule: RulesOptionsCaptureRule | Unset
        if isinstance(_capture_rule, Unset):
            capture_rule = UNSET
        else:
            capture_rule = check_rules_options_capture_rule(_capture_rule)

        claims = d.pop("claims", UNSET)

        compulsory_capture = d.pop("compulsory_capture", UNSET)

        deal_sizes = cast(list[int], d.pop("deal_sizes", UNSET))

        _declarations = d.pop("declarations", UNSET)
        declarations: RulesOptionsDeclarations | Unset
        if isinstance(_declarations, Unset):
            declarations = UNSET
        else:
            declarations = check_rules_options_declarations(_declarations)

        double_game = d.pop("double_game", UNSET)

        fewest_cards = d.pop("fewest_cards", UNSET)

        first_card_choice = d.pop("first_card_choice", UNSET)

        grande = d.pop("grande", UNSET)

        initial_table = d.pop("initial_table", UNSET)

        last_card_scopa = d.pop("last_card_scopa", UNSET)

        match_priority = d.pop("match_priority", UNSET)

        _napola = d.pop("napola", UNSET)
        napola: RulesOptionsNapola | Unset
        if isinstance(_napola, Unset):
            napola = UNSET
        else:
            napola = check_rules_options_napola(_napola)

        _napola_cap = d.pop("napola_cap", UNSET)
        napola_cap: RulesOptionsNapolaCap | Unset
        if isinstance(_napola_cap, Unset):
            napola_cap = UNSET
        else:
            napola_cap = check_rules_options_napola_cap(_napola_cap)

        napoleone = d.pop("napoleone", UNSET)

        _pack = d.pop("pack", UNSET)
        pack: RulesOptionsPack | Unset
        if isinstance(_pack, Unset):
            pack = UNSET
        else:
            pack = check_rules_options_pack(_pack)

        piva = d.pop("piva", UNSET)

        _players = d.pop("players", UNSET)
        players: RulesOptionsPlayers | Unset
        if isinstance(_players, Unset):
            players = UNSET
        else:
            players = check_rules_options_players(_players)

        _prime_table = d.pop("prime_table", UNSET)
        prime_table: RulesOptionsPrimeTable | Unset
        if isinstance(_prime_table, Unset):
            prime_table = UNSET
        else:
            prime_table = check_rules_options_prime_table(_prime_table)

        _primiera_incomplete = d.pop("primiera_incomplete", UNSET)
        primiera_incomplete: RulesOptionsPrimieraIncomplete | Unset
        if isinstance(_primiera_incomplete, Unset):
            primiera_incomplete = UNSET
        else:
            primiera_incomplete = check_rules_options_primiera_incomplete(_primiera_incomplete)

        re_bello = d.pop("re_bello", UNSET)

        _redeal = d.pop("redeal", UNSET)
        redeal: RulesOptionsRedeal | Unset
        if isinstance(_redeal, Unset):
            redeal = UNSET
        else:
            redeal = check_rules_options_redeal(_redeal)

        redeal_on_ace = d.pop("redeal_on_ace", UNSET)

        scalette = d.pop("scalette", UNSET)

        sette_di_coppe = d.pop("sette_di_coppe", UNSET)

        target = d.pop("target", UNSET)

        teams = d.pop("teams", UNSET)

        rules_options = cls(
            preset=preset,
            ace_may_pass=ace_may_pass,
            ace_scopa=ace_scopa,
            ace_takes_all=ace_takes_all,
            ace_takes_itself=ace_takes_itself,
            bonus_suit=bonus_suit,
            cappotto=cappotto,
            cappotto_7_0=cappotto_7_0,
            capture_rule=capture_rule,
            claims=claims,
            compulsory_capture=compulsory_capture,
            deal_sizes=deal_sizes,
            declarations=declarations,
            double_game=double_game,
            fewest_cards=fewest_cards,
            first_card_choice=first_card_choice,
            grande=grande,
            initial_table=initial_table,
            last_card_scopa=last_card_scopa,
            match_priority=match_priority,
            napola=napola,
            napola_cap=napola_cap,
            napoleone=napoleone,
            pack=pack,
            piva=piva,
            players=players,
            prime_table=prime_table,
            primiera_incomplete=primiera_incomplete,
            re_bello=re_bello,
            redeal=redeal,
            redeal_on_ace=redeal_on_ace,
            scalette=scalette,
            sette_di_coppe=sette_di_coppe,
            target=target,
            teams=teams,
        )

        return rules_options
