# syntax=docker/dockerfile:1

# The base of both stages; tests/container builds on a local Debian one (no registry there).
ARG PYTHON_IMAGE=python:3.11-slim

# ---- build stage: compilers live here only; everything lands in /opt/venv ----
FROM ${PYTHON_IMAGE} AS builder

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1

# Compilers for the search kernel (Cython, setup.py) and any dependency without a wheel; Debian
# package versions float with the base image.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential \
    && rm -rf /var/lib/apt/lists/*

RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH

WORKDIR /src
COPY pyproject.toml setup.py requirements.lock README.md LICENSE ./
COPY service ./service
# The lock pins every version; as a constraints file it installs only the runtime dependencies.
# The compiled search kernel is required (setup.py): the build fails without it, and the import
# check fails it should the installed package lack it anyway.
RUN pip install --constraint requirements.lock . \
    && python -I -c "import service.search.kernel._kernel" \
    && python -m compileall -q /opt/venv

# ---- runtime stage: the venv, the gunicorn settings and an unprivileged user ----
FROM ${PYTHON_IMAGE} AS runtime

ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PORT=8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/prometheus \
    GUNICORN_CONTROL_SOCKET=/tmp/gunicorn.ctl \
    SCOPA_JOBS_DIR=/tmp/scopa-jobs

RUN groupadd --system --gid 10001 scopa \
    && useradd --system --uid 10001 --gid 10001 --no-create-home \
       --home-dir /nonexistent --shell /usr/sbin/nologin scopa

COPY --from=builder /opt/venv /opt/venv
WORKDIR /app
COPY gunicorn.conf.py deploy/healthcheck.py ./

USER 10001:10001
# The API, and the monitoring port (SCOPA_METRICS_PORT: /metrics, /healthz, /readyz) served by
# the gunicorn master.
EXPOSE 8000 9464

HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "/app/healthcheck.py"]

ENTRYPOINT ["gunicorn", "--config", "/app/gunicorn.conf.py"]
CMD ["service.api.app:create_app()"]
