"""Fair-play evidence: how much better a player's moves are explained by a search that knew
cards the player could not see (a leak) than by the search of the player's own view, and how
often they are the engine's own choice, each weighed against honest players of every level.

The player model. At each searched decision a player picks move m with probability
``(1 - EPSILON) * softmax(V(m) / TEMPERATURE) + EPSILON / k`` over the k ranked moves, where
V is the move's value (expected hand points) from a search: of the seat's own view for the
honest model, of the view plus the leaked hands for a leak hypothesis. The softmax is the
usual model of a player who errs more often between close moves than between far ones (the
built-in levels below master play by the same rule); the uniform share keeps one surprising
move from deciding everything. A decision's evidence is the log-likelihood ratio of the
played move under the two models; a player's statistic is the sum over decisions.

The null. An honest player's sum has a mean and spread that depend on how they play (a random
player and a master differ), so it is compared with each honest style of the calibration
(``data/fair_play_calibration.json``: the built-in levels and the rule-based expert, every
seat, made by ``scripts/calibrate_fair_play.py``): per style, the mean evidence per decision
(taken at the upper end of its 95% interval, so that the calibration's own sampling error does
not raise the rate) and its spread with hands as clusters give a normal tail probability for
the player's sum;
the p-value is the largest over styles, so that it holds for an honest player of any of them.
A style outside the list is not covered by that largest tail: a player weaker than every
calibrated style was flagged far above the stated rate. So each statistic is also weighed at
the player's measured strength: across the styles an honest mean rises almost linearly with the
points a player loses a decision against the honest search, measured from the player's own
decisions; the mean is read off the line fitted through the styles (``StrengthLine``), with the
upper end of a new style's 95% prediction interval about it as margin. The player's own
hypotheses (``all``, ``seat+K``) and the engine matches keep the larger of the two p-values, so
that a player either null covers is covered (a searching style of its own can lie above the line
at its loss and under the styles' largest mean; a random player, weaker than every style, lies
above the styles' mean and under the line). A pair's statistic, whose styles' means leave a
cheating pair no room, is weighed at the pair's strength alone (both seats' losses).
A report makes several tests (each hypothesis, the engine, a pair): each p-value is multiplied
by their number (Bonferroni), so that the report's verdict, the strongest of its tests', keeps
the false-positive rate of one test.
A verdict needs ``MIN_DECISIONS`` decisions and the rules calibrated (the preset itself, or one
of the same player count); it is "review recommended" at p <= ``REVIEW_P`` and "strong
evidence" at p <= ``STRONG_P``. The benchmark ``bench_fair_play`` measures how often honest
samples reach each (resampled from a pool of honest hands) and how often cheaters do.

Engine assistance is the share of decisions where the played move is the honest search's
best, compared the same way (the master, the advisor at its default budget, included): it
can flag only play that matches the engine more often than the master does and than an honest
player who loses as much a decision, and says so. The styles' matches lie less close to a line
in their loss (the master's rise above it), and the wider margin says so.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from statistics import NormalDist

from service.engine.presets import make_rules
from service.engine.rules import Rules
from service.search.advisor import Budget
from service.search.figures import Z95, Interval, mean_with_interval

# The searches of a fair-play analysis: every decision at this budget and seed, so the same
# hands give the same report on any server.
BUDGET = Budget(iterations=300)
SEED = 0
TEMPERATURE = 0.2
EPSILON = 0.05
MIN_DECISIONS = 100
REVIEW_P = 0.01
STRONG_P = 0.001

# Hypotheses: every other hand known, or the hand of one other seat.
ALL = "all"
SEAT = "seat"
# A pair's statistic: each seat's play with the other's hand known.
PAIR = "pair"
# Verdicts, from none to the strongest.
TOO_FEW = "too_few_decisions"
NOT_CALIBRATED = "not_calibrated"
NO_EVIDENCE = "no_evidence"
REVIEW = "review_recommended"
STRONG = "strong_evidence"
VERDICTS = (TOO_FEW, NOT_CALIBRATED, NO_EVIDENCE, REVIEW, STRONG)
CALIBRATION_FILE = "fair_play_calibration.json"
CALIBRATED = ("scopa", "scopone_scientifico", "scopone", "scopone_messina")


def hypotheses_for(rules: Rules) -> tuple[str, ...]:
    """The leak hypotheses of a seat, named relative to it: every other hand (``all``), and
    with three seats or more each other seat's hand on its own (``seat+K``: the seat K places
    after it; in Scopone ``seat+2`` is the partner)."""
    if rules.players <= 2:
        return (ALL,)
    return (ALL, *(seat_kind(k) for k in range(1, rules.players)))


def seat_kind(offset: int) -> str:
    """The hypothesis of the seat ``offset`` places after the player."""
    return f"{SEAT}+{offset}"


def revealed_seats(hypothesis: str, rules: Rules, seat: int) -> tuple[int, ...]:
    """The seats whose hands a hypothesis reveals to ``seat``."""
    if hypothesis == ALL:
        return tuple(s for s in range(rules.players) if s != seat)
    return ((seat + int(hypothesis.partition("+")[2])) % rules.players,)


def pair_kind(offset: int) -> str:
    """The pair statistic of the player and the seat ``offset`` places after them."""
    return f"{PAIR}+{offset}"


def is_partner(hypothesis: str, rules: Rules) -> bool:
    """Whether a ``seat+K`` hypothesis names the player's partner."""
    if hypothesis == ALL:
        return False
    return rules.side_of(int(hypothesis.partition("+")[2])) == rules.side_of(0)


@dataclass(frozen=True, slots=True)
class DecisionEvidence:
    """One searched decision: its move index in the record, the ranked moves' values under the
    seat's own view (best first), the played move's position among them, and the same moves'
    values under each leak hypothesis."""

    index: int
    honest: tuple[float, ...]
    played: int
    leaked: Mapping[str, tuple[float, ...]]

    @property
    def matched(self) -> bool:
        """Whether the played move is worth the honest search's best (a move of the same value,
        such as a card of the same rank that changes nothing, counts)."""
        return self.honest[self.played] >= self.honest[0]

    @property
    def loss(self) -> float:
        """The honest best's value less the played move's."""
        return max(self.honest[0] - self.honest[self.played], 0.0)


def log_probability(values: Sequence[float], chosen: int) -> float:
    """The log-probability of the chosen move under the player model (module docstring)."""
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    share = weights[chosen] / sum(weights)
    return math.log((1.0 - EPSILON) * share + EPSILON / len(values))


def evidence(decision: DecisionEvidence, hypothesis: str) -> float:
    """The log-likelihood ratio of the played move: the leak model over the honest one."""
    leaked = decision.leaked[hypothesis]
    honest = log_probability(decision.honest, decision.played)
    return log_probability(leaked, decision.played) - honest


@dataclass(frozen=True, slots=True)
class Cluster:
    """One hand's share of a statistic: its decisions and their summed value."""

    decisions: int
    total: float


@dataclass(frozen=True, slots=True)
class Null:
    """An honest style's per-decision mean and spread (hands as clusters) of a statistic."""

    mean: float
    sd: float
    hands: int
    decisions: int

    @property
    def cautious_mean(self) -> float:
        """The upper end of the mean's 95% interval: the calibration's own sampling error
        (another pool of honest hands gives another mean) must not raise the stated rate."""
        return self.mean + Z95 * self.sd / math.sqrt(self.decisions)

    def tail(self, clusters: Sequence[Cluster]) -> float:
        """The chance of an honest player of this style reaching the clusters' total or more
        over as many decisions (normal approximation about the cautious mean)."""
        n = sum(c.decisions for c in clusters)
        total = sum(c.total for c in clusters)
        if n == 0:
            return 1.0
        z = (total - n * self.cautious_mean) / (self.sd * math.sqrt(n))
        return 1.0 - NormalDist().cdf(z)


def null_of(clusters: Sequence[Cluster]) -> Null:
    """A style's null from its honest hands: the mean per decision and the spread of a hand's
    total about it, per decision (hands as clusters)."""
    n = sum(c.decisions for c in clusters)
    mean = sum(c.total for c in clusters) / n
    residual = sum((c.total - mean * c.decisions) ** 2 for c in clusters)
    sd = math.sqrt(residual / n * len(clusters) / max(len(clusters) - 1, 1))
    return Null(mean, sd, len(clusters), n)


def interval_of(clusters: Sequence[Cluster]) -> Interval:
    """The mean per decision with its 95% interval, hands as clusters (``figures``)."""
    return mean_with_interval([(c.total, c.decisions) for c in clusters])


@dataclass(frozen=True, slots=True)
class Calibration:
    """A preset's honest styles: per statistic kind (``all``, ``seat+K``, ``pair+K``,
    ``engine``) each style's null."""

    preset: str
    styles: tuple[str, ...]
    nulls: Mapping[str, Mapping[str, Null]]
    hands: int

    def to_dict(self) -> dict[str, object]:
        """The calibration as its file stores it."""
        return {
            "preset": self.preset,
            "styles": list(self.styles),
            "hands": self.hands,
            "nulls": {
                kind: {
                    style: {
                        "mean": round(null.mean, 6),
                        "sd": round(null.sd, 6),
                        "hands": null.hands,
                        "decisions": null.decisions,
                    }
                    for style, null in by_style.items()
                }
                for kind, by_style in sorted(self.nulls.items())
            },
        }


def calibration_from_dict(data: Mapping[str, object]) -> Calibration:
    """A calibration from its JSON form."""
    nulls = data["nulls"]
    assert isinstance(nulls, Mapping)
    return Calibration(
        str(data["preset"]),
        tuple(data["styles"]),  # type: ignore[arg-type]
        {
            kind: {
                style: Null(n["mean"], n["sd"], n["hands"], n["decisions"])
                for style, n in by_style.items()
            }
            for kind, by_style in nulls.items()
        },
        int(data["hands"]),  # type: ignore[call-overload]
    )


@cache
def calibrations() -> Mapping[str, Calibration]:
    """The shipped calibrations by preset (empty when the file is missing)."""
    source = resources.files("service.search").joinpath("data", CALIBRATION_FILE)
    if not source.is_file():
        return {}
    data = json.loads(source.read_text(encoding="utf-8"))
    return {c["preset"]: calibration_from_dict(c) for c in data["calibrations"]}


def calibration_for(rules: Rules) -> tuple[Calibration | None, bool]:
    """The calibration for some rules, and whether it is of these very rules: the preset's
    own, else a calibrated preset of the same player count (None: none has it)."""
    found = calibrations()
    same_count = []
    for preset in CALIBRATED:
        calibrated = found.get(preset)
        if calibrated is None:
            continue
        preset_rules = make_rules(preset)
        if preset_rules.options() == rules.options():
            return calibrated, True
        if preset_rules.players == rules.players:
            same_count.append(calibrated)
    return (same_count[0], False) if same_count else (None, False)


@dataclass(frozen=True, slots=True)
class Judgement:
    """A statistic weighed against the honest styles: the total, the decisions and hands it
    rests on, the mean per decision with its interval, the p-value (the largest over styles;
    None without a calibration) with the style it comes from, the same multiplied by the
    report's number of tests, and the verdict (of the adjusted p-value)."""

    total: float
    decisions: int
    hands: int
    mean: Interval
    p_value: float | None
    closest_style: str | None
    adjusted_p_value: float | None
    verdict: str

    def to_dict(self) -> dict[str, object]:
        """The judgement as JSON."""
        return {
            "statistic": round(self.total, 6),
            "decisions": self.decisions,
            "hands": self.hands,
            "per_decision": self.mean.to_dict(),
            "p_value": None if self.p_value is None else float(f"{self.p_value:.3g}"),
            "most_likely_honest_style": self.closest_style,
            "adjusted_p_value": None
            if self.adjusted_p_value is None
            else float(f"{self.adjusted_p_value:.3g}"),
            "verdict": self.verdict,
        }


def verdict_of(p_value: float | None, decisions: int) -> str:
    """The verdict of a p-value over so many decisions (module docstring)."""
    if decisions < MIN_DECISIONS:
        return TOO_FEW
    if p_value is None:
        return NOT_CALIBRATED
    if p_value <= STRONG_P:
        return STRONG
    if p_value <= REVIEW_P:
        return REVIEW
    return NO_EVIDENCE


@dataclass(frozen=True, slots=True)
class StrengthLine:
    """A leak statistic's honest mean a decision as a line in the player's strength (the
    points they lose a decision against the honest search), fitted by least squares over the
    calibrated styles' means; ``spread`` is the styles' scatter about it, the room a style of
    its own is given."""

    intercept: float
    slope: float
    spread: float
    centre: float
    sxx: float
    styles: int
    sd: float

    def cautious_mean(self, loss: float) -> float:
        """The upper end of the 95% prediction interval of an honest style's mean at ``loss``:
        the line, the line's own error there, and a new style's scatter about it."""
        error = self.spread**2 * (1.0 + 1.0 / self.styles + (loss - self.centre) ** 2 / self.sxx)
        return self.intercept + self.slope * loss + Z95 * math.sqrt(error)

    def tail(self, clusters: Sequence[Cluster], loss: Interval) -> float:
        """The chance of an honest player of the measured strength reaching the clusters'
        total or more over as many decisions (normal approximation about the cautious mean,
        taken at the end of the player's loss interval that raises it)."""
        n = sum(c.decisions for c in clusters)
        total = sum(c.total for c in clusters)
        ends = [x for x in (loss.low, loss.high, loss.value) if x is not None]
        if n == 0 or not ends:
            return 1.0
        mean = max(self.cautious_mean(x) for x in ends)
        z = (total - n * mean) / (self.sd * math.sqrt(n))
        return 1.0 - NormalDist().cdf(z)


def strength_line(nulls: Mapping[str, Null], losses: Mapping[str, Null]) -> StrengthLine | None:
    """A statistic's honest mean as a line in the styles' points lost a decision (None with
    fewer than three styles measured both ways)."""
    styles = sorted(s for s in nulls if s in losses)
    if len(styles) < 3:
        return None
    xs = [losses[s].mean for s in styles]
    ys = [nulls[s].mean for s in styles]
    centre = sum(xs) / len(xs)
    sxx = sum((x - centre) ** 2 for x in xs)
    if sxx <= 0.0:
        return None
    slope = sum((x - centre) * (y - sum(ys) / len(ys)) for x, y in zip(xs, ys, strict=True)) / sxx
    intercept = sum(ys) / len(ys) - slope * centre
    residual = sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys, strict=True))
    # The scatter about the line, and no less than the styles' own sampling error.
    own_errors = [nulls[s].sd / math.sqrt(nulls[s].decisions) for s in styles]
    spread = max(math.sqrt(residual / (len(styles) - 2)), *own_errors)
    sd = max(nulls[s].sd for s in styles)
    return StrengthLine(intercept, slope, spread, centre, sxx, len(styles), sd)


def judged(
    clusters: Sequence[Cluster],
    nulls: Mapping[str, Null] | None,
    tests: int = 1,
    strength: tuple[StrengthLine, Interval, Mapping[str, Null]] | None = None,
) -> Judgement:
    """A statistic's clusters (one a hand) weighed against the honest styles' nulls, as one of
    ``tests`` tests of a report: with ``strength`` (the statistic's line, the player's points
    lost a decision, the styles' losses), against an honest player of the player's measured
    strength, else against the largest tail over the styles."""
    kept = [c for c in clusters if c.decisions]
    decisions = sum(c.decisions for c in kept)
    p_value = closest = adjusted = None
    if strength is not None and decisions:
        line, loss, losses = strength
        p_value = line.tail(kept, loss)
        measured = loss.value if loss.value is not None else line.centre
        closest = min(losses, key=lambda s: abs(losses[s].mean - measured))
        adjusted = min(1.0, p_value * tests)
    elif nulls and decisions:
        tails = {style: null.tail(kept) for style, null in nulls.items()}
        closest = max(tails, key=lambda s: tails[s])
        p_value = tails[closest]
        adjusted = min(1.0, p_value * tests)
    return Judgement(
        sum(c.total for c in kept),
        decisions,
        len(kept),
        interval_of(kept),
        p_value,
        closest,
        adjusted,
        verdict_of(adjusted, decisions),
    )


def leak_cluster(decisions: Iterable[DecisionEvidence], hypothesis: str) -> Cluster:
    """One hand's evidence for a hypothesis: its decisions and their summed ratio."""
    found = [evidence(d, hypothesis) for d in decisions if hypothesis in d.leaked]
    return Cluster(len(found), sum(found))


def engine_cluster(decisions: Iterable[DecisionEvidence]) -> Cluster:
    """One hand's engine matches: its decisions and how many played the honest best."""
    found = list(decisions)
    return Cluster(len(found), float(sum(1 for d in found if d.matched)))


def loss_cluster(decisions: Iterable[DecisionEvidence]) -> Cluster:
    """One hand's losses against the honest search: its decisions and their summed loss."""
    found = list(decisions)
    return Cluster(len(found), sum(d.loss for d in found))


ENGINE = "engine"
# The points lost against the honest search's best: calibrated for comparison, not a test.
LOSS = "loss"
# The bands of a loss profile: the honest best, then losses below each bound (points).
LOSS_BANDS = (("best", 0.0), ("under_0.1", 0.1), ("under_0.3", 0.3), ("under_0.75", 0.75))


def loss_profile(decisions: Sequence[DecisionEvidence]) -> dict[str, float | None]:
    """The share of decisions in each loss band (the last: 0.75 points or more)."""
    counts = dict.fromkeys([name for name, _ in LOSS_BANDS] + ["from_0.75"], 0)
    for decision in decisions:
        band = next((n for n, bound in LOSS_BANDS if decision.loss <= bound), "from_0.75")
        counts[band] += 1
    n = len(decisions)
    return {band: round(count / n, 4) if n else None for band, count in counts.items()}


def seat_clusters(decisions: Sequence[DecisionEvidence]) -> dict[str, Cluster]:
    """One seat's hand as clusters of every statistic its decisions hold: each hypothesis's
    evidence, and the engine matches (``ENGINE``)."""
    kinds = sorted({kind for d in decisions for kind in d.leaked})
    found = {kind: leak_cluster(decisions, kind) for kind in kinds}
    found[ENGINE] = engine_cluster(decisions)
    return found


def pair_cluster(
    mine: Sequence[DecisionEvidence], theirs: Sequence[DecisionEvidence], offset: int, players: int
) -> Cluster:
    """One hand of a pair as a cluster: the player's decisions judged with the other's hand
    known (``seat+offset``) and the other's judged with the player's (the reverse offset)."""
    a = leak_cluster(mine, seat_kind(offset))
    b = leak_cluster(theirs, seat_kind((players - offset) % players))
    return Cluster(a.decisions + b.decisions, a.total + b.total)


def judge_all(
    statistics: Mapping[str, Sequence[Cluster]],
    calibration: Calibration | None,
    tests: int | None = None,
    loss: Sequence[Cluster] | None = None,
    pair_loss: Sequence[Cluster] | None = None,
) -> dict[str, Judgement]:
    """Every statistic of a report (each hypothesis, ``engine``, ``pair+K``) judged as one of
    its ``tests`` (by default, as many as the statistics). With the player's ``loss`` clusters,
    the player's own leak hypotheses and the engine matches are weighed both against an honest
    player of their measured strength (``StrengthLine``) and against the styles, the larger
    p-value kept; a pair's statistic against an honest pair of its measured strength (both
    seats' ``pair_loss``, else the player's)."""
    tests = len(statistics) if tests is None else tests
    found = {}
    for kind, clusters in statistics.items():
        nulls = None if calibration is None else calibration.nulls.get(kind)
        by_styles = judged(clusters, nulls, tests)
        measured = pair_loss if is_pair(kind) and pair_loss else loss
        line = None
        if measured and calibration is not None and nulls:
            losses = calibration.nulls.get(LOSS, {})
            fitted = strength_line(nulls, losses)
            line = None if fitted is None else (fitted, interval_of(measured), losses)
        if line is None:
            found[kind] = by_styles
            continue
        at_strength = judged(clusters, nulls, tests, line)
        if is_pair(kind):
            found[kind] = at_strength
        else:
            found[kind] = max(at_strength, by_styles, key=lambda j: j.p_value or 0.0)
    return found


def is_pair(kind: str) -> bool:
    """Whether a statistic is a pair's (``pair+K``)."""
    return kind.startswith(f"{PAIR}+")


def worst_verdict(verdicts: Iterable[str]) -> str:
    """The strongest verdict of several (``VERDICTS`` order)."""
    return max(verdicts, key=VERDICTS.index)
