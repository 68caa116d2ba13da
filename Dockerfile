# syntax=docker/dockerfile:1
# One image for every part of Mailwright, chosen by command (compose.yaml, README "Deployment"):
#   node dist/web.mjs       the web app and API (default): Next's standalone build behind the
#                           custom server that stamps each request's client address
#   node dist/worker.mjs    the job poller and the SMTP relay / inbound bounces (SMTP_PORT),
#                           run with the V8 limits of scripts/lib/worker-node-flags.ts (compose.yaml)
#   node dist/migrate.mjs   apply prisma/migrations to DATABASE_URL, then exit
#   node dist/cli.mjs ...   operator commands (account:create, credits:grant)
# Every command is exec form: node is PID 1 (or tini's child with compose `init: true`) and gets
# SIGTERM itself; web and worker stop cleanly on it.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
# The install's postinstall generates the Prisma client from the schema.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/prisma-generate.mjs ./scripts/
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
# next build (standalone output) and the bundled entry points, assembled in /src/.image
RUN npm run build:image

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    SMTP_PORT=2525
COPY --from=build --chown=node:node /src/.image ./
USER node
EXPOSE 3000 2525
# The web process's V8 flags: scripts/lib/web-node-flags.ts (scripts/test-image.ts runs this CMD).
CMD ["node", "--max-semi-space-size=64", "dist/web.mjs"]
