import Router from '@koa/router'
import {
  CompetitionAlreadyExists,
  CompetitionEndDatePassed,
  CompetitionNotFound,
  CompetitionTermsFixed,
  InvalidCompetitionDetails,
  InvalidTransition,
} from '@prizes/domain'
import { WrongExpectedVersion } from '@prizes/event-store'
import { createApp } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from './testing/fixtures'
import { serve } from './testing/serve'

/** Each route throws one error, as a command route would when its handler refuses. */
const thrown: Record<string, () => Error> = {
  'not-found': () => new CompetitionNotFound('c-1'),
  exists: () => new CompetitionAlreadyExists('c-1'),
  transition: () => new InvalidTransition('closed', 'competition.publish'),
  ended: () => new CompetitionEndDatePassed('c-1', '2030-01-01T00:00:00.000Z'),
  details: () => new InvalidCompetitionDetails({ endDate: ['The end date must be after the start date'] }),
  terms: () =>
    new CompetitionTermsFixed('c-1', {
      totalTickets: ['The total tickets can only be raised once the competition has entries'],
    }),
  conflict: () => new WrongExpectedVersion('competition-c-1', 3n, 4n),
  bug: () => new TypeError('undefined is not a function'),
}

let server: Awaited<ReturnType<typeof serve>>
beforeAll(async () => {
  const router = new Router()
  for (const [name, error] of Object.entries(thrown)) {
    router.post(`/throw/${name}`, () => {
      throw error()
    })
  }
  server = await serve(createApp({ name: 'test', logger: silentLogger, routers: [router] }))
})
afterAll(() => server.close())

async function post(name: string) {
  const response = await fetch(`${server.url}/throw/${name}`, { method: 'POST' })
  return { status: response.status, body: await response.json() }
}

describe('domain errors over HTTP', () => {
  it.each([
    ['not-found', 404, { code: 'COMPETITION_NOT_FOUND', message: 'Competition not found' }],
    ['exists', 409, { code: 'COMPETITION_ALREADY_EXISTS' }],
    [
      'transition',
      409,
      { code: 'INVALID_TRANSITION', message: 'Cannot publish a competition that is closed' },
    ],
    ['ended', 409, { code: 'COMPETITION_END_DATE_PASSED' }],
    [
      'terms',
      409,
      {
        code: 'COMPETITION_TERMS_FIXED',
        message: 'The total tickets can only be raised once the competition has entries',
        fieldErrors: {
          totalTickets: ['The total tickets can only be raised once the competition has entries'],
        },
      },
    ],
    [
      'details',
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'The end date must be after the start date',
        fieldErrors: { endDate: ['The end date must be after the start date'] },
      },
    ],
    ['conflict', 409, { code: 'CONFLICT' }],
  ])('%s answers %i with the error body', async (name, status, expected) => {
    const { status: actual, body } = await post(name)
    expect(actual).toBe(status)
    expect(body).toMatchObject({ success: false, ...expected })
  })

  it('leaves anything else to the 500 with no details', async () => {
    const { status, body } = await post('bug')
    expect(status).toBe(500)
    expect(body).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    })
  })
})
