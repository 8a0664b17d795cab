from typing import Literal

LevelEstimateLevel = Literal["beginner", "casual", "club", "expert", "master"]

LEVEL_ESTIMATE_LEVEL_VALUES: set[LevelEstimateLevel] = {
    "beginner",
    "casual",
    "club",
    "expert",
    "master",
}


def check_level_estimate_level(value: str) -> LevelEstimateLevel:
    if value in LEVEL_ESTIMATE_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LEVEL_ESTIMATE_LEVEL_VALUES!r}")
