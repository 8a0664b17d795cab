from typing import Literal

LevelName = Literal["beginner", "casual", "club", "expert", "master"]

LEVEL_NAME_VALUES: set[LevelName] = {
    "beginner",
    "casual",
    "club",
    "expert",
    "master",
}


def check_level_name(value: str) -> LevelName:
    if value in LEVEL_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LEVEL_NAME_VALUES!r}")
