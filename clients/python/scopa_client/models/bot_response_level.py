from typing import Literal

BotResponseLevel = Literal["beginner", "casual", "club", "expert", "master"]

BOT_RESPONSE_LEVEL_VALUES: set[BotResponseLevel] = {
    "beginner",
    "casual",
    "club",
    "expert",
    "master",
}


def check_bot_response_level(value: str) -> BotResponseLevel:
    if value in BOT_RESPONSE_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_RESPONSE_LEVEL_VALUES!r}")
