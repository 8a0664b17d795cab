from typing import Literal

LevelEstimateIntervalItem = Literal["beginner", "casual", "club", "expert", "master"]

LEVEL_ESTIMATE_INTERVAL_ITEM_VALUES: set[LevelEstimateIntervalItem] = {
    "beginner",
    "casual",
    "club",
    "expert",
    "master",
}


def check_level_estimate_interval_item(value: str) -> LevelEstimateIntervalItem:
    if value in LEVEL_ESTIMATE_INTERVAL_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LEVEL_ESTIMATE_INTERVAL_ITEM_VALUES!r}")
