import Router from '@koa/router'
import { contactAnswerMessages, contactReferenceParams } from '@prizes/contracts'
import {
  authenticate,
  createKnexSessionStore,
  jsonBody,
  type PlatformSecrets,
  parseOr400,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandHandler } from '../command-handler'
import { requestContext } from '../http/request-context'
import { route } from '../http/route'
import type { ReadModels } from '../read-models'
import { answerContactMessage, closeContactMessage } from './contact'

export interface AdminContactRouterDeps {
  readonly handler: CommandHandler
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly clock?: () => Date
  readonly readModels?: ReadModels | undefined
}

/**
 * The Messages tab's commands (issue 14): answer a message (emailed to the sender by a reactor)
 * and close it. The admin is the actor of each event, so the message's trail names them.
 */
export function adminContactRouter(deps: AdminContactRouterDeps): Router {
  const clock = deps.clock ?? (() => new Date())
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))
  const caughtUp = async (result: {
    readonly position: Parameters<ReadModels['caughtUp']>[0] | undefined
  }) => {
    if (result.position && deps.readModels) await deps.readModels.caughtUp(result.position)
  }
  const referenceOf = (params: Record<string, string | undefined>) =>
    parseOr400(contactReferenceParams, params).reference

  route(router, 'adminAnswerContactMessage', async ({ body, ctx }) => {
    const reference = referenceOf(ctx.params)
    await caughtUp(
      await answerContactMessage(deps, { reference, answer: body.answer }, requestContext(ctx, clock)),
    )
    return { success: true, message: contactAnswerMessages.answered }
  })

  route(router, 'adminCloseContactMessage', async ({ body, ctx }) => {
    const reference = referenceOf(ctx.params)
    // The note stays in the event, encrypted; it is not copied into the metadata's reason in clear.
    const context = requestContext(ctx, clock)
    await caughtUp(await closeContactMessage(deps, { reference, note: body.note || undefined }, context))
    return { success: true, message: contactAnswerMessages.closedNow }
  })

  return router
}
