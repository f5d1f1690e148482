import { randomUUID } from 'node:crypto'
import Router from '@koa/router'
import { type AdminStatusRequest, adminUserMessages, endpoints, errorCodes, Refusal } from '@prizes/contracts'
import { type DrandChain, InvalidCompetitionDetails } from '@prizes/domain'
import {
  authenticate,
  createKnexSessionStore,
  jsonBody,
  type PlatformSecrets,
  parseOr400,
  requireAdmin,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import type { CommandHandler, StreamStore } from '../command-handler'
import {
  type CompetitionResult,
  createCompetition,
  publishCompetition,
  reviseCompetition,
  setCompetitionFeatured,
} from '../competitions/commands'
import { createDrawSeedStore } from '../competitions/draw-seeds'
import {
  cancelCompetition,
  closeCompetition,
  completeDraw,
  deleteCompetition,
  extendEndDate,
  startDraw,
} from '../competitions/lifecycle'
import type { CommandContext } from '../event-metadata'
import { requestContext } from '../http/request-context'
import { respond } from '../http/respond'
import type { ReadModels } from '../read-models'
import { banUser, demoteUser, promoteUser, unbanUser } from '../users/standing'
import type { UserResult } from '../users/user-stream'
import { detailsFromForm, parseAdminForm } from './form'
import { discardCompetitionImage, storeCompetitionImage } from './images'
import { readAdminForm } from './multipart'
import { adminView, loadCompetition, notFound } from './view'

export interface AdminRouterDeps {
  readonly handler: CommandHandler
  readonly store: StreamStore
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly clock?: () => Date
  /** `path.join(DATA_DIR, 'media')`; uploaded images are written under `competitions/`. */
  readonly mediaDir?: string | undefined
  /** DRAND_URL's relays: completing a draw fetches the sealed round from them when the admin gives none. */
  readonly drandUrls?: readonly string[] | undefined
  /** Stripe takes real payments: a draw's randomness without drand's signature is refused. */
  readonly realPayments?: boolean | undefined
  /**
   * DRAND_CHAIN's chain, quicknet unless given: a close seals a round of it, and on quicknet a
   * competition sealed on the TEST chain is not drawn.
   */
  readonly drandChain?: DrandChain | undefined
  /** When given, every answer waits for the read models to show the command's events. */
  readonly readModels?: ReadModels | undefined
}

/** SPEC section 7 "Admin", the competition commands: every route needs an admin, checked here. */
export function adminCompetitionsRouter(deps: AdminRouterDeps): Router {
  const clock = deps.clock ?? (() => new Date())
  const seeds = createDrawSeedStore(deps.knex, deps.secrets.drawSeeds)
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))
  router.use('/api/admin', async (ctx, next) => {
    requireAdmin(ctx)
    await next()
  })

  /** The admin's context: the actor from the session, and the reason given, for the audit trail. */
  const adminContext = (ctx: Koa.Context, reason?: string): CommandContext => {
    requireAdmin(ctx)
    const context = requestContext(ctx, clock)
    return reason === undefined ? context : { ...context, reason }
  }
  const caughtUp = async (result: { readonly position: CompetitionResult['position'] }) => {
    if (result.position && deps.readModels) await deps.readModels.caughtUp(result.position)
  }
  const answer = async (ctx: Koa.Context, name: Parameters<typeof respond>[1], result: CompetitionResult) => {
    await caughtUp(result)
    const competition = await adminView(deps.store, result.state)
    respond(ctx, name, competition ? { success: true, competition } : { success: true })
  }
  const imageUrl = async (competitionId: string, image: Uint8Array | undefined, kept: string | null) => {
    if (!image) return kept
    if (!deps.mediaDir) throw new Refusal(errorCodes.featureUnavailable, 'Image uploads are not configured')
    return storeCompetitionImage(deps.mediaDir, competitionId, image)
  }
  /** Runs the commands; a new image they refuse is removed again, so no file outlives its command. */
  const withImage = async <T>(url: string | null, kept: string | null, commands: () => Promise<T>) => {
    try {
      return await commands()
    } catch (error) {
      if (deps.mediaDir && url !== null && url !== kept) await discardCompetitionImage(deps.mediaDir, url)
      throw error
    }
  }

  router.post(endpoints.adminCreateCompetition.path, async (ctx) => {
    const context = adminContext(ctx)
    const { input, image } = await readAdminForm(ctx)
    const form = parseAdminForm(input)
    const competitionId = randomUUID()
    const checked = detailsFromForm(form, null, context.now)
    const url = await imageUrl(competitionId, image, null)
    const details = { ...checked, imageUrl: url }
    let result: CompetitionResult = await withImage(url, null, () =>
      createCompetition(deps.handler, { details, featured: form.featured, competitionId }, context),
    )
    if (form.status === 'active') {
      result = await publishCompetition(deps.handler, { competitionId }, context, seeds)
    }
    ctx.status = 201
    await answer(ctx, 'adminCreateCompetition', result)
  })

  router.put(endpoints.adminUpdateCompetition.path, async (ctx) => {
    const context = adminContext(ctx)
    const competitionId = ctx.params.id ?? ''
    const state = await loadCompetition(deps.handler, competitionId)
    if (!state.exists || state.status === 'deleted') throw notFound()
    const { input, image } = await readAdminForm(ctx)
    const form = parseAdminForm(input)
    const checked = detailsFromForm(form, null, context.now)
    const url = await imageUrl(competitionId, image, state.details.imageUrl)
    const details = { ...checked, imageUrl: url }
    let result = await withImage(url, state.details.imageUrl, () =>
      reviseCompetition(deps.handler, { competitionId, details }, context),
    )
    if (form.featured !== state.featured) {
      result = await setCompetitionFeatured(deps.handler, { competitionId, featured: form.featured }, context)
    }
    if (form.status === 'active' && state.status === 'draft') {
      result = await publishCompetition(deps.handler, { competitionId }, context, seeds)
    }
    await answer(ctx, 'adminUpdateCompetition', result)
  })

  router.delete(endpoints.adminDeleteCompetition.path, async (ctx) => {
    const context = adminContext(ctx)
    await caughtUp(await deleteCompetition(deps.handler, { competitionId: ctx.params.id ?? '' }, context))
    respond(ctx, 'adminDeleteCompetition', { success: true })
  })

  router.patch(endpoints.adminSetCompetitionFeatured.path, async (ctx) => {
    const context = adminContext(ctx)
    const { featured } = parseOr400(endpoints.adminSetCompetitionFeatured.request, ctx.request.body)
    const competitionId = ctx.params.id ?? ''
    const result = await setCompetitionFeatured(deps.handler, { competitionId, featured }, context)
    await answer(ctx, 'adminSetCompetitionFeatured', result)
  })

  router.put(endpoints.adminSetCompetitionStatus.path, async (ctx) => {
    requireAdmin(ctx)
    const request = parseOr400(endpoints.adminSetCompetitionStatus.request, ctx.request.body)
    const result = await changeStatus(ctx.params.id ?? '', request, (reason) => adminContext(ctx, reason))
    await answer(ctx, 'adminSetCompetitionStatus', result)
  })

  /** Issue 14: an undersold competition reopens until a later end date, once; the reason is audited. */
  router.post(endpoints.adminExtendCompetition.path, async (ctx) => {
    requireAdmin(ctx)
    const request = parseOr400(endpoints.adminExtendCompetition.request, ctx.request.body)
    const context = adminContext(ctx, request.reason ?? 'End date extended: minimum tickets not reached')
    const endDate = new Date(request.end_date).toISOString()
    const result = await extendEndDate(
      deps.handler,
      { competitionId: ctx.params.id ?? '', endDate },
      context,
    ).catch((error: unknown) => {
      // The domain names the details' field; the request calls it end_date.
      if (error instanceof InvalidCompetitionDetails && error.fieldErrors.endDate) {
        const messages = [...error.fieldErrors.endDate]
        throw new Refusal(errorCodes.validation, error.message, { fieldErrors: { end_date: messages } })
      }
      throw error
    })
    await answer(ctx, 'adminExtendCompetition', result)
  })

  /**
   * The user commands. The acting admin is `byUserId`, so the domain refuses a ban or demotion of
   * oneself (409); an unknown user is 404. Banning the banned or promoting an admin changes
   * nothing and answers as done. A ban or a demotion ends the user's sessions in the same
   * transaction as its event (`standingRows`).
   */
  const userCommand = (
    name: 'adminBanUser' | 'adminUnbanUser' | 'adminPromoteUser' | 'adminDemoteUser',
    run: typeof banUser,
    message: string,
  ) =>
    router.post(endpoints[name].path, async (ctx) => {
      const principal = requireAdmin(ctx)
      const { reason } = parseOr400(endpoints[name].request, ctx.request.body)
      const userId = ctx.params.id ?? ''
      const result: UserResult = await run(
        deps,
        { userId, byUserId: principal.userId },
        adminContext(ctx, reason),
      )
      await caughtUp(result)
      respond(ctx, name, { success: true, message })
    })
  userCommand('adminBanUser', banUser, adminUserMessages.banned)
  userCommand('adminUnbanUser', unbanUser, adminUserMessages.unbanned)
  userCommand('adminPromoteUser', promoteUser, adminUserMessages.promoted)
  userCommand('adminDemoteUser', demoteUser, adminUserMessages.demoted)

  function changeStatus(
    competitionId: string,
    request: AdminStatusRequest,
    context: (reason: string | undefined) => CommandContext,
  ): Promise<CompetitionResult> {
    const { reason, publicRandomness } = request
    switch (request.status) {
      case 'active':
        return publishCompetition(deps.handler, { competitionId }, context(reason), seeds)
      case 'closed':
        return closeCompetition(
          deps.handler,
          { competitionId, reason: 'admin' },
          context(reason),
          deps.drandChain,
        )
      case 'drawing':
        return startDraw(deps.handler, { competitionId }, context(reason), deps.drandChain)
      case 'completed':
        return completeDraw(
          deps.handler,
          publicRandomness ? { competitionId, publicRandomness } : { competitionId },
          context(reason),
          {
            ...{ seeds, handler: deps.handler, drandUrls: deps.drandUrls, drandChain: deps.drandChain },
            realPayments: deps.realPayments,
          },
        )
      case 'cancelled': {
        const why = reason ?? 'Cancelled by an admin'
        return cancelCompetition(deps.handler, { competitionId, reason: why }, context(why))
      }
    }
  }

  return router
}
