from typing import Literal

JobDownloadLineType = Literal["evidence", "problem", "review", "summary"]

JOB_DOWNLOAD_LINE_TYPE_VALUES: set[JobDownloadLineType] = {
    "evidence",
    "problem",
    "review",
    "summary",
}


def check_job_download_line_type(value: str) -> JobDownloadLineType:
    if value in JOB_DOWNLOAD_LINE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOB_DOWNLOAD_LINE_TYPE_VALUES!r}")
