"""The exact rules of the Scopa family as pure functions over immutable values (stdlib only)."""

from service.engine.cards import Card, Cards, Suit, code, codes, parse_card
from service.engine.claims import ClaimCheck
from service.engine.declarations import Declaration
from service.engine.errors import (
    CardCodeError,
    EngineError,
    IllegalMoveError,
    InvalidStateError,
    Problem,
    RulesError,
)
from service.engine.match import MatchResult, add_hand, claim_result
from service.engine.moves import Move, MoveKind
from service.engine.outcome import score_state, settle
from service.engine.presets import PRESETS, make_rules, rules_from_mapping
from service.engine.rules import OPTIONS, Rules
from service.engine.scoring import HandScore, SideScore, check_piles, score_hand
from service.engine.state import (
    Event,
    EventKind,
    Play,
    State,
    apply,
    claim_check,
    deal,
    is_sweep,
    legal_moves,
)
from service.engine.view import View, check_state, check_view, view_of

__all__ = [
    "OPTIONS",
    "PRESETS",
    "Card",
    "CardCodeError",
    "Cards",
    "ClaimCheck",
    "Declaration",
    "EngineError",
    "Event",
    "EventKind",
    "HandScore",
    "IllegalMoveError",
    "InvalidStateError",
    "MatchResult",
    "Move",
    "MoveKind",
    "Play",
    "Problem",
    "Rules",
    "RulesError",
    "SideScore",
    "State",
    "Suit",
    "View",
    "add_hand",
    "apply",
    "check_piles",
    "check_state",
    "check_view",
    "claim_check",
    "claim_result",
    "code",
    "codes",
    "deal",
    "is_sweep",
    "legal_moves",
    "make_rules",
    "parse_card",
    "rules_from_mapping",
    "score_hand",
    "score_state",
    "settle",
    "view_of",
]
