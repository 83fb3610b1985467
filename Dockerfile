# syntax=docker/dockerfile:1.7
# Brickwise: one image for the API nodes and the worker (docs/runbooks/deploy.md, ADR 0021).
# Build: docker build -t brickwise .   Run: see compose.yaml.

# Node.js 24 LTS (ADR 0039); the code also runs on 20.19+ (package.json engines).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Everything installed, everything built: the server as plain JavaScript, the web app, the security app.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/register/package.json packages/register/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/i18n/package.json packages/i18n/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/security-app/package.json apps/security-app/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only: no TypeScript, no tsx, no vitest, no esbuild.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/register/package.json packages/register/
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/db/package.json packages/db/
COPY --from=build /app/packages/i18n/package.json packages/i18n/
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/security-app/package.json apps/security-app/
COPY --from=build /app/e2e/package.json e2e/
# npm puts a workspace's own version of a package into that workspace's node_modules when the root
# holds another (the API's OpenTelemetry instrumentations); the folders exist even when empty.
RUN npm ci --omit=dev --no-audit --no-fund \
  && mkdir -p packages/domain/node_modules packages/register/node_modules packages/contracts/node_modules packages/db/node_modules \
     packages/i18n/node_modules apps/api/node_modules

# 3. The runtime: compiled output, migrations, built web apps (demo keys are made by the seed in DATA_DIR); runs as `node`, not root.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules node_modules
COPY --from=prod-deps --chown=root:root /app/packages/domain/node_modules packages/domain/node_modules
COPY --from=prod-deps --chown=root:root /app/packages/register/node_modules packages/register/node_modules
COPY --from=prod-deps --chown=root:root /app/packages/contracts/node_modules packages/contracts/node_modules
COPY --from=prod-deps --chown=root:root /app/packages/db/node_modules packages/db/node_modules
COPY --from=prod-deps --chown=root:root /app/packages/i18n/node_modules packages/i18n/node_modules
COPY --from=prod-deps --chown=root:root /app/apps/api/node_modules apps/api/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/scripts/start.mjs scripts/start.mjs
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/packages/register/package.json packages/register/
COPY --from=build /app/packages/register/dist packages/register/dist
COPY --from=build /app/packages/register/verifier packages/register/verifier
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/i18n/package.json packages/i18n/
COPY --from=build /app/packages/i18n/dist packages/i18n/dist
COPY --from=build /app/packages/db/package.json packages/db/
COPY --from=build /app/packages/db/dist packages/db/dist
COPY --from=build /app/packages/db/migrations packages/db/migrations
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/static apps/api/static
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/security-app/dist apps/security-app/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Plain node as PID 1 target (no npm, no shell): SIGTERM reaches the server's graceful shutdown.
# The worker: command ["node", "--conditions=bw-compiled", "--enable-source-maps", "apps/api/dist/worker.js"].
CMD ["node", "--conditions=bw-compiled", "--enable-source-maps", "apps/api/dist/main.js"]
