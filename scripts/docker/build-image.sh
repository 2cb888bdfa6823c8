#!/usr/bin/env bash
# Builds the product's image (the Dockerfile) on a machine that reaches Debian's mirror and the
# npm registry but no container registry: the base image is made here instead of pulled.
#
#   scripts/docker/build-image.sh            # the base image when missing, then the image
#   scripts/docker/build-image.sh --rebuild-base
#
# The base image (BASE_TAG, default airman-base:node-<version>) is a minimal Debian bookworm
# made by debootstrap, with the Node and npm first on this machine's PATH copied in: the same
# layout as the public node:24-bookworm-slim, which the Dockerfile uses by default. Its tag
# names the Node version, so a new Node makes a new base and an unchanged one is reused. The
# image (IMAGE_TAG, default airman:latest) is then built with BASE_IMAGE set to it.
#
# STAGE_TAG (unset by default), e.g. localhost/airman-stage, also tags the Dockerfile's other
# stages (deps, build, prod-deps) as STAGE_TAG:<stage>, from the build's cache: tagged, they
# stay the next build's cache when the images of earlier builds are pruned (`image prune`
# removes a stage no tagged image descends from, and the image descends from none of them).
#
# CONTAINER_ENGINE is docker or podman; unset, Docker when its daemon answers, else Podman
# (rootful, `podman build --isolation chroot`: no daemon, no user namespace). Needs root,
# debootstrap, and Node 24 at `command -v node` with npm at `command -v npm`. Each step
# prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/../.."

IMAGE_TAG=${IMAGE_TAG:-airman:latest}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NODE_MAJOR=24
rebuild_base=false
for arg in "$@"; do
  case $arg in
    --rebuild-base) rebuild_base=true ;;
    *)
      echo "usage: $0 [--rebuild-base]" >&2
      exit 2
      ;;
  esac
done

engine=${CONTAINER_ENGINE:-}
if [ -z "$engine" ]; then
  if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    engine=docker
  elif command -v podman >/dev/null 2>&1; then
    engine=podman
  else
    echo "Neither a Docker daemon nor Podman is here (apt-get install podman)." >&2
    exit 1
  fi
fi
case $engine in
  docker)
    docker info >/dev/null 2>&1 || {
      echo "No Docker daemon answers (start it: dockerd, or systemctl start docker)." >&2
      exit 1
    }
    build=(docker build)
    ;;
  # Docker's format: OCI's has no HEALTHCHECK.
  podman) build=(podman build --isolation chroot --format docker) ;;
  *)
    echo "CONTAINER_ENGINE is docker or podman, not '$engine'." >&2
    exit 1
    ;;
esac

node=$(readlink -f "$(command -v node)")
node_version=$("$node" -p 'process.versions.node')
case $node_version in
  "$NODE_MAJOR".*) ;;
  *)
    echo "The base image needs Node $NODE_MAJOR; $node is $node_version." >&2
    exit 1
    ;;
esac
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
[ -f "$npm_dir/bin/npm-cli.js" ] || {
  echo "npm not found at $npm_dir." >&2
  exit 1
}
# Podman looks a name without a registry up in its own storage under localhost/.
default_base="airman-base:node-$node_version"
[ "$engine" = podman ] && default_base="localhost/$default_base"
BASE_TAG=${BASE_TAG:-$default_base}

make_base() {
  local rootfs
  rootfs=$(mktemp -d /tmp/airman-rootfs.XXXXXX)
  trap 'rm -rf "$rootfs" "$rootfs.log"' EXIT
  debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >"$rootfs.log" 2>&1 || {
    tail -20 "$rootfs.log" >&2
    exit 1
  }
  install -m 0755 "$node" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # This machine's certificate authorities (an intercepting proxy's among them, where there is
  # one), so that npm and Node in the build reach the registry as they do on the host: npm's
  # own npmrc, copied above, may name this file as its cafile.
  local cas=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt} extra_ca=()
  if [ -f "$cas" ]; then
    mkdir -p "$rootfs/etc/ssl/certs"
    cp "$cas" "$rootfs/etc/ssl/certs/ca-certificates.crt"
    extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
  fi
  # What an image does not need: the package lists and downloads, documentation, locales.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/usr/share/doc/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  tar -C "$rootfs" --numeric-owner -c . |
    "$engine" import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["node"]' \
      "${extra_ca[@]}" \
      - "$BASE_TAG" >/dev/null
  rm -rf "$rootfs" "$rootfs.log"
  trap - EXIT
  echo "   node $("$node" --version), npm $("$node" "$npm_dir/bin/npm-cli.js" --version)"
}

if $rebuild_base || ! "$engine" image inspect "$BASE_TAG" >/dev/null 2>&1; then
  echo "== base image $BASE_TAG (debootstrap bookworm, with $node $node_version)"
  start=$SECONDS
  make_base
  echo "   made in $((SECONDS - start)) s"
else
  echo "== base image $BASE_TAG: present (--rebuild-base makes it again)"
fi

echo "== image $IMAGE_TAG (FROM $BASE_TAG, $engine)"
start=$SECONDS
"${build[@]}" --build-arg "BASE_IMAGE=$BASE_TAG" -t "$IMAGE_TAG" .
echo "   built in $((SECONDS - start)) s; $("$engine" image inspect --format '{{.Size}}' "$IMAGE_TAG" |
  awk '{ printf "%.0f MB", $1 / 1e6 }')"
if [ -n "${STAGE_TAG:-}" ]; then
  start=$SECONDS
  for stage in deps build prod-deps; do
    "${build[@]}" --quiet --build-arg "BASE_IMAGE=$BASE_TAG" --target "$stage" -t "$STAGE_TAG:$stage" . >/dev/null
  done
  echo "   stages tagged $STAGE_TAG:{deps,build,prod-deps} in $((SECONDS - start)) s"
fi
