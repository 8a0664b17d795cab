"""The fair-play data scripts on a few hands: tables play as they say, each judged seat's line
reads back, the calibration is made from honest lines only, and the benchmark judges samples."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scripts.calibrate_fair_play import OUT, calibration_settings, calibrations_of, kept_entries
from service.api.fair_play.evidence import hand_evidence_of_json
from service.search.dealt_test import ALTERNATIVES
from service.search.fair_play import ALL, ENGINE, LOSS, VERDICTS, pair_kind
from tests.benchmarks.bench_fair_play import pools_of, sample_verdicts
from tests.benchmarks.fair_play_hands import judged_hand, played_hand


def test_a_clairvoyant_seat_plays_the_search_told_the_other_hand() -> None:
    seeing, judged = played_hand("scopa", "clairvoyant:1", 3)
    honest, _ = played_hand("scopa", "level:club", 3)
    assert judged == (0,)
    assert seeing.finished and honest.finished
    assert [p for p in seeing.history if p.seat == 0] != [p for p in honest.history if p.seat == 0]


def test_lines_calibrate_and_judge(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    lines = [
        judged_hand(("scopa", table, seed))
        for table in ("level:club", "expert", "engine")
        for seed in (1, 2)
    ]
    lines.append(judged_hand(("scopone_scientifico", "partners", 1)))
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    first = lines[0]
    assert set(first["seats"]) == {"0", "1"}
    decisions = hand_evidence_of_json(first["seats"]["0"]).of_seat(0)
    assert decisions and all(ALL in d.leaked for d in decisions)
    (scopa,) = calibrations_of([str(path)])  # the engine and partners tables are not honest
    assert scopa.preset == "scopa" and scopa.hands == 4
    assert set(scopa.styles) == {"club", "expert-bot"}
    assert {ALL, ENGINE, LOSS} <= set(scopa.nulls)
    pools = pools_of([str(path)])
    assert len(pools[("scopa", "level:club")]) == 4 and len(pools[("scopa", "engine")]) == 2
    (partners,) = pools[("scopone_scientifico", "partners")]
    assert pair_kind(2) in partners.clusters
    # The dealt-hand test of each judged seat rides along: seat 0 leads seed 1's hand (the
    # plays that open each deal are its), seat 1 follows (none).
    leader, follower = pools[("scopa", "level:club")][:2]
    assert len(leader.dealt) == len(ALTERNATIVES) and 4 <= leader.dealt_decisions <= 6
    assert follower.dealt_decisions == 0 and not any(follower.dealt)
    verdict, aimed = sample_verdicts(
        pools[("scopa", "engine")], 20, "scopa", ENGINE, random.Random(1)
    )
    assert verdict in VERDICTS and aimed in VERDICTS


def test_remaking_one_preset_keeps_the_others_only_when_made_alike(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(json.dumps(judged_hand(("scopa", "level:club", 1))) + "\n", encoding="utf-8")
    made = calibrations_of([str(path)])
    shipped = json.loads(OUT.read_text(encoding="utf-8"))
    kept = kept_entries(made, calibration_settings(), shipped)
    others = [entry for entry in shipped["calibrations"] if entry["preset"] != "scopa"]
    assert kept == others and len(kept) == len(shipped["calibrations"]) - 1
    with pytest.raises(SystemExit, match="temperature"):
        kept_entries(made, {**calibration_settings(), "temperature": 0.5}, shipped)


def test_a_panel_table_seats_its_player_and_judges_it_with_the_dealt_hands() -> None:
    state, judged = played_hand("scopa", "panel:sharp-peek:1", 5)
    assert judged == (0,) and state.finished
    _, pair = played_hand("scopone_scientifico", "panel:partners-share", 5)
    assert pair == (0, 2)
