import Router from '@koa/router'
import { formatPence, responsiblePlayMessages, spendingAlertStream } from '@prizes/contracts'
import { spendingAlertDecider } from '@prizes/domain'
import { authenticate, createKnexSessionStore, jsonBody, type PlatformSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandHandler } from '../command-handler'
import { requestContext } from '../http/request-context'
import { route } from '../http/route'
import type { ReadModels } from '../read-models'
import { runUserCommand } from '../users/user-stream'

/**
 * The admin's spending alert threshold (the Settings tab), and clearing an account held for
 * review (issue 23); their reads come from the query service.
 */
export function spendingAlertRouter(deps: {
  readonly handler: CommandHandler
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly clock: () => Date
  readonly readModels?: ReadModels | undefined
}): Router {
  const router = new Router()
  const signedIn = authenticate({
    secret: deps.secrets.jwt,
    sessions: createKnexSessionStore(deps.knex),
    clock: deps.clock,
  })
  route(router, 'adminUpdateSpendingAlert', signedIn, jsonBody(), async ({ body, ctx }) => {
    const context = requestContext(ctx, deps.clock)
    const result = await deps.handler.handle(
      spendingAlertStream,
      spendingAlertDecider,
      {
        type: 'SetSpendingAlert',
        data: { thresholdPence: body.thresholdPence },
        metadata: { now: context.now },
      },
      body.reason === undefined ? context : { ...context, reason: body.reason },
    )
    // The Users tab and the history the Settings tab fetch next show it.
    if (result.position && deps.readModels) await deps.readModels.caughtUp(result.position)
    return {
      success: true,
      message: `Spending alert set to ${formatPence(result.state.thresholdPence)} in 30 days`,
      thresholdPence: result.state.thresholdPence,
    }
  })
  // Issue 23: an account held for review may pay once an admin has found it is someone else.
  route(router, 'adminClearUserReview', signedIn, jsonBody(), async ({ body, ctx }) => {
    const context = requestContext(ctx, deps.clock)
    const userId = ctx.params.id ?? ''
    const result = await runUserCommand(
      deps.handler,
      { type: 'ClearAccountReview', data: { userId }, metadata: { now: context.now } },
      { ...context, reason: body.reason },
    )
    if (result.position && deps.readModels) await deps.readModels.caughtUp(result.position)
    return { success: true, message: responsiblePlayMessages.reviewCleared }
  })
  return router
}
