import knexFactory from 'knex'
import { afterAll, describe, expect, it } from 'vitest'
import { createPaymentProvider } from './select'

// Never connects: choosing a provider makes no query.
const knex = knexFactory({ client: 'pg' })
afterAll(() => knex.destroy())

describe('createPaymentProvider', () => {
  it('is offline without Stripe keys', () => {
    const provider = createPaymentProvider({}, knex)
    expect(provider).toMatchObject({ name: 'offline', publishableKey: null })
  })

  it('is Stripe with all three keys', () => {
    const provider = createPaymentProvider(
      {
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      },
      knex,
    )
    expect(provider).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_1' })
  })
})
