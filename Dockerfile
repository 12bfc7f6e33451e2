# Waybill as one container: `docker build -t waybill .`, then
# `docker run -p 3000:3000 -v waybill-data:/data -e PUBLIC_URL=… -e ADMIN_PATH=… -e CONSOLE_SHORTCUT_NAME=…
# -e CONSOLE_SHORTCUT_CODE=… waybill` (embedded database and photos in /data; the image runs with
# NODE_ENV=production, which refuses to start with those four at their development defaults), or
# `docker compose up` for PostgreSQL and an S3-compatible store (compose.yaml).
# apps/server/test/deploy/container-image.test.ts performs these steps outside Docker and starts the
# result, so an instruction it does not know fails that test: keep to the instructions it reads.

ARG NODE_IMAGE=node:24-bookworm-slim

# The package files alone, so the dependency layers are only rebuilt when they change. npm ci needs
# the package file of every workspace the lock file lists.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/testing/package.json packages/testing/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# No dependency needs its install script (sharp and PGlite ship their native and WebAssembly files in
# the packages), so none runs.
FROM manifests AS build
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# The server's runtime dependencies only: no TypeScript, Vite or test tools. The empty data folder
# becomes the volume's mount point, owned by the user the server runs as.
FROM manifests AS deps
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @waybill/server && mkdir data

FROM ${NODE_IMAGE}
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules/
COPY --from=build /app/apps/server/dist apps/server/dist/
COPY --from=build /app/apps/server/drizzle apps/server/drizzle/
COPY --from=build /app/apps/web/dist apps/web/dist/
COPY --from=deps --chown=node:node /app/data /data/
# The base image's unprivileged user (uid 1000): a host folder mounted on /data must be writable by it.
USER node
VOLUME /data
EXPOSE 3000
# The image has no curl: Node's own fetch asks the readiness check (database reachable, not stopping).
HEALTHCHECK --interval=30s --timeout=5s --start-period=2m --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/server.mjs"]
