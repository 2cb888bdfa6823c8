#!/usr/bin/env bash
# Runs the built image (IMAGE_TAG, default airman:latest) against a fresh database on the local
# PostgreSQL and checks what a deployment relies on: the server migrates and answers
# /api/ready and /api/health, serves the admin page and its script, signs the configured
# administrator in, its HEALTHCHECK reports healthy, and `docker stop` ends it cleanly (the
# server logs its shutdown and exits 0). Loopback only: the container shares the host's
# network and listens on 127.0.0.1.
#
#   scripts/docker/smoke-image.sh
#
# PGURL (default postgres://postgres@127.0.0.1:5432) is a server where the database may be
# created; PORT (default 3917) is where the container listens.
set -euo pipefail
# shellcheck source=scripts/docker/served-checks.sh
. "$(dirname "$0")/served-checks.sh"

IMAGE_TAG=${IMAGE_TAG:-airman:latest}
PGURL=${PGURL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-3917}
DB="airman_image_$(date +%s)_$$"
NAME="airman-smoke-$$"
BASE="http://127.0.0.1:$PORT"
ADMIN_EMAIL=admin@example.com
ADMIN_PASSWORD="Smoke-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"

cleanup() {
  docker rm -f "$NAME" >/dev/null 2>&1 || true
  psql "$PGURL/postgres" -qc "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
fail() {
  echo "FAILED: $1" >&2
  docker logs "$NAME" 2>&1 | tail -20 >&2 || true
  exit 1
}

psql "$PGURL/postgres" -qc "CREATE DATABASE \"$DB\"" >/dev/null
docker run -d --name "$NAME" --network host --health-interval 2s --health-start-period 60s \
  -e HOST=127.0.0.1 -e PORT="$PORT" -e DATABASE_URL="$PGURL/$DB" \
  -e JWT_SECRET="$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')" \
  -e ADMIN_EMAIL="$ADMIN_EMAIL" -e ADMIN_PASSWORD="$ADMIN_PASSWORD" \
  "$IMAGE_TAG" >/dev/null

start=$SECONDS
until curl -sf "$BASE/api/ready" >/dev/null; do
  [ "$(docker inspect --format '{{.State.Running}}' "$NAME")" = true ] || fail "the container exited"
  [ $((SECONDS - start)) -lt 60 ] || fail "not ready within 60 s"
  sleep 0.5
done
echo "ready after $((SECONDS - start)) s"

check_served "$BASE" "$ADMIN_EMAIL" "$ADMIN_PASSWORD" ""

until [ "$(docker inspect --format '{{.State.Health.Status}}' "$NAME")" = healthy ]; do
  [ $((SECONDS - start)) -lt 90 ] || fail "HEALTHCHECK: $(docker inspect --format '{{.State.Health.Status}}' "$NAME")"
  sleep 1
done
echo "HEALTHCHECK: healthy"

user=$(docker exec "$NAME" id -un)
[ "$user" != root ] || fail "the server runs as root"
echo "runs as: $user"

docker stop "$NAME" >/dev/null
code=$(docker inspect --format '{{.State.ExitCode}}' "$NAME")
docker logs "$NAME" 2>&1 | grep -q '"msg":"shutting down: finishing in-flight requests"' ||
  fail "docker stop: the server did not shut down by itself (exit $code)"
[ "$code" = 0 ] || fail "docker stop: exit $code"
echo "docker stop: the server shut down, exit 0"
echo "passed"
