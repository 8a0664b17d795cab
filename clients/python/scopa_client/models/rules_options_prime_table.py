from typing import Literal

RulesOptionsPrimeTable = Literal[
    "barmila", "escoba_sevens", "half_values", "most_sevens", "southern", "standard", "zero_faces"
]

RULES_OPTIONS_PRIME_TABLE_VALUES: set[RulesOptionsPrimeTable] = {
    "barmila",
    "escoba_sevens",
    "half_values",
    "most_sevens",
    "southern",
    "standard",
    "zero_faces",
}


def check_rules_options_prime_table(value: str) -> RulesOptionsPrimeTable:
    if value in RULES_OPTIONS_PRIME_TABLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_PRIME_TABLE_VALUES!r}")
