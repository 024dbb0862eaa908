# syntax=docker/dockerfile:1
# 标书 AI in one image: the server (run from its TypeScript sources through tsx, as `npm start` does)
# and the built web app it serves. docs/DEPLOY.md "Docker Compose" runs two of these behind nginx.
# Not built in this project's CI (no Docker daemon there); scripts/deploy-files.test.ts checks its text.

ARG NODE_IMAGE=node:20-bookworm-slim

# Compilers for a native module whose prebuilt binary cannot be fetched (better-sqlite3 falls back
# to node-gyp); only the install stages carry them.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# .npmrc keeps onnxruntime-node from downloading GPU builds from outside the npm registry.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/document/package.json packages/document/

# What the running server needs: the production dependencies of the server and the two packages it
# imports. The web app's dependencies stay out: its server renderer is built with them inlined.
FROM toolchain AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace apps/server --workspace packages/shared --workspace packages/document \
 && npm cache clean --force

# The web build (`npm run build` = apps/web's vite build, pre-compression and server renderer).
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/precompress.mjs scripts/
COPY packages packages
COPY apps/web apps/web
# The web app sends the auth client's id and secret; with AUTH_CLIENT_SECRET changed for production
# they must be built in (docs/DEPLOY.md, "Docker Compose").
ARG VITE_AUTH_CLIENT_ID=
ARG VITE_AUTH_CLIENT_SECRET=
RUN VITE_AUTH_CLIENT_ID="$VITE_AUTH_CLIENT_ID" VITE_AUTH_CLIENT_SECRET="$VITE_AUTH_CLIENT_SECRET" \
    npm run build

FROM ${NODE_IMAGE} AS runtime
# LibreOffice turns Word exports into PDF (modules/export/pdf.ts); the CJK fonts are what it sets
# Chinese text in. Nothing else is called outside Node at runtime (poppler is used by tests only).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libreoffice-writer-nogui fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
COPY --from=runtime-deps /app ./
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY packages/document packages/document
COPY apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR holds temporary files (and, without object storage, the stored ones): owned by the
# unprivileged user the server runs as.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness as in docs/DEPLOY.md: /api/health answers when the process and its database do. The slim
# image has no curl; Node's fetch does the request.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server's own start script (apps/server `npm start`) without npm in between, so that SIGTERM
# reaches the server and it hands its running jobs back before the container stops.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
