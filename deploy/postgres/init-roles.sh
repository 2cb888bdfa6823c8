#!/bin/sh
# Run once by the postgres image when its data volume is new (docker-entrypoint-initdb.d): the
# two roles of docs/deployment.md ("Database roles") and the database, owned by the owner role.
# airman_owner owns the schema and runs the migrations; airman_app is what the servers work as,
# and is granted its rights by the owner at every migration (it owns nothing).
set -eu
: "${AIRMAN_OWNER_PASSWORD:?set AIRMAN_OWNER_PASSWORD}"
: "${AIRMAN_APP_PASSWORD:?set AIRMAN_APP_PASSWORD}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$AIRMAN_OWNER_PASSWORD" -v app_password="$AIRMAN_APP_PASSWORD" <<'SQL'
CREATE ROLE airman_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'owner_password';
CREATE ROLE airman_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'app_password';
CREATE DATABASE airman OWNER airman_owner;
\connect airman
-- PostgreSQL 15+ already keeps CREATE on public from everyone; the owner gets it by owning it.
ALTER SCHEMA public OWNER TO airman_owner;
REVOKE ALL ON DATABASE airman FROM PUBLIC;
GRANT CONNECT ON DATABASE airman TO airman_app;
SQL
