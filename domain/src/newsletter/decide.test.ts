import { describe, expect, it } from 'vitest'
import { type NewsletterCommand, type NewsletterState, newsletterDecider } from './decide'
import { NewsletterTokenExpired, UnknownNewsletterToken } from './errors'
import type { NewsletterEvent } from './events'

const subscriberId = '0f8fad5b-d9cb-469f-a165-70867728950e'
const email = 'enc:v1:key:iv:tag:data'
const hash = (c: string) => c.repeat(64)
const t0 = new Date('2030-01-01T10:00:00.000Z')
const at = (ms: number) => ({ now: new Date(t0.getTime() + ms) })
const hour = 3_600_000

const request = (token: string, ms = 0): NewsletterCommand => ({
  type: 'RequestNewsletterSubscription',
  data: { subscriberId, email, source: 'newsletter_form', nonce: 'n'.repeat(22), tokenHash: hash(token) },
  metadata: at(ms),
})
const confirm = (token: string, ms = 0): NewsletterCommand => ({
  type: 'ConfirmNewsletterSubscription',
  data: {
    subscriberId,
    tokenHash: hash(token),
    unsubscribeNonce: 'u'.repeat(22),
    unsubscribeTokenHash: hash('f'),
  },
  metadata: at(ms),
})
const unsubscribe = (token: string): NewsletterCommand => ({
  type: 'UnsubscribeFromNewsletter',
  data: { subscriberId, tokenHash: hash(token), via: 'link' },
  metadata: at(0),
})

/** Runs the commands in turn, each on the state the ones before it left; the last one's events. */
function given(...commands: NewsletterCommand[]): { state: NewsletterState; last: NewsletterEvent[] } {
  let state = newsletterDecider.initialState
  let last: NewsletterEvent[] = []
  for (const command of commands) {
    last = newsletterDecider.decide(command, state)
    for (const event of last) state = newsletterDecider.evolve(state, event)
  }
  return { state, last }
}

describe('the newsletter decider', () => {
  it('asks for confirmation, and not again within the hour', () => {
    expect(given(request('a')).last.map((e) => e.type)).toEqual(['NewsletterSubscriptionRequested'])
    expect(given(request('a'), request('b', hour - 1)).last).toEqual([])
    expect(given(request('a'), request('b', hour)).last).toHaveLength(1)
  })

  it('confirms with any outstanding link, once; a later sign-up records nothing', () => {
    const { state, last } = given(request('a'), request('b', hour), confirm('a', hour + 1))
    expect(last.map((e) => e.type)).toEqual(['NewsletterSubscriptionConfirmed'])
    expect(state.status).toBe('subscribed')
    expect(given(request('a'), confirm('a'), confirm('a')).last).toEqual([])
    expect(given(request('a'), confirm('a'), request('c', 2 * hour)).last).toEqual([])
  })

  it('refuses an unknown link and a link past its 7 days', () => {
    expect(() => given(request('a'), confirm('z'))).toThrow(UnknownNewsletterToken)
    expect(() => given(request('a'), confirm('a', 7 * 24 * hour))).toThrow(NewsletterTokenExpired)
    expect(given(request('a'), confirm('a', 7 * 24 * hour - 1)).last).toHaveLength(1)
  })

  it('unsubscribes with a known unsubscribe token, twice the same; an unknown one is refused', () => {
    expect(given(request('a'), confirm('a'), unsubscribe('f')).last.map((e) => e.type)).toEqual([
      'NewsletterUnsubscribed',
    ])
    expect(given(request('a'), confirm('a'), unsubscribe('f'), unsubscribe('f')).last).toEqual([])
    expect(() => given(request('a'), confirm('a'), unsubscribe('e'))).toThrow(UnknownNewsletterToken)
  })
})
