#!/usr/bin/env bash
# Build the Casewright OpenFOAM image (default tag casewright/openfoam:v1912).
#
#   docker/build.sh [--force] [TAG]
#
# Reuses an existing image unless --force is given. Uses docker/Dockerfile when the base
# image is present (or may be pulled: CASEWRIGHT_DOCKER_PULL=1); otherwise (no registry access, as on air-gapped clusters) builds the
# same root file system with mmdebstrap from the Debian mirror apt already uses, and imports
# it with the same environment and user.
set -euo pipefail

force=0
if [[ "${1:-}" == "--force" ]]; then force=1; shift; fi
tag="${1:-${CASEWRIGHT_IMAGE:-casewright/openfoam:v1912}}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! docker info >/dev/null 2>&1; then
    echo "build.sh: the Docker daemon is not reachable; start it first (see README)" >&2
    exit 1
fi

if [[ $force -eq 0 ]] && docker image inspect "$tag" >/dev/null 2>&1; then
    echo "build.sh: $tag already present; reusing it (pass --force to rebuild)"
    exit 0
fi

# The Dockerfile route needs the base image. It is pulled only when the user allows it
# (CASEWRIGHT_DOCKER_PULL=1); by default nothing but the Debian mirror is contacted.
base="debian:bookworm-slim"
if ! docker image inspect "$base" >/dev/null 2>&1 && [[ "${CASEWRIGHT_DOCKER_PULL:-0}" == "1" ]]; then
    timeout 120 docker pull "$base" >/dev/null 2>&1 || true
fi
if docker image inspect "$base" >/dev/null 2>&1; then
    echo "build.sh: building $tag from docker/Dockerfile"
    docker build -t "$tag" "$here"
    exit 0
fi

echo "build.sh: base image not pullable; building $tag with mmdebstrap + docker import"
command -v mmdebstrap >/dev/null || { echo "build.sh: mmdebstrap is missing: apt-get install mmdebstrap" >&2; exit 1; }

mirror="${CASEWRIGHT_DEBIAN_MIRROR:-}"
if [[ -z "$mirror" ]]; then
    # The mirror this host's apt already uses, so no new host is contacted.
    mirror="$(grep -hoE '^(deb|URIs:)[[:space:]]+(\[[^]]*\][[:space:]]+)?https?://[^[:space:]]+' \
              /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
              | grep -oE 'https?://[^[:space:]]+' | grep -v security | head -n1 || true)"
    mirror="${mirror:-http://deb.debian.org/debian}"
fi

mmdebstrap --variant=apt --include=openfoam,m4 \
    --customize-hook='chroot "$1" useradd --create-home --uid 1000 --shell /bin/sh foam' \
    --customize-hook='chroot "$1" mkdir -p /case' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*' \
    bookworm - "$mirror" \
  | docker import \
      --change 'ENV WM_PROJECT_DIR=/usr/share/openfoam' \
      --change 'ENV FOAM_SIGFPE=1' \
      --change 'ENV LANG=C.UTF-8' \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'USER foam' \
      --change 'WORKDIR /case' \
      - "$tag"
echo "build.sh: built $tag"
