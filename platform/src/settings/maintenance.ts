import { type Endpoint, endpoints, errorCodes, Refusal, settingsMessages } from '@prizes/contracts'
import type Koa from 'koa'
import { authenticate, optionalUser } from '../auth/authenticate'
import type { SessionStore } from '../auth/session-store'
import type { SessionKeys } from '../auth/session-token'
import { createEndpointTable } from '../http/endpoint-table'
import type { SettingsCache } from './settings-cache'

/** How long a client is told to wait before asking again during maintenance. */
export const maintenanceRetryAfterSeconds = 60

/** The 503 every public endpoint answers while the site is in maintenance. */
export const maintenanceError = () =>
  new Refusal(errorCodes.maintenance, settingsMessages.maintenance, {
    retryAfterSeconds: maintenanceRetryAfterSeconds,
  })

/**
 * Endpoints that stay up during maintenance for everyone: health (monitoring), the public
 * config and settings (the web learns of the maintenance from them), sign-in (the handler
 * lets only admins in), the operator's contact details (the open legal pages and the footer
 * show them: configuration, no data), the payment webhook (a payment taken before the maintenance
 * began must still be allocated or refunded: money is never left hanging), and the draw
 * certificates, whose pages stay public (`pagesOpenInMaintenance`).
 */
const alwaysOpen: ReadonlySet<Endpoint> = new Set<Endpoint>([
  endpoints.health,
  endpoints.commandHealth,
  endpoints.queryHealth,
  endpoints.paymentConfig,
  endpoints.publicSettings,
  endpoints.login,
  endpoints.paymentWebhook,
  endpoints.drawCertificate,
  endpoints.contactDetails,
])

/** Admin and email-tool endpoints refuse non-admins themselves (401/403), so they pass. */
const adminOnly = (endpoint: Endpoint) =>
  endpoint.path.startsWith('/api/admin/') || endpoint.path.startsWith('/api/email/')

export interface MaintenanceGuardOptions {
  readonly settings: SettingsCache
  readonly secret: SessionKeys
  readonly sessions: SessionStore
  readonly clock?: () => Date
}

/**
 * Maintenance mode in one service: every endpoint of the table that this service answers,
 * except those above, answers 503 MAINTENANCE with Retry-After to anyone but a signed-in
 * admin. The settings come from the cache (no query per request); the caller's session is
 * looked up only while maintenance is on, and only for a guarded endpoint.
 */
export function maintenanceGuard(options: MaintenanceGuardOptions): Koa.Middleware {
  const table = createEndpointTable()
  const signedIn = authenticate({
    secret: options.secret,
    sessions: options.sessions,
    ...(options.clock ? { clock: options.clock } : {}),
  })
  return async function guardMaintenance(ctx, next) {
    const match = table.match(ctx.method, ctx.path)
    if (typeof match !== 'object' || alwaysOpen.has(match.endpoint) || adminOnly(match.endpoint)) {
      return next()
    }
    if (!(await options.settings.get()).maintenanceMode) return next()
    await signedIn(ctx, async () => {})
    if (optionalUser(ctx)?.role === 'admin') return next()
    throw maintenanceError()
  }
}
