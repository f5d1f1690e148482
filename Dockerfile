# One image for every service; docker-compose.yml picks the entry point per container.
FROM node:20.19-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY domain/package.json domain/
COPY event-store/package.json event-store/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projections/package.json projections/
COPY web/package.json web/
COPY platform/package.json platform/
COPY runtime/package.json runtime/
RUN npm ci --include=dev
COPY . .
RUN npm run build:web
USER node
