#!/usr/bin/env bash
# CI's image phase (.ci/run): builds the product's image from the Dockerfile with Podman
# (scripts/docker/build-image.sh, on the debootstrap base it keeps in Podman's storage between
# runs), writes its SBOM and a summary next to it, then tries the image without running a
# container (this sandbox refuses `podman run`): its filesystem, mounted read-only
# (`podman image mount`), is the root of the server, which runs as the image's user, with the
# image's environment, working directory and command, in a mount namespace of its own (with
# /proc, /dev and fresh /tmp, home and DATA_DIR directories: what a container's runtime adds).
# The database is set up as compose.yaml's is (deploy/postgres/init-roles.sh): an owner role
# owns the database and runs the image's `migrate` command (compose's migrate service), and the
# server connects as an application role that owns nothing. It checks readiness, /api/health on
# PostgreSQL, the admin page and its script, the administrator's sign-in (password from
# ADMIN_PASSWORD_FILE), the image's HEALTHCHECK command, that npm and the server are not root,
# that SIGTERM stops the server cleanly (its shutdown logged, exit 0), and that the application
# role owns nothing in the database. Loopback only.
#
#   scripts/docker/ci-image.sh
#
# IMAGE_TAG (default localhost/airman:ci); OUT (default .ci/out/image): where image.txt and
# sbom.cdx.json go; PGURL (default postgres://postgres@127.0.0.1:5432): a server where a database
# may be created; PORT (default 3927). Needs root, podman, debootstrap, psql, curl, unshare and
# Node 24 first on PATH (.ci/run puts it there).
set -euo pipefail
# shellcheck source=scripts/docker/served-checks.sh
. "$(dirname "$0")/served-checks.sh"

# Inside the mount namespace: mounts what a container runtime would, then becomes the server.
if [ "${1:-}" = --enter ]; then
  shift
  mnt=$CI_IMAGE_ROOT
  mount -t proc proc "$mnt/proc" 2>/dev/null || mount --rbind /proc "$mnt/proc"
  mount --rbind /dev "$mnt/dev"
  mount --bind "$CI_IMAGE_SCRATCH/tmp" "$mnt/tmp"
  mount --bind "$CI_IMAGE_SCRATCH/home" "$mnt$CI_IMAGE_HOME"
  mount --bind "$CI_IMAGE_SCRATCH/data" "$mnt$CI_IMAGE_DATA_DIR"
  mapfile -t environment <"$CI_IMAGE_ENV"
  exec chroot --userspec="$CI_IMAGE_UID:$CI_IMAGE_GID" --groups="$CI_IMAGE_GID" "$mnt" \
    /usr/bin/env -i -C "$CI_IMAGE_WORKDIR" "${environment[@]}" "$@"
fi

cd "$(dirname "$0")/../.."
IMAGE_TAG=${IMAGE_TAG:-localhost/airman:ci}
OUT=${OUT:-.ci/out/image}
PGURL=${PGURL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-3927}
BASE="http://127.0.0.1:$PORT"
DB="airman_image_$(date +%s)_$$"
# Roles are the cluster's, not the database's: named after the database, dropped with it.
OWNER_ROLE="${DB}_owner"
APP_ROLE="${DB}_app"
ADMIN_EMAIL=admin@example.com
ADMIN_PASSWORD="Image-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"

for tool in podman debootstrap psql curl unshare chroot nsenter setsid; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "FAILED: $tool is missing (apt-get install -y podman debootstrap)" >&2
    exit 1
  }
done

# The build: the base when Podman's storage lacks it (its tag names the Node version), then the image.
echo "== build"
start=$SECONDS
CONTAINER_ENGINE=podman IMAGE_TAG=$IMAGE_TAG STAGE_TAG=${IMAGE_TAG%:*}-stage scripts/docker/build-image.sh 2>&1 |
  grep -vE '^(STEP|\[[0-9]+/[0-9]+\] STEP|-->|COMMIT|Getting image source|Copying|Writing manifest|Storing signatures)' || {
  echo "FAILED: the image did not build" >&2
  exit 1
}
build_s=$((SECONDS - start))
podman image inspect "$IMAGE_TAG" >/dev/null 2>&1 || {
  echo "FAILED: the image did not build" >&2
  exit 1
}
# Earlier builds' images and stages, untagged by this one; this build's stay, tagged, as the
# next one's cache.
start=$SECONDS
podman image prune -f >/dev/null 2>&1 || true
echo "   earlier builds' images removed in $((SECONDS - start)) s"
size=$(podman image inspect --format '{{.Size}}' "$IMAGE_TAG")
id=$(podman image inspect --format '{{.Id}}' "$IMAGE_TAG")

scratch=$(mktemp -d /tmp/airman-image.XXXXXX)
pid=''
cleanup() {
  # The server's whole process group: npm and the node it started.
  if [ -n "$pid" ]; then
    kill -KILL -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  podman image unmount "$IMAGE_TAG" >/dev/null 2>&1 || true
  psql "$PGURL/postgres" -qc "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" >/dev/null 2>&1 || true
  psql "$PGURL/postgres" -qc "DROP ROLE IF EXISTS \"$APP_ROLE\"" >/dev/null 2>&1 || true
  psql "$PGURL/postgres" -qc "DROP ROLE IF EXISTS \"$OWNER_ROLE\"" >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT
fail() {
  echo "FAILED: $1" >&2
  tail -20 "$scratch/server.log" >&2 2>/dev/null || true
  exit 1
}

mnt=$(podman image mount "$IMAGE_TAG")
mkdir -p "$OUT"
cp "$mnt/app/sbom.cdx.json" "$OUT/sbom.cdx.json"
components=$(node -e '
  const bom = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  if (bom.bomFormat !== "CycloneDX" || !Array.isArray(bom.components)) process.exit(1);
  console.log(bom.components.length);' "$OUT/sbom.cdx.json") || fail "$OUT/sbom.cdx.json is not a CycloneDX SBOM"
node_version=$(chroot "$mnt" /usr/local/bin/node --version)
{
  echo "image:      $IMAGE_TAG"
  echo "id:         $id"
  echo "size:       $size bytes"
  echo "node:       $node_version"
  echo "built in:   $build_s s"
  echo "sbom:       sbom.cdx.json (CycloneDX, $components components)"
} >"$OUT/image.txt"
echo "== image $IMAGE_TAG: $(awk '{ printf "%.0f MB", $1 / 1e6 }' <<<"$size"), built in $build_s s, Node $node_version"
echo "   SBOM: $OUT/sbom.cdx.json ($components components)"

# The image's own settings: user, working directory, environment, command, health check.
user=$(podman image inspect --format '{{.Config.User}}' "$IMAGE_TAG")
workdir=$(podman image inspect --format '{{.Config.WorkingDir}}' "$IMAGE_TAG")
uid=$(awk -F: -v u="$user" '$1 == u || $3 == u { print $3 }' "$mnt/etc/passwd")
gid=$(awk -F: -v u="$user" '$1 == u || $3 == u { print $4 }' "$mnt/etc/passwd")
home=$(awk -F: -v u="$user" '$1 == u || $3 == u { print $6 }' "$mnt/etc/passwd")
[ -n "$uid" ] && [ "$uid" != 0 ] || fail "the image's user '$user' is root or unknown"
mapfile -t command < <(podman image inspect --format '{{range .Config.Cmd}}{{println .}}{{end}}' "$IMAGE_TAG" | sed '/^$/d')
mapfile -t healthcheck < <(podman image inspect --format '{{range .Config.Healthcheck.Test}}{{println .}}{{end}}' "$IMAGE_TAG" | sed '/^$/d')
[ "${healthcheck[0]:-}" = CMD ] || fail "the image has no HEALTHCHECK CMD"
data_dir=$(podman image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$IMAGE_TAG" |
  sed -n 's/^DATA_DIR=//p')
[ -n "$data_dir" ] || fail "the image sets no DATA_DIR"

mkdir -p "$scratch/tmp" "$scratch/home" "$scratch/data"
chmod 1777 "$scratch/tmp"
chown "$uid:$gid" "$scratch/home" "$scratch/data"
printf '%s\n' "$ADMIN_PASSWORD" >"$scratch/tmp/admin_password"
chown "$uid:$gid" "$scratch/tmp/admin_password"
chmod 400 "$scratch/tmp/admin_password"
[[ $PGURL == postgres://postgres@* ]] || fail "PGURL must be postgres://postgres@host:port (trust authentication)"
server_url="postgres://$APP_ROLE@${PGURL#postgres://postgres@}/$DB"
owner_url="postgres://$OWNER_ROLE@${PGURL#postgres://postgres@}/$DB"
{
  podman image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$IMAGE_TAG" | sed '/^$/d'
  echo "HOME=$home"
  # Loopback, on a port of the CI's; the rest as compose.yaml sets it (docs/deployment.md).
  echo HOST=127.0.0.1
  echo "PORT=$PORT"
  echo "DATABASE_URL=$server_url"
  echo "JWT_SECRET=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')"
  echo "ADMIN_EMAIL=$ADMIN_EMAIL"
  echo ADMIN_PASSWORD_FILE=/tmp/admin_password
} >"$scratch/environment"
# compose.yaml's migrate service: the owner's URL, and the application role to grant.
{
  grep -v '^DATABASE_URL=' "$scratch/environment"
  echo "DATABASE_OWNER_URL=$owner_url"
  echo "DATABASE_URL=$server_url"
} >"$scratch/migrate-environment"

# The roles and the database as deploy/postgres/init-roles.sh makes them.
psql "$PGURL/postgres" -v ON_ERROR_STOP=1 -q >/dev/null <<SQL
CREATE ROLE "$OWNER_ROLE" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE "$APP_ROLE" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE "$DB" OWNER "$OWNER_ROLE";
\\connect "$DB"
ALTER SCHEMA public OWNER TO "$OWNER_ROLE";
REVOKE ALL ON DATABASE "$DB" FROM PUBLIC;
GRANT CONNECT ON DATABASE "$DB" TO "$APP_ROLE";
SQL
export CI_IMAGE_ROOT=$mnt CI_IMAGE_SCRATCH=$scratch CI_IMAGE_UID=$uid CI_IMAGE_GID=$gid \
  CI_IMAGE_HOME=$home CI_IMAGE_DATA_DIR=$data_dir CI_IMAGE_WORKDIR=$workdir
start=$SECONDS
echo "== the image's filesystem: node apps/server/dist/main.js migrate as $user, as the owner role"
CI_IMAGE_ENV="$scratch/migrate-environment" unshare --mount --propagation private -- \
  "$0" --enter node apps/server/dist/main.js migrate >"$scratch/server.log" 2>&1 || fail "migrate failed"
echo "migrated in $((SECONDS - start)) s"

echo "== the image's filesystem: ${command[*]} as $user in $workdir, as the application role"
start=$SECONDS
# A process group of its own (setsid), so that a failure ends the server with npm.
CI_IMAGE_ENV="$scratch/environment" setsid unshare --mount --propagation private -- \
  "$0" --enter "${command[@]}" >"$scratch/server.log" 2>&1 &
pid=$!
until curl -sf "$BASE/api/ready" >/dev/null; do
  kill -0 "$pid" 2>/dev/null || fail "the server exited"
  [ $((SECONDS - start)) -lt 60 ] || fail "not ready within 60 s"
  sleep 0.5
done
echo "ready after $((SECONDS - start)) s"

check_served "$BASE" "$ADMIN_EMAIL" "$ADMIN_PASSWORD" "password from ADMIN_PASSWORD_FILE"

# npm, started above, runs the server as its child (bash replaced itself with node).
server=$(pgrep -P "$pid" | head -1 || true)
[ -n "$server" ] || fail "npm (pid $pid) has no child"
[[ $(tr '\0' ' ' <"/proc/$server/cmdline") == node\ * ]] || fail "npm's child is not node: $(tr '\0' ' ' <"/proc/$server/cmdline")"
for p in "$pid" "$server"; do
  owner=$(stat -c %u "/proc/$p")
  [ "$owner" = "$uid" ] || fail "$(tr '\0' ' ' <"/proc/$p/cmdline") runs as uid $owner, not $uid"
done
echo "npm and the server ($(tr '\0' ' ' <"/proc/$server/cmdline")) run as $user (uid $uid)"

# The HEALTHCHECK's command, in the server's mount namespace, as its user, with its environment.
mapfile -t environment <"$scratch/environment"
nsenter --target "$pid" --mount -- chroot --userspec="$uid:$gid" "$mnt" \
  /usr/bin/env -i -C "$workdir" "${environment[@]}" "${healthcheck[@]:1}" || fail "the HEALTHCHECK command failed"
echo "HEALTHCHECK command: healthy"

kill -TERM "$pid"
code=0
wait "$pid" || code=$?
pid=''
grep -q '"msg":"shutting down: finishing in-flight requests"' "$scratch/server.log" ||
  fail "SIGTERM: the server did not shut down by itself (exit $code)"
[ "$code" = 0 ] || fail "SIGTERM: exit $code"
echo "SIGTERM: the server shut down, exit 0 after $((SECONDS - start)) s in all"

owned=$(psql "$PGURL/$DB" -tAc "SELECT
    (SELECT count(*) FROM pg_class WHERE relowner = r.oid)
  + (SELECT count(*) FROM pg_namespace WHERE nspowner = r.oid)
  + (SELECT count(*) FROM pg_proc WHERE proowner = r.oid)
  + (SELECT count(*) FROM pg_type WHERE typowner = r.oid)
  FROM pg_roles r WHERE rolname = '$APP_ROLE'")
tables=$(psql "$PGURL/$DB" -tAc "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = '$OWNER_ROLE'")
[ "$owned" = 0 ] || fail "the application role owns $owned objects"
[ "$tables" -gt 0 ] || fail "the owner role owns no table: did migrate run as it?"
echo "the application role owns nothing; the owner role owns the $tables tables"
echo "passed"
