import { type EndpointName, endpoints, errorBody, type ResponseOf } from '@prizes/contracts'

/** A call the platform refused: its status and error code, for the failure tally. */
export class CallFailed extends Error {
  constructor(
    readonly endpoint: EndpointName,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${endpoint}: ${status} ${code} ${message}`)
    this.name = 'CallFailed'
  }
}

/** One endpoint of the contract over HTTP, its answer parsed by the contract's schema. */
export async function call<N extends EndpointName>(
  baseUrl: string,
  name: N,
  options: { body?: unknown; token?: string; params?: Record<string, string> } = {},
): Promise<ResponseOf<N>> {
  const endpoint = endpoints[name]
  const path = endpoint.path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(options.params?.[key] ?? ''),
  )
  const response = await fetch(`${baseUrl}${path}`, {
    method: endpoint.method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = errorBody.safeParse(json)
    const { code, message } = error.success ? error.data : { code: 'UNKNOWN', message: 'no error body' }
    throw new CallFailed(name, response.status, code, message)
  }
  return endpoint.response.parse(json) as ResponseOf<N>
}

export interface Buyer {
  readonly token: string
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly address: string
}

/** A guest account, as the entry modal makes one for a newcomer: signed in at once. */
export async function signUpGuest(baseUrl: string, run: string, index: number): Promise<Buyer> {
  const person = {
    firstName: 'Bench',
    lastName: `Buyer ${index}`,
    email: `bench-${run}-${index}@example.com`,
    phone: '07700 900123',
    address: '1 Bench Street, London',
  }
  const { token } = await call(baseUrl, 'createGuestAccount', {
    body: {
      ...person,
      dateOfBirth: '1990-01-01',
      tempPassword: `Bench${run}${index}x`,
      source: 'competition_entry',
    },
  })
  return { ...person, token }
}

export interface Purchase {
  readonly ticketNumbers: readonly number[]
  /** Milliseconds each call took: create-payment-intent, the card form, confirm-payment. */
  readonly steps: readonly [number, number, number]
}

/**
 * One purchase as the entry modal makes it: a payment intent (tickets reserved), the offline
 * provider's card form with the debit test card (a bench buyer may spend past the monthly credit
 * card limit), then the confirmation (captured, tickets numbered).
 */
export async function purchase(
  baseUrl: string,
  buyer: Buyer,
  order: { competitionId: string; numberOfEntries: number; answer: string },
): Promise<Purchase> {
  const { token, ...person } = buyer
  const t0 = performance.now()
  const intent = await call(baseUrl, 'createPaymentIntent', {
    token,
    body: {
      competitionId: order.competitionId,
      numberOfEntries: order.numberOfEntries,
      skillQuestionAnswer: order.answer,
      ...person,
      agreedToTerms: true,
      subscribedToNewsletter: false,
    },
  })
  const t1 = performance.now()
  const card = await call(baseUrl, 'confirmTestPayment', {
    token,
    params: { paymentIntentId: intent.paymentIntentId },
    body: { cardNumber: '4000 0566 5566 5556', expiry: '12/34', cvc: '123' },
  })
  if (card.status !== 'succeeded') {
    throw new CallFailed('confirmTestPayment', 200, card.status, card.message)
  }
  const t2 = performance.now()
  const { entry } = await call(baseUrl, 'confirmPayment', {
    token,
    body: { paymentIntentId: intent.paymentIntentId },
  })
  return { ticketNumbers: entry.ticketNumbers, steps: [t1 - t0, t2 - t1, performance.now() - t2] }
}
