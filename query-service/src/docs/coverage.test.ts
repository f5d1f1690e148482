import type Router from '@koa/router'
import { createCommandApp } from '@prizes/command-service'
import { type Endpoint, endpoints } from '@prizes/contracts'
import { buildOpenApiDocument, openApiPath } from '@prizes/contracts/openapi'
import { createPostgresEventStore } from '@prizes/event-store'
import { createOfflinePaymentProvider } from '@prizes/payments'
import { createKnex, createLogger, sessionKeys } from '@prizes/platform'
import type Koa from 'koa'
import { afterAll, describe, expect, test } from 'vitest'
import { createQueryApp } from '../app'

/**
 * Every route the two services' routers answer is in the OpenAPI document with its method: a
 * route added to a service without its endpoint in the table (and so without its description)
 * fails here by name. The apps are built as the platform builds them, the command service with
 * the offline payment provider whose card form is a route of its own; nothing is called, so the
 * database they are given is never reached.
 */
const unreachable = 'postgres://nobody@127.0.0.1:9/none'
const knex = createKnex(unreachable)
const store = createPostgresEventStore({
  connectionString: unreachable,
  logger: createLogger({ level: 'silent' }),
})
afterAll(async () => {
  await knex.destroy()
  await store.close()
})
const logger = createLogger({ level: 'silent' })
const secret = sessionKeys(Buffer.alloc(32, 1))

const apps = {
  command: createCommandApp({
    store,
    knex,
    logger,
    secrets: { jwt: secret, oneTimeTokens: Buffer.alloc(32, 2) },
    payments: createOfflinePaymentProvider({ knex }),
  }),
  query: createQueryApp({ knex, logger, secret }),
}

/** Each method and path a Koa app's routers answer (HEAD goes with GET). */
function routesOf(app: Koa): { method: string; path: string }[] {
  return app.middleware
    .map((middleware) => (middleware as { router?: Router }).router)
    .filter((router) => router !== undefined)
    .flatMap((router) => router.stack)
    .flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, path: String(layer.path) })),
    )
}

/**
 * Routes a service answers that the gateway never sends it: a link opened without its token is
 * answered with a clear 400 when the service is called directly (the gateway answers 404).
 */
const serviceOnly = new Set(['GET /api/auth/verify-email', 'GET /api/auth/verify-reset-token'])

describe('the OpenAPI document covers the services', () => {
  const document = buildOpenApiDocument({ version: 'test' })
  const table: Record<string, Endpoint> = endpoints
  /** The endpoint of the table a documented operation is: its name is the operation's id. */
  const endpointAt = (method: string, path: string) => {
    const operationId = document.paths[openApiPath(path)]?.[method.toLowerCase()]?.operationId
    return typeof operationId === 'string' ? table[operationId] : undefined
  }

  test.each(Object.entries(apps))(
    'every route of the %s service is documented with its method',
    (service, app) => {
      const routes = routesOf(app)
      expect(routes.length).toBeGreaterThan(10)
      for (const { method, path } of routes) {
        const route = `${method} ${path}`
        if (serviceOnly.has(route)) {
          expect(Object.values(table).some((endpoint) => endpoint.path === path)).toBe(false)
          continue
        }
        const endpoint = endpointAt(method, path)
        expect(endpoint, `${service}: ${route} is not documented`).toBeDefined()
        // The gateway sends the request to the service the table names: this one.
        expect(endpoint?.service, route).toBe(service)
      }
    },
  )

  test('every documented operation is a route of the service that owns it', () => {
    const served = new Set(
      Object.entries(apps).flatMap(([service, app]) =>
        routesOf(app).map(({ method, path }) => `${service} ${method} ${path}`),
      ),
    )
    for (const endpoint of Object.values(table)) {
      expect(served).toContain(`${endpoint.service} ${endpoint.method} ${endpoint.path}`)
    }
  })
})
