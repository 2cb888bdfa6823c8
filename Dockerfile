# The product's image: `npm run serve` as a non-root user, with the built web app and server
# and the server's production dependencies only. docs/deployment.md ("Container image") says
# how to run it; scripts/docker/build-image.sh builds it where no registry can be reached.
#
# BASE_IMAGE: any Debian-based image with Node 24 (24.11 or newer) and npm on its PATH.
ARG BASE_IMAGE=node:24-bookworm-slim

# deps: every workspace's dependencies, development ones included (the build needs them).
# Install scripts are off: the repository allows none (package.json's allowScripts), and an
# npm older than 11 would otherwise run them all (Carbon's telemetry, Puppeteer's Chrome).
FROM ${BASE_IMAGE} AS deps
ENV IBM_TELEMETRY_DISABLED=true \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/engine/package.json packages/engine/
COPY packages/game/package.json packages/game/
RUN npm ci --ignore-scripts

# build: the web app (apps/web/dist) and the server's bundle (apps/server/dist).
FROM deps AS build
COPY . .
RUN npm run build

# prod-deps: the server's production dependencies alone, from the packages deps fetched;
# scripts/docker/prod-tree.mjs drops the type declarations npm keeps (an optional peer of
# drizzle-orm), proves the tree clean (nothing extraneous or from the development tooling),
# lists it, and writes its CycloneDX SBOM (from `npm sbom`) to sbom.cdx.json, which the image
# keeps.
FROM deps AS prod-deps
COPY scripts/docker/prod-tree.mjs scripts/docker/
RUN npm ci --ignore-scripts --offline --omit=dev --workspace @airman/server \
 && node scripts/docker/prod-tree.mjs --drop-types --sbom sbom.cdx.json

# runtime: what `npm run serve` needs and nothing else (and the SBOM of its packages), owned
# by root and read-only to the user the server runs as; DATA_DIR is that user's (the outbox, a
# generated JWT secret, the embedded database when DATABASE_URL is unset). npm runs the script
# through bash, which replaces itself with node: npm passes `docker stop`'s SIGTERM on to the
# server, which finishes its requests and exits 0 (through dash the signal ended the shell, not
# node).
FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NPM_CONFIG_SCRIPT_SHELL=/bin/bash \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
RUN groupadd --gid 10001 airman \
 && useradd --uid 10001 --gid airman --home-dir /home/airman --create-home --shell /usr/sbin/nologin airman \
 && mkdir -p /app/data \
 && chown airman:airman /app/data
WORKDIR /app
COPY --from=prod-deps /src/node_modules node_modules
COPY --from=prod-deps /src/sbom.cdx.json ./
COPY --from=build /src/package.json ./
COPY --from=build /src/scripts/start.mjs scripts/
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/server/sql/*.sql apps/server/sql/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
USER airman
EXPOSE 3000
# Liveness: /api/health answers 200 while the process runs (/api/ready is the balancer's).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "serve"]
