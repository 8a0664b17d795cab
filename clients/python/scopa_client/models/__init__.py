"""Contains all the data models used in inputs/outputs"""

from .advice_request import AdviceRequest
from .advice_request_rules_type_0 import AdviceRequestRulesType0
from .advice_response import AdviceResponse
from .advice_response_chosen_by import AdviceResponseChosenBy
from .advised_move import AdvisedMove
from .advised_move_breakdown import AdvisedMoveBreakdown
from .advised_move_kind import AdvisedMoveKind
from .batch_review_line import BatchReviewLine
from .batch_review_line_type import BatchReviewLineType
from .batch_review_request import BatchReviewRequest
from .batch_summary import BatchSummary
from .bot_request import BotRequest
from .bot_request_level import BotRequestLevel
from .bot_request_rules_type_0 import BotRequestRulesType0
from .bot_response import BotResponse
from .bot_response_level import BotResponseLevel
from .budget import Budget
from .calibration_used import CalibrationUsed
from .category_loss import CategoryLoss
from .chosen_move import ChosenMove
from .chosen_move_kind import ChosenMoveKind
from .costly_decision import CostlyDecision
from .costly_decision_label import CostlyDecisionLabel
from .deal_request import DealRequest
from .deal_request_rules_type_0 import DealRequestRulesType0
from .deal_response import DealResponse
from .dealt_decision import DealtDecision
from .dealt_hands import DealtHands
from .dealt_hands_verdict import DealtHandsVerdict
from .decision_evidence import DecisionEvidence
from .decision_evidence_leaked import DecisionEvidenceLeaked
from .declaration import Declaration
from .drill import Drill
from .drill_rule import DrillRule
from .drill_why import DrillWhy
from .drill_why_breakdown import DrillWhyBreakdown
from .drill_why_sweep_risk import DrillWhySweepRisk
from .drills_request import DrillsRequest
from .drills_response import DrillsResponse
from .engine import Engine
from .engine_honest_match_rates import EngineHonestMatchRates
from .engine_honest_mean_losses import EngineHonestMeanLosses
from .engine_loss_profile import EngineLossProfile
from .engine_verdict import EngineVerdict
from .event import Event
from .event_kind import EventKind
from .fair_play_evidence import FairPlayEvidence
from .fair_play_hand import FairPlayHand
from .fair_play_hand_summary import FairPlayHandSummary
from .fair_play_hand_summary_evidence import FairPlayHandSummaryEvidence
from .fair_play_request import FairPlayRequest
from .fair_play_response import FairPlayResponse
from .fair_play_response_verdict import FairPlayResponseVerdict
from .graph_point import GraphPoint
from .graph_point_label_type_1 import GraphPointLabelType1
from .graph_point_label_type_2_type_1 import GraphPointLabelType2Type1
from .graph_point_label_type_3_type_1 import GraphPointLabelType3Type1
from .hand_deal import HandDeal
from .hand_insight import HandInsight
from .hand_problem import HandProblem
from .hand_record import HandRecord
from .hand_record_format import HandRecordFormat
from .hand_record_meta import HandRecordMeta
from .hand_record_rules_type_0 import HandRecordRulesType0
from .hand_record_version import HandRecordVersion
from .hand_score import HandScore
from .health import Health
from .health_status import HealthStatus
from .history_play import HistoryPlay
from .history_play_kind import HistoryPlayKind
from .hypothesis import Hypothesis
from .hypothesis_verdict import HypothesisVerdict
from .insights_request import InsightsRequest
from .insights_response import InsightsResponse
from .insights_response_labels import InsightsResponseLabels
from .insights_response_labels_per_100 import InsightsResponseLabelsPer100
from .insights_response_loss_by_category import InsightsResponseLossByCategory
from .insights_response_phases import InsightsResponsePhases
from .insights_response_situations import InsightsResponseSituations
from .interpreted_mean import InterpretedMean
from .job import Job
from .job_download_line import JobDownloadLine
from .job_download_line_type import JobDownloadLineType
from .job_kind import JobKind
from .job_links import JobLinks
from .job_list import JobList
from .job_request import JobRequest
from .job_results import JobResults
from .job_results_state import JobResultsState
from .job_state import JobState
from .job_webhook import JobWebhook
from .job_webhook_state import JobWebhookState
from .language import Language
from .ledger_entry import LedgerEntry
from .ledger_hand import LedgerHand
from .ledger_request import LedgerRequest
from .ledger_request_rules_type_0 import LedgerRequestRulesType0
from .ledger_response import LedgerResponse
from .level import Level
from .level_estimate import LevelEstimate
from .level_estimate_interval_item import LevelEstimateIntervalItem
from .level_estimate_level import LevelEstimateLevel
from .level_estimate_probabilities import LevelEstimateProbabilities
from .level_name import LevelName
from .level_parameters import LevelParameters
from .levels import Levels
from .match_input import MatchInput
from .match_result import MatchResult
from .model import Model
from .model_thresholds import ModelThresholds
from .move import Move
from .move_kind import MoveKind
from .moves_request import MovesRequest
from .moves_request_rules_type_0 import MovesRequestRulesType0
from .moves_response import MovesResponse
from .names import Names
from .names_cards import NamesCards
from .names_categories import NamesCategories
from .names_figures import NamesFigures
from .names_outright import NamesOutright
from .names_ranks import NamesRanks
from .names_suits import NamesSuits
from .option_spec import OptionSpec
from .option_spec_type import OptionSpecType
from .pagination_metadata import PaginationMetadata
from .pair_evidence import PairEvidence
from .pair_evidence_verdict import PairEvidenceVerdict
from .partner_decision import PartnerDecision
from .partner_hands import PartnerHands
from .partner_hands_verdict import PartnerHandsVerdict
from .pile import Pile
from .play_request import PlayRequest
from .play_request_rules_type_0 import PlayRequestRulesType0
from .play_response import PlayResponse
from .player_hand import PlayerHand
from .preset import Preset
from .prime import Prime
from .problem import Problem
from .problem_errors import ProblemErrors
from .problem_kind import ProblemKind
from .problem_kinds import ProblemKinds
from .problem_largest_budget import ProblemLargestBudget
from .problem_type import ProblemType
from .readiness import Readiness
from .readiness_kernel import ReadinessKernel
from .readiness_status import ReadinessStatus
from .record_match import RecordMatch
from .record_request import RecordRequest
from .record_request_meta import RecordRequestMeta
from .record_request_rules_type_0 import RecordRequestRulesType0
from .record_response import RecordResponse
from .replay_request import ReplayRequest
from .replay_response import ReplayResponse
from .replayed_decision import ReplayedDecision
from .review_request import ReviewRequest
from .review_response import ReviewResponse
from .review_thresholds import ReviewThresholds
from .reviewed_decision import ReviewedDecision
from .reviewed_decision_chosen_by import ReviewedDecisionChosenBy
from .reviewed_decision_claim import ReviewedDecisionClaim
from .reviewed_decision_label_type_1 import ReviewedDecisionLabelType1
from .reviewed_decision_label_type_2_type_1 import ReviewedDecisionLabelType2Type1
from .reviewed_decision_label_type_3_type_1 import ReviewedDecisionLabelType3Type1
from .reviewed_decision_status import ReviewedDecisionStatus
from .reviewed_move import ReviewedMove
from .reviewed_move_breakdown import ReviewedMoveBreakdown
from .reviewed_move_kind import ReviewedMoveKind
from .rules_catalog import RulesCatalog
from .rules_options import RulesOptions
from .rules_options_bonus_suit import RulesOptionsBonusSuit
from .rules_options_capture_rule import RulesOptionsCaptureRule
from .rules_options_declarations import RulesOptionsDeclarations
from .rules_options_napola import RulesOptionsNapola
from .rules_options_napola_cap import RulesOptionsNapolaCap
from .rules_options_pack import RulesOptionsPack
from .rules_options_players import RulesOptionsPlayers
from .rules_options_preset import RulesOptionsPreset
from .rules_options_prime_table import RulesOptionsPrimeTable
from .rules_options_primiera_incomplete import RulesOptionsPrimieraIncomplete
from .rules_options_redeal import RulesOptionsRedeal
from .scalette import Scalette
from .score_request import ScoreRequest
from .score_request_rules_type_0 import ScoreRequestRulesType0
from .score_response import ScoreResponse
from .scored_declaration import ScoredDeclaration
from .scored_declaration_kind import ScoredDeclarationKind
from .search_stats import SearchStats
from .seat_review import SeatReview
from .seat_review_labels import SeatReviewLabels
from .seat_review_phases import SeatReviewPhases
from .side_score import SideScore
from .side_score_points import SideScorePoints
from .situation_count import SituationCount
from .spent_budget import SpentBudget
from .state import State
from .state_rules_type_0 import StateRulesType0
from .tally import Tally
from .tally_field import TallyField
from .tally_field_type import TallyFieldType
from .tally_form import TallyForm
from .thresholds import Thresholds
from .trend import Trend
from .trend_date import TrendDate
from .valued_move import ValuedMove
from .valued_move_kind import ValuedMoveKind
from .view import View
from .view_request import ViewRequest
from .view_request_rules_type_0 import ViewRequestRulesType0
from .view_response import ViewResponse
from .view_rules_type_0 import ViewRulesType0

__all__ = (
    "AdviceRequest",
    "AdviceRequestRulesType0",
    "AdviceResponse",
    "AdviceResponseChosenBy",
    "AdvisedMove",
    "AdvisedMoveBreakdown",
    "AdvisedMoveKind",
    "BatchReviewLine",
    "BatchReviewLineType",
    "BatchReviewRequest",
    "BatchSummary",
    "BotRequest",
    "BotRequestLevel",
    "BotRequestRulesType0",
    "BotResponse",
    "BotResponseLevel",
    "Budget",
    "CalibrationUsed",
    "CategoryLoss",
    "ChosenMove",
    "ChosenMoveKind",
    "CostlyDecision",
    "CostlyDecisionLabel",
    "DealRequest",
    "DealRequestRulesType0",
    "DealResponse",
    "DealtDecision",
    "DealtHands",
    "DealtHandsVerdict",
    "DecisionEvidence",
    "DecisionEvidenceLeaked",
    "Declaration",
    "Drill",
    "DrillRule",
    "DrillsRequest",
    "DrillsResponse",
    "DrillWhy",
    "DrillWhyBreakdown",
    "DrillWhySweepRisk",
    "Engine",
    "EngineHonestMatchRates",
    "EngineHonestMeanLosses",
    "EngineLossProfile",
    "EngineVerdict",
    "Event",
    "EventKind",
    "FairPlayEvidence",
    "FairPlayHand",
    "FairPlayHandSummary",
    "FairPlayHandSummaryEvidence",
    "FairPlayRequest",
    "FairPlayResponse",
    "FairPlayResponseVerdict",
    "GraphPoint",
    "GraphPointLabelType1",
    "GraphPointLabelType2Type1",
    "GraphPointLabelType3Type1",
    "HandDeal",
    "HandInsight",
    "HandProblem",
    "HandRecord",
    "HandRecordFormat",
    "HandRecordMeta",
    "HandRecordRulesType0",
    "HandRecordVersion",
    "HandScore",
    "Health",
    "HealthStatus",
    "HistoryPlay",
    "HistoryPlayKind",
    "Hypothesis",
    "HypothesisVerdict",
    "InsightsRequest",
    "InsightsResponse",
    "InsightsResponseLabels",
    "InsightsResponseLabelsPer100",
    "InsightsResponseLossByCategory",
    "InsightsResponsePhases",
    "InsightsResponseSituations",
    "InterpretedMean",
    "Job",
    "JobDownloadLine",
    "JobDownloadLineType",
    "JobKind",
    "JobLinks",
    "JobList",
    "JobRequest",
    "JobResults",
    "JobResultsState",
    "JobState",
    "JobWebhook",
    "JobWebhookState",
    "Language",
    "LedgerEntry",
    "LedgerHand",
    "LedgerRequest",
    "LedgerRequestRulesType0",
    "LedgerResponse",
    "Level",
    "LevelEstimate",
    "LevelEstimateIntervalItem",
    "LevelEstimateLevel",
    "LevelEstimateProbabilities",
    "LevelName",
    "LevelParameters",
    "Levels",
    "MatchInput",
    "MatchResult",
    "Model",
    "ModelThresholds",
    "Move",
    "MoveKind",
    "MovesRequest",
    "MovesRequestRulesType0",
    "MovesResponse",
    "Names",
    "NamesCards",
    "NamesCategories",
    "NamesFigures",
    "NamesOutright",
    "NamesRanks",
    "NamesSuits",
    "OptionSpec",
    "OptionSpecType",
    "PaginationMetadata",
    "PairEvidence",
    "PairEvidenceVerdict",
    "PartnerDecision",
    "PartnerHands",
    "PartnerHandsVerdict",
    "Pile",
    "PlayerHand",
    "PlayRequest",
    "PlayRequestRulesType0",
    "PlayResponse",
    "Preset",
    "Prime",
    "Problem",
    "ProblemErrors",
    "ProblemKind",
    "ProblemKinds",
    "ProblemLargestBudget",
    "ProblemType",
    "Readiness",
    "ReadinessKernel",
    "ReadinessStatus",
    "RecordMatch",
    "RecordRequest",
    "RecordRequestMeta",
    "RecordRequestRulesType0",
    "RecordResponse",
    "ReplayedDecision",
    "ReplayRequest",
    "ReplayResponse",
    "ReviewedDecision",
    "ReviewedDecisionChosenBy",
    "ReviewedDecisionClaim",
    "ReviewedDecisionLabelType1",
    "ReviewedDecisionLabelType2Type1",
    "ReviewedDecisionLabelType3Type1",
    "ReviewedDecisionStatus",
    "ReviewedMove",
    "ReviewedMoveBreakdown",
    "ReviewedMoveKind",
    "ReviewRequest",
    "ReviewResponse",
    "ReviewThresholds",
    "RulesCatalog",
    "RulesOptions",
    "RulesOptionsBonusSuit",
    "RulesOptionsCaptureRule",
    "RulesOptionsDeclarations",
    "RulesOptionsNapola",
    "RulesOptionsNapolaCap",
    "RulesOptionsPack",
    "RulesOptionsPlayers",
    "RulesOptionsPreset",
    "RulesOptionsPrimeTable",
    "RulesOptionsPrimieraIncomplete",
    "RulesOptionsRedeal",
    "Scalette",
    "ScoredDeclaration",
    "ScoredDeclarationKind",
    "ScoreRequest",
    "ScoreRequestRulesType0",
    "ScoreResponse",
    "SearchStats",
    "SeatReview",
    "SeatReviewLabels",
    "SeatReviewPhases",
    "SideScore",
    "SideScorePoints",
    "SituationCount",
    "SpentBudget",
    "State",
    "StateRulesType0",
    "Tally",
    "TallyField",
    "TallyFieldType",
    "TallyForm",
    "Thresholds",
    "Trend",
    "TrendDate",
    "ValuedMove",
    "ValuedMoveKind",
    "View",
    "ViewRequest",
    "ViewRequestRulesType0",
    "ViewResponse",
    "ViewRulesType0",
)
