from typing import Literal

GraphPointLabelType1 = Literal["best", "blunder", "good", "inaccuracy", "mistake"]

GRAPH_POINT_LABEL_TYPE_1_VALUES: set[GraphPointLabelType1] = {
    "best",
    "blunder",
    "good",
    "inaccuracy",
    "mistake",
}


def check_graph_point_label_type_1(value: str) -> GraphPointLabelType1:
    if value in GRAPH_POINT_LABEL_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GRAPH_POINT_LABEL_TYPE_1_VALUES!r}")
