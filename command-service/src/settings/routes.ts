import Router from '@koa/router'
import { type PlatformSettings, settingsMessages } from '@prizes/contracts'
import {
  authenticate,
  createKnexSessionStore,
  jsonBody,
  type PlatformSecrets,
  type SettingsCache,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandHandler, StreamStore } from '../command-handler'
import { requestContext } from '../http/request-context'
import { route } from '../http/route'
import type { ReadModels } from '../read-models'
import { changeSettings, loadSettings } from './settings'

export interface SettingsRouterDeps {
  readonly handler: CommandHandler
  readonly store: StreamStore
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly settings: SettingsCache
  readonly clock: () => Date
  readonly readModels?: ReadModels | undefined
}

/**
 * The settings endpoints. The admin's read and write go to the stream itself (one indexed read
 * of its last event), so the form always shows what is stored; the public read is the cached
 * value every enforcement uses.
 */
export function settingsRouter(deps: SettingsRouterDeps): Router {
  const router = new Router()
  const signedIn = authenticate({
    secret: deps.secrets.jwt,
    sessions: createKnexSessionStore(deps.knex),
    clock: deps.clock,
  })

  route(router, 'publicSettings', async ({ ctx }) => {
    const { maintenanceMode, allowRegistrations } = await deps.settings.get()
    ctx.set('Cache-Control', 'no-store')
    return { success: true, settings: { maintenanceMode, allowRegistrations } }
  })

  route(router, 'adminGetSettings', signedIn, async ({ ctx }) => {
    const settings = await loadSettings(deps.store)
    deps.settings.set(settings)
    ctx.set('Cache-Control', 'private, no-store')
    return { success: true, settings }
  })

  route(router, 'adminUpdateSettings', signedIn, jsonBody(), async ({ body, ctx }) => {
    const { reason, ...changes } = body
    const context = requestContext(ctx, deps.clock)
    const result = await changeSettings(
      deps.handler,
      changes satisfies Partial<PlatformSettings>,
      reason === undefined ? context : { ...context, reason },
    )
    // This process enforces the new values at once; the others within their cache's TTL.
    deps.settings.set(result.state)
    // The history list the tab fetches next shows this change.
    if (result.position && deps.readModels) await deps.readModels.caughtUp(result.position)
    return { success: true, message: settingsMessages.saved, settings: result.state }
  })

  return router
}
