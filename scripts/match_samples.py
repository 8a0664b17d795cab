"""Write or check the presets' match-model samples (service/search/data/match_samples.json):
`python -m scripts.match_samples [--check]`.

Each preset's own rules are played ``match_model.SAMPLE_HANDS`` times from fixed seeds by the
rollout policy (``match_model.sample_counts``), so the same command writes the same file on any
machine. A worker reads the file instead of playing those hands when it starts; ``--check``
exits 1 when the file is not what the code plays now (a test runs it).
"""

from __future__ import annotations

import argparse
import json
import sys

from service.engine.presets import PRESETS, make_rules
from service.search import match_model


def samples() -> dict[str, object]:
    """The file's content as the code makes it now."""
    return {
        "sample_hands": match_model.SAMPLE_HANDS,
        "seed": match_model.SAMPLE_SEED,
        "presets": {
            name: match_model.counts_to_json(match_model.sample_counts(make_rules(name)))
            for name in PRESETS
        },
    }


def text() -> str:
    """The file's bytes as the code makes them now: one preset a line."""
    made = samples()
    presets = made["presets"]
    assert isinstance(presets, dict)
    rows = ",\n".join(f"    {json.dumps(n)}: {json.dumps(each)}" for n, each in presets.items())
    head = f'"sample_hands": {made["sample_hands"]}, "seed": {made["seed"]}'
    return f'{{{head}, "presets": {{\n{rows}\n}}}}\n'


def main(argv: list[str] | None = None) -> int:
    """Write the file, or with --check compare it; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    made = text()
    path = match_model.SAMPLES_PATH
    if args.check:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != made:
            print(f"{path} is not what the code plays now: run make match-samples")
            return 1
        return 0
    path.write_text(made, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
