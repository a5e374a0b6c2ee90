# The shop's container image (docs/operations.md "Docker"). Two stages: the
# first installs everything and builds, then keeps only the runtime
# dependencies, with the same commands .ci/run uses (npm ci, npm run build,
# npm ci --omit=dev); the second is Node 20 on Debian slim with the build and
# those dependencies, run by an unprivileged user.
#
#   docker build -t registry-shop .
#   docker compose up        (compose.yaml: two instances behind a proxy)

FROM node:20-bookworm-slim AS build
WORKDIR /src
# Every workspace's manifest first, so `npm ci` is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build
RUN npm ci --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/shop
WORKDIR /app
# What the built server reads at run time (scripts/build.mjs; e2e/production-start.test.ts).
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/packages/domain/package.json packages/domain/
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/server/pglite-template apps/server/pglite-template
COPY --from=build /src/apps/server/src/db/reference apps/server/src/db/reference
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/scripts scripts
# DATA_DIR holds the session secret and, without DATABASE_URL, the PGlite database.
RUN mkdir -p /var/lib/shop && chown node:node /var/lib/shop
USER node
EXPOSE 3000
VOLUME ["/var/lib/shop"]
# Ready = the database answers and is migrated, the queue runs (GET /readyz).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The production start (docs/operations.md): the built server, with readable stack traces.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
