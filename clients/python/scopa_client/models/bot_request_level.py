from typing import Literal

BotRequestLevel = Literal["beginner", "casual", "club", "expert", "master"]

BOT_REQUEST_LEVEL_VALUES: set[BotRequestLevel] = {
    "beginner",
    "casual",
    "club",
    "expert",
    "master",
}


def check_bot_request_level(value: str) -> BotRequestLevel:
    if value in BOT_REQUEST_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_REQUEST_LEVEL_VALUES!r}")
