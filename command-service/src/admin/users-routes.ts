import Router from '@koa/router'
import { adminUserMessages, endpoints } from '@prizes/contracts'
import { EmailTaken } from '@prizes/domain'
import type { PaymentProvider } from '@prizes/payments'
import {
  authenticate,
  createKnexSessionStore,
  HttpError,
  jsonBody,
  type Logger,
  type PlatformSecrets,
  parseOr400,
  requireAdmin,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { requestContext } from '../auth/request-context'
import { respond } from '../auth/routes'
import type { CommandHandler, StreamStore } from '../command-handler'
import type { ReadModels } from '../read-models'
import { adminUpdateUser } from '../users/admin-edit'
import { deleteUser, userDeletedReason } from '../users/delete-user'

export interface AdminUsersRouterDeps {
  readonly handler: CommandHandler
  readonly store: StreamStore
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly payments: PaymentProvider
  readonly logger: Logger
  readonly clock?: () => Date
  readonly readModels?: ReadModels | undefined
}

/**
 * SPEC section 7 "Admin": PUT and DELETE /api/admin/users/:id. Both need an admin; the admin is
 * the actor of every event they record. An unknown (or erased, for the edit) user is 404.
 */
export function adminUsersRouter(deps: AdminUsersRouterDeps): Router {
  const clock = deps.clock ?? (() => new Date())
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))

  router.put(endpoints.adminUpdateUser.path, async (ctx) => {
    requireAdmin(ctx)
    const input = parseOr400(endpoints.adminUpdateUser.request, ctx.request.body)
    const context = { ...requestContext(ctx, clock), reason: 'Profile edited by an admin' }
    const edited = await adminUpdateUser(deps, ctx.params.id ?? '', input, context).catch(
      (error: unknown) => {
        if (error instanceof EmailTaken)
          throw new HttpError(409, error.code, 'Another account already uses this email')
        throw error
      },
    )
    // The users list the screen fetches next shows the edit.
    if (edited.result.position && deps.readModels) await deps.readModels.caughtUp(edited.result.position)
    respond(ctx, 'adminUpdateUser', { success: true, message: adminUserMessages.updated, user: edited.user })
  })

  router.delete(endpoints.adminDeleteUser.path, async (ctx) => {
    const principal = requireAdmin(ctx)
    parseOr400(endpoints.adminDeleteUser.request, ctx.request.body)
    const context = { ...requestContext(ctx, clock), reason: userDeletedReason }
    const logger = deps.logger.child({ component: 'admin-users' })
    const { deletedEntries } = await deleteUser(
      { ...deps, logger },
      { userId: ctx.params.id ?? '', byUserId: principal.userId },
      context,
    )
    respond(ctx, 'adminDeleteUser', { success: true, message: adminUserMessages.deleted, deletedEntries })
  })

  return router
}
