# checkup-flow in a container: the build stage runs `npm run release` itself (scripts/release.mjs), the
# runtime stage is that release folder on plain node. Not exercised by this repository's CI (no container
# runtime there): see docs/deploy.md「发布与部署」.
#
#   docker build -t checkup-flow .
#   docker run -p 8080:8080 --env-file deploy.env -v checkup-data:/data checkup-flow

# ---- build: every dependency, then the release (app, studio, compiled server, config, production dependencies)
FROM node:20-bookworm-slim AS build
WORKDIR /src
# better-sqlite3 compiles when no prebuilt binary can be fetched
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts=false --no-audit --no-fund
COPY . .
# The same image as the runtime below: the release's native binaries fit it (docs/deploy.md, 平台).
RUN node scripts/release.mjs --out /out && mv /out/checkup-flow-*/ /out/app && rm -f /out/*.tar.gz

# ---- runtime: the release folder, plain node, a non-root user
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    CONFIG_DIR=/app
WORKDIR /app
COPY --from=build /out/app ./
# The app runs as `node` (uid 1000, from the base image); its data in a volume it owns.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "bin/start.sh"]
