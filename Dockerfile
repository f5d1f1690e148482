# One image for every process; docker-compose.yml picks the entry point per container
# (`node dist/processes/<name>.js`). Built in a stage with the dev dependencies; the image itself
# holds the production dependencies, the bundles and the built web app, and runs plain node.

FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY domain/package.json domain/
COPY event-store/package.json event-store/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projections/package.json projections/
COPY read-models/package.json read-models/
COPY payments/package.json payments/
COPY reactors/package.json reactors/
COPY web/package.json web/
COPY platform/package.json platform/
COPY runtime/package.json runtime/
RUN npm ci
COPY . .
# The web app into web/dist (its home page's server render into web/dist-server), every process
# and CLI into dist/.
RUN npm run build

FROM node:20.19-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# The bundles carry source maps: stack traces name the TypeScript files and lines.
ENV NODE_OPTIONS=--enable-source-maps
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY domain/package.json domain/
COPY event-store/package.json event-store/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projections/package.json projections/
COPY read-models/package.json read-models/
COPY payments/package.json payments/
COPY reactors/package.json reactors/
COPY web/package.json web/
COPY platform/package.json platform/
COPY runtime/package.json runtime/
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist dist
COPY --from=build /app/web/dist web/dist
# The home page's server render, which the gateway imports (web/README.md).
COPY --from=build /app/web/dist-server web/dist-server
# Owned by node before the media volume mounts here: a fresh named volume takes this directory's
# owner, so the command service (uploads) and the gateway (serving them) can use it.
RUN mkdir -p .data/media && chown -R node:node .data
USER node
EXPOSE 3000
CMD ["node", "dist/processes/gateway.js"]
