"""The images the container tests build on, made without a registry: a Debian bookworm base
with Python 3.11 (debootstrap, then ``docker import``), trusting this machine's CAs, and a
Redis image built from it. Each tag names a digest of what went into it, so a changed recipe
(packages, CA files) makes a new image, and an existing tag is reused as it is.

    python -m tests.container.base_image
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
PACKAGES = ("python3", "python3-venv", "python3-dev", "python-is-python3", "ca-certificates")
HOST_CA_DIR = Path("/usr/local/share/ca-certificates")
IMAGE_CHANGES = (
    "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "ENV LANG=C.UTF-8",
    'CMD ["/bin/bash"]',
)
# Inside the root file system once debootstrap is done: the host's CAs trusted, apt's package
# files and lists dropped (a Dockerfile runs apt-get update before it installs).
FINISHING = (
    "update-ca-certificates",
    "apt-get clean",
    "rm -rf /var/lib/apt/lists/*",
)
REDIS_DOCKERFILE = """\
FROM {base}
RUN apt-get update \\
    && apt-get install -y --no-install-recommends redis-server \\
    && rm -rf /var/lib/apt/lists/* \\
    && mkdir /data && chown redis:redis /data \\
    && printf '%s\\n' '#!/bin/sh' \\
       'if [ "$1" = redis-server ]; then shift; set -- redis-server --protected-mode no "$@"; fi' \\
       'exec "$@"' > /usr/local/bin/redis-entrypoint \\
    && chmod 755 /usr/local/bin/redis-entrypoint
WORKDIR /data
VOLUME /data
USER redis
EXPOSE 6379
ENTRYPOINT ["/usr/local/bin/redis-entrypoint"]
CMD ["redis-server"]
"""


@dataclass(frozen=True)
class Made:
    """An image tag, and the seconds each step of making it took (empty: it was there)."""

    tag: str
    seconds: dict[str, float]

    @property
    def built(self) -> bool:
        """Whether the image was made now (not found in the daemon)."""
        return bool(self.seconds)


def host_ca_files() -> list[Path]:
    """The CA certificates this machine adds to the system's, which the images must trust."""
    if not HOST_CA_DIR.is_dir():
        return []
    return sorted(path for path in HOST_CA_DIR.rglob("*.crt") if path.is_file())


def short_digest(*parts: str | bytes) -> str:
    """Twelve hex digits of the SHA-256 of ``parts``, each length-prefixed."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:12]


def base_tag() -> str:
    """The base image's tag: the suite and a digest of its recipe and of the CA files."""
    cas = [
        item
        for path in host_ca_files()
        for item in (path.relative_to(HOST_CA_DIR).as_posix(), path.read_bytes())
    ]
    recipe = short_digest(SUITE, MIRROR, *PACKAGES, *IMAGE_CHANGES, *FINISHING, *cas)
    return f"scopa-test-base:{SUITE}-{recipe}"


def redis_tag(base: str) -> str:
    """The Redis image's tag: a digest of its Dockerfile on ``base``."""
    return f"scopa-test-redis:{SUITE}-{short_digest(REDIS_DOCKERFILE.format(base=base))}"


def image_exists(tag: str) -> bool:
    """Whether the local Docker daemon has ``tag``."""
    found = subprocess.run(
        ["docker", "image", "inspect", tag], capture_output=True, check=False, timeout=60
    )
    return found.returncode == 0


def run_logged(argv: list[str], log: Path, timeout_s: float) -> None:
    """Run ``argv`` with its output appended to ``log``; raise with the log's tail on failure."""
    with log.open("ab") as out:
        status = subprocess.run(
            argv, stdout=out, stderr=subprocess.STDOUT, check=False, timeout=timeout_s
        )
    if status.returncode != 0:
        tail = log.read_text(errors="replace")[-4000:]
        raise RuntimeError(f"{argv[:3]} exited {status.returncode}; log {log}:\n{tail}")


def mounts_below(root: Path) -> list[str]:
    """Mount points at or under ``root`` (debootstrap mounts /proc and /sys in its target)."""
    prefix = str(root.resolve())
    points = []
    for line in Path("/proc/mounts").read_text().splitlines():
        point = line.split()[1].replace("\\040", " ")
        if point == prefix or point.startswith(prefix + "/"):
            points.append(point)
    return sorted(points, key=len, reverse=True)


def remove_tree(root: Path) -> None:
    """Unmount what debootstrap left mounted under ``root``, then delete it (never across a
    mount that would not go)."""
    for point in mounts_below(root):
        subprocess.run(["umount", "--lazy", point], check=False)
    if mounts_below(root):
        raise RuntimeError(f"{root} still has mounts under it: {mounts_below(root)}")
    shutil.rmtree(root, ignore_errors=True)


def build_base(tag: str, log: Path) -> dict[str, float]:
    """debootstrap the base into a temporary folder and import it as ``tag``."""
    work = Path(tempfile.mkdtemp(prefix="scopa-base-", dir="/var/tmp"))
    root = work / "root"
    seconds = {}
    try:
        started = time.monotonic()
        run_logged(
            [
                "debootstrap",
                "--variant=minbase",
                f"--include={','.join(PACKAGES)}",
                SUITE,
                str(root),
                MIRROR,
            ],
            log,
            timeout_s=1200,
        )
        seconds["debootstrap"] = time.monotonic() - started
        started = time.monotonic()
        target = root / HOST_CA_DIR.relative_to("/")
        target.mkdir(parents=True, exist_ok=True)
        for path in host_ca_files():
            destination = target / path.relative_to(HOST_CA_DIR)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)
        for step in FINISHING:
            run_logged(["chroot", str(root), "/bin/sh", "-c", step], log, timeout_s=300)
        for point in mounts_below(root):
            subprocess.run(["umount", point], check=True)
        changes = [arg for change in IMAGE_CHANGES for arg in ("--change", change)]
        with log.open("ab") as out:
            packer = subprocess.Popen(["tar", "-C", str(root), "-c", "."], stdout=subprocess.PIPE)
            imported = subprocess.run(
                ["docker", "import", *changes, "-", tag],
                stdin=packer.stdout,
                stdout=out,
                stderr=subprocess.STDOUT,
                check=False,
                timeout=600,
            )
            assert packer.stdout is not None
            packer.stdout.close()
            packed = packer.wait()
        if packed != 0 or imported.returncode != 0:
            raise RuntimeError(f"tar ({packed}) | docker import ({imported.returncode}); see {log}")
        seconds["import"] = time.monotonic() - started
    finally:
        remove_tree(work)
    return seconds


def docker_build(tag: str, dockerfile: str, log: Path, timeout_s: float = 900) -> float:
    """Build ``dockerfile`` (no context) as ``tag`` with the legacy builder; its seconds."""
    started = time.monotonic()
    with log.open("ab") as out:
        built = subprocess.run(
            ["docker", "build", "--tag", tag, "-"],
            input=dockerfile.encode(),
            stdout=out,
            stderr=subprocess.STDOUT,
            env=legacy_builder_env(),
            check=False,
            timeout=timeout_s,
        )
    if built.returncode != 0:
        tail = log.read_text(errors="replace")[-4000:]
        raise RuntimeError(f"docker build of {tag} exited {built.returncode}:\n{tail}")
    return time.monotonic() - started


def legacy_builder_env() -> dict[str, str]:
    """This process's environment with BuildKit off: it would pull its Dockerfile frontend."""
    return {**os.environ, "DOCKER_BUILDKIT": "0"}


def remove_other_tags(tag: str) -> None:
    """Untag the other tags of ``tag``'s repository (older recipes), where nothing uses them."""
    repository = tag.rpartition(":")[0]
    listed = subprocess.run(
        ["docker", "images", "--format", "{{.Repository}}:{{.Tag}}", repository],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    for other in listed.stdout.split():
        if other != tag:
            subprocess.run(["docker", "rmi", other], capture_output=True, check=False, timeout=120)


def ensure_base(log: Path) -> Made:
    """The base image, built unless its tag is already in the local daemon."""
    tag = base_tag()
    if image_exists(tag):
        return Made(tag, {})
    made = Made(tag, build_base(tag, log))
    remove_other_tags(tag)
    return made


def ensure_redis(base: str, log: Path) -> Made:
    """The Redis image on ``base``, built unless its tag is already in the local daemon."""
    tag = redis_tag(base)
    if image_exists(tag):
        return Made(tag, {})
    made = Made(tag, {"build": docker_build(tag, REDIS_DOCKERFILE.format(base=base), log)})
    remove_other_tags(tag)
    return made


def main() -> int:
    """Make both images (or find them) and say which and how long each step took."""
    log = Path(tempfile.gettempdir()) / "scopa-base-image.log"
    for made in (base := ensure_base(log), ensure_redis(base.tag, log)):
        steps = ", ".join(f"{name} {value:.1f} s" for name, value in made.seconds.items())
        print(f"{made.tag}: {steps or 'already there'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
