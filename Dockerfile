# Multi-stage build of the standalone server on Node.js 24, the LTS that .ci/run also tests on.
# Build: docker build -t categories-admin .
# Run:   docker run -p 3000:3000 -e DATABASE_URL=postgres://user:password@db.example.com:5432/categories \
#          -e CATALOGUE_API_URL=… -e CATALOGUE_API_KEY=… -e SESSION_SECRET=… -e APP_ORIGIN=https://… categories-admin
#   The server keeps nothing on disk and refuses to start without DATABASE_URL: sessions, accounts, the audit trail
#   and imports live in that PostgreSQL (the embedded database of `npm start` is not in the image).
# Add users: docker exec -i <container> node scripts/users.mjs add <name> --role admin  (password on stdin)

FROM node:24-bookworm-slim AS deps
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM node:24-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /src/node_modules ./node_modules
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=0.0.0.0 PORT=3000
# The standalone server with its traced dependencies and static assets, and the users command.
COPY --from=build --chown=node:node /src/.next/standalone ./
COPY --from=build --chown=node:node /src/scripts/users.mjs ./scripts/users.mjs
COPY --from=build --chown=node:node /src/scripts/lib/command-database.mjs /src/scripts/lib/database-client.mjs ./scripts/lib/
COPY --from=build --chown=node:node /src/lib/node/user-store.mjs /src/lib/node/password.mjs /src/lib/node/migrate.mjs ./lib/node/
COPY --from=build --chown=node:node /src/node_modules/@next/env ./node_modules/@next/env
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node is PID 1 and installs its own SIGTERM handler, so `docker stop` drains requests and exits 0. The entry in front
# of server.js takes each client's address from its socket (TRUSTED_PROXIES: your load balancer's addresses).
CMD ["node", "scripts/serve.mjs"]
