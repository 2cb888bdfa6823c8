#!/usr/bin/env bash
# Builds the product's image (the Dockerfile) on a machine that reaches Debian's mirror and the
# npm registry but no container registry: the base image is made here instead of pulled.
#
#   scripts/docker/build-image.sh            # the base image when missing, then the image
#   scripts/docker/build-image.sh --rebuild-base
#
# The base image (BASE_TAG, default airman-base:node20) is a minimal Debian bookworm made by
# debootstrap, with this machine's Node 20 and npm copied in: the same layout as the public
# node:20-bookworm-slim, which the Dockerfile uses by default. The image (IMAGE_TAG, default
# airman:latest) is then built with BASE_IMAGE set to it. Needs root, a running Docker daemon,
# debootstrap, and Node 20.19+ at `command -v node` with npm in its lib/node_modules.
# Each step prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE_TAG=${BASE_TAG:-airman-base:node20}
IMAGE_TAG=${IMAGE_TAG:-airman:latest}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
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

docker info >/dev/null 2>&1 || {
  echo "No Docker daemon answers (start it: dockerd, or systemctl start docker)." >&2
  exit 1
}

make_base() {
  local node npm_dir version rootfs
  node=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$node")")/lib/node_modules/npm
  version=$("$node" -p 'process.versions.node')
  case $version in
    20.*) ;;
    *)
      echo "The base image needs Node 20; $node is $version." >&2
      exit 1
      ;;
  esac
  [ -f "$npm_dir/bin/npm-cli.js" ] || {
    echo "npm not found at $npm_dir." >&2
    exit 1
  }
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
    docker import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["node"]' \
      "${extra_ca[@]}" \
      - "$BASE_TAG" >/dev/null
  rm -rf "$rootfs" "$rootfs.log"
  trap - EXIT
  docker run --rm --network none "$BASE_TAG" sh -c 'echo "node $(node --version), npm $(npm --version)"'
}

if $rebuild_base || ! docker image inspect "$BASE_TAG" >/dev/null 2>&1; then
  echo "== base image $BASE_TAG (debootstrap bookworm, with $(command -v node) $(node --version))"
  start=$SECONDS
  make_base
  echo "   made in $((SECONDS - start)) s"
else
  echo "== base image $BASE_TAG: present (--rebuild-base makes it again)"
fi

echo "== image $IMAGE_TAG (FROM $BASE_TAG)"
start=$SECONDS
docker build --build-arg "BASE_IMAGE=$BASE_TAG" -t "$IMAGE_TAG" .
echo "   built in $((SECONDS - start)) s; $(docker image inspect --format '{{.Size}}' "$IMAGE_TAG" |
  awk '{ printf "%.0f MB", $1 / 1e6 }')"
