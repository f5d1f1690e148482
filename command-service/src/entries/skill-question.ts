import { createHmac } from 'node:crypto'
import {
  competitionStream,
  entryMessages,
  type SkillQuestion,
  type SkillQuestionRequest,
  type SkillQuestionResponse,
  skillQuestionPoolOf,
} from '@prizes/contracts'
import { CompetitionNotFound, competitionDecider, pickQuestionIndex, UserNotFound } from '@prizes/domain'
import { badRequest, readUserKey } from '@prizes/platform'
import type { Knex } from 'knex'
import { mailboxOf } from '../auth/mailbox'
import type { CommandHandler, StreamStore } from '../command-handler'
import { decryptPersonal } from '../users/personal'
import { loadUserState } from '../users/user-stream'

/**
 * Which question of a competition's pool an entrant is given (issue 24). The server decides,
 * from the entrant's inbox (`mailboxOf`, so `ada+1@` and `ada@` are one entrant) keyed with the
 * one-time-token secret: the same entrant is given the same question every time they ask, on
 * every account of that inbox, and nobody can work out or choose which question an address is
 * given without the secret. Binding it to the inbox rather than to a reservation or a token
 * means there is nothing to throw away and ask again for: a different question takes a
 * different inbox, which is a different entrant (and the per-person cap and breaks bind by
 * inbox too). Nothing is stored: the pool is fixed once anyone has entered, so the pick stays.
 */
export interface GivenQuestion {
  readonly index: number
  readonly question: SkillQuestion
}

export interface QuestionDeps {
  readonly handler: CommandHandler
  readonly store: StreamStore
  readonly knex: Knex
  readonly secrets?: { readonly oneTimeTokens: Buffer }
}

type Details = Parameters<typeof skillQuestionPoolOf>[0]

/** The question of `details`' pool the inbox of `email` is given. */
export function questionForEmail(
  secret: Buffer | undefined,
  competitionId: string,
  details: Details,
  email: string,
): GivenQuestion {
  const pool = skillQuestionPoolOf(details)
  const [first] = pool
  if (!first) throw new Error('A competition has at least one skill question')
  if (pool.length === 1) return { index: 0, question: first }
  if (!secret) throw new Error('Giving skill questions from a pool needs the one-time-token secret')
  const digest = createHmac('sha256', secret)
    .update(`skill-question:${competitionId}:${mailboxOf(email)}`)
    .digest()
  const index = pickQuestionIndex(pool.length, digest)
  const question = pool[index]
  if (!question) throw new Error('The pick fell outside the pool')
  return { index, question }
}

/** The email of a standing account, which decides its questions. */
export async function accountEmail(
  deps: Pick<QuestionDeps, 'store' | 'knex'>,
  userId: string,
): Promise<string> {
  const user = await loadUserState(deps.store, userId)
  const key = user.status === 'registered' ? await readUserKey(deps.knex, userId) : undefined
  if (user.status !== 'registered' || !key) throw new UserNotFound(userId)
  return decryptPersonal(key, user.personal).email
}

/**
 * The competition's details as they stand (a deleted one is not found). Once anyone has entered,
 * the pool is fixed (`terms.ts`), so the state this process already holds answers without a
 * round trip: a rush of entries costs no extra read.
 */
export async function competitionDetailsOf(deps: Pick<QuestionDeps, 'handler'>, competitionId: string) {
  const stream = competitionStream(competitionId)
  const known = deps.handler.peek(stream, competitionDecider)
  if (known?.exists && known.status !== 'deleted' && known.entries.size > 0) return known.details
  const state = await deps.handler.load(stream, competitionDecider)
  if (!state.exists || state.status === 'deleted') throw new CompetitionNotFound(competitionId)
  return state.details
}

/**
 * POST /api/entries/skill-question: the question this entrant is given, without its answer.
 * Signed in, the account's email decides (whatever the body says); otherwise the body's email.
 * A pool of one is everybody's question, so it needs no email.
 */
export async function skillQuestionFor(
  deps: QuestionDeps,
  userId: string | undefined,
  input: SkillQuestionRequest,
): Promise<SkillQuestionResponse['question']> {
  const details = await competitionDetailsOf(deps, input.competitionId)
  const single = skillQuestionPoolOf(details).length === 1
  const email = single ? '' : userId === undefined ? input.email : await accountEmail(deps, userId)
  if (email === undefined) {
    throw badRequest(entryMessages.emailForQuestion, { email: [entryMessages.emailForQuestion] })
  }
  const { index, question } = questionForEmail(
    deps.secrets?.oneTimeTokens,
    input.competitionId,
    details,
    email,
  )
  return { index, question: question.question, options: [...question.options] }
}
