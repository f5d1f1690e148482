import type { EntrySubmission, UserEntry } from '@prizes/contracts'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { entryFlowMachine } from './entry-flow.machine'
import { entryFlowMessages } from './messages'
import type {
  AuthorizePaymentInput,
  CheckEmailInput,
  ConfirmPaymentInput,
  CreateGuestInput,
  CreateIntentInput,
  LoginInput,
  PaymentIntentDetails,
  PaymentOutcome,
} from './types'

const submission: EntrySubmission = {
  competitionId: 'c-1',
  competitionTitle: 'A car',
  numberOfEntries: 2,
  skillQuestionAnswer: 'Paris',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  address: '1 Analytical Row',
  agreedToTerms: true,
  subscribedToNewsletter: false,
}

const intent: PaymentIntentDetails = { clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', amount: 598 }
const entry: UserEntry = {
  id: 'e-1',
  competitionId: 'c-1',
  competitionTitle: 'A car',
  numberOfEntries: 2,
  totalCost: 5.98,
  entryDate: '2026-01-01T00:00:00.000Z',
  status: 'active',
  entryStatus: 'active',
  paymentStatus: 'paid',
  entryReference: 'PRZ-2026-000001',
  drawDate: null,
  ticketNumbers: [1, 2],
}
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }
const submit = (signedIn: boolean, changes: Partial<EntrySubmission> = {}) =>
  ({
    type: 'details.submit',
    submission: { ...submission, ...changes },
    signedIn,
    tempPassword: 'Abc123!xyzQW',
    idempotencyKey: 'key-1',
  }) as const

const succeed = <T>(value: T) => vi.fn(async (_input: unknown): Promise<T> => value)
const fail = (message: string) =>
  vi.fn(async (_input: unknown): Promise<never> => {
    throw new Error(message)
  })

type Call<I, T> = (input: I) => Promise<T>
interface Calls {
  checkEmail: Call<CheckEmailInput, { exists: boolean }>
  login: Call<LoginInput, unknown>
  createGuestAccount: Call<CreateGuestInput, unknown>
  createPaymentIntent: Call<CreateIntentInput, PaymentIntentDetails>
  authorizePayment: Call<AuthorizePaymentInput, PaymentOutcome>
  confirmPayment: Call<ConfirmPaymentInput, UserEntry>
}

const wrap = <I, T>(call: Call<I, T>) => fromPromise<T, I>(({ input }) => call(input))

/** A live flow whose calls are stubs; `overrides` replace the happy ones. */
function start(overrides: Partial<Calls> = {}) {
  const calls: Calls = {
    checkEmail: succeed({ exists: false }),
    login: succeed<unknown>(undefined),
    createGuestAccount: succeed<unknown>(undefined),
    createPaymentIntent: succeed(intent),
    authorizePayment: succeed<PaymentOutcome>({ status: 'succeeded', message: 'Payment succeeded' }),
    confirmPayment: succeed(entry),
    ...overrides,
  }
  const machine = entryFlowMachine.provide({
    actors: {
      checkEmail: wrap(calls.checkEmail),
      login: wrap(calls.login),
      createGuestAccount: wrap(calls.createGuestAccount),
      createPaymentIntent: wrap(calls.createPaymentIntent),
      authorizePayment: wrap(calls.authorizePayment),
      confirmPayment: wrap(calls.confirmPayment),
    },
  })
  return { actor: createActor(machine).start(), calls }
}

describe('entry flow machine', () => {
  it('signed in: details → payment → confirmation, the entry in context', async () => {
    const { actor, calls } = start()
    actor.send(submit(true))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    expect(calls.checkEmail).not.toHaveBeenCalled()
    expect(calls.createPaymentIntent).toHaveBeenCalledWith({ submission, idempotencyKey: 'key-1' })
    actor.send({ type: 'payment.submit', card })
    await waitFor(actor, (s) => s.matches('confirmation'))
    expect(calls.authorizePayment).toHaveBeenCalledWith({ intent, card, authentication: null })
    expect(calls.confirmPayment).toHaveBeenCalledWith({ paymentIntentId: 'pi_1' })
    expect(actor.getSnapshot().context.entry).toEqual(entry)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('signed out with a new email: creates a guest account with the given password, then pays', async () => {
    const { actor, calls } = start()
    actor.send(submit(false))
    await waitFor(actor, (s) => s.matches('payment'))
    expect(calls.checkEmail).toHaveBeenCalledWith({ email: 'ada@example.com' })
    expect(calls.createGuestAccount).toHaveBeenCalledWith({ submission, tempPassword: 'Abc123!xyzQW' })
    expect(calls.login).not.toHaveBeenCalled()
  })

  it('signed out with a known email: Account Found, a wrong password stays there with the message', async () => {
    const login = vi
      .fn(async (_input: unknown): Promise<unknown> => undefined)
      .mockRejectedValueOnce(new Error('Invalid email or password'))
    const { actor, calls } = start({ checkEmail: succeed({ exists: true }), login })
    actor.send(submit(false))
    await waitFor(actor, (s) => s.matches('accountFound'))
    actor.send({ type: 'login.submit', password: 'wrong' })
    await waitFor(actor, (s) => s.matches('accountFound') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('Invalid email or password')
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'wrong' })

    actor.send({ type: 'login.submit', password: 'right' })
    await waitFor(actor, (s) => s.matches('payment'))
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(calls.createGuestAccount).not.toHaveBeenCalled()
  })

  it('Use Different Email goes back to the details', async () => {
    const { actor } = start({ checkEmail: succeed({ exists: true }) })
    actor.send(submit(false))
    await waitFor(actor, (s) => s.matches('accountFound'))
    actor.send({ type: 'login.useDifferentEmail' })
    expect(actor.getSnapshot().value).toBe('details')
  })

  it.each([
    ['checkEmail', 'Too many attempts', 'Too many attempts'],
    ['createGuestAccount', 'Email taken', 'Failed to create account: Email taken'],
    ['createPaymentIntent', 'Not enough tickets', 'Not enough tickets'],
    ['createPaymentIntent', '', entryFlowMessages.createIntentFailed],
  ])('a failing %s returns to the details with "%s" shown as "%s"', async (name, message, shown) => {
    const { actor } = start({ [name]: fail(message) })
    actor.send(submit(false))
    await waitFor(actor, (s) => s.matches('details') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(shown)
  })

  it('a declined card stays on payment with the provider message; paying again can succeed', async () => {
    const authorizePayment = succeed<PaymentOutcome>({
      status: 'declined',
      message: 'Your card was declined.',
    })
    const { actor } = start({ authorizePayment })
    actor.send(submit(true))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    actor.send({ type: 'payment.submit', card })
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }) && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('Your card was declined.')

    authorizePayment.mockImplementation(async () => ({ status: 'succeeded', message: '' }))
    actor.send({ type: 'payment.submit', card })
    await waitFor(actor, (s) => s.matches('confirmation'))
  })

  it('a thrown payment failure without a message says Payment failed', async () => {
    const { actor } = start({ authorizePayment: fail('') })
    actor.send(submit(true))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    actor.send({ type: 'payment.submit', card })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('Payment failed')
  })

  it('authentication: requires_action waits for the entrant, Complete confirms again', async () => {
    const authorizePayment = vi
      .fn(async (_input: unknown): Promise<PaymentOutcome> => ({ status: 'succeeded', message: '' }))
      .mockResolvedValueOnce({ status: 'requires_action', message: 'Authenticate' })
    const { actor } = start({ authorizePayment })
    actor.send(submit(true))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    actor.send({ type: 'payment.submit', card })
    await waitFor(actor, (s) => s.matches({ payment: 'authenticating' }))
    actor.send({ type: 'authentication.complete' })
    await waitFor(actor, (s) => s.matches('confirmation'))
    expect(authorizePayment).toHaveBeenCalledTimes(2)
    expect(authorizePayment.mock.calls[1]?.[0]).toMatchObject({ authentication: 'approved' })
  })

  it('authentication: Fail tells the provider, returns to payment with its message, and the next Pay asks afresh', async () => {
    const authorizePayment = vi
      .fn(
        async (_input: unknown): Promise<PaymentOutcome> => ({
          status: 'requires_action',
          message: 'Authenticate',
        }),
      )
      .mockResolvedValueOnce({ status: 'requires_action', message: 'Authenticate' })
      .mockResolvedValueOnce({ status: 'declined', message: entryFlowMessages.authenticationFailed })
    const { actor } = start({ authorizePayment })
    actor.send(submit(true))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    actor.send({ type: 'payment.submit', card })
    await waitFor(actor, (s) => s.matches({ payment: 'authenticating' }))
    actor.send({ type: 'authentication.fail' })
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    expect(actor.getSnapshot().context.error).toBe(entryFlowMessages.authenticationFailed)
    expect(
      authorizePayment.mock.calls.map(([input]) => (input as { authentication: unknown }).authentication),
    ).toEqual([null, 'failed'])
    actor.send({ type: 'payment.submit', card })
    await waitFor(actor, (s) => s.matches({ payment: 'authenticating' }))
    expect(authorizePayment.mock.calls.at(-1)?.[0]).toMatchObject({ authentication: null })
  })

  it('a failed confirm-payment stays on payment with the server message or the fallback', async () => {
    const { actor } = start({ confirmPayment: fail('') })
    actor.send(submit(true))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    actor.send({ type: 'payment.submit', card })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('Failed to confirm payment')
    expect(actor.getSnapshot().matches({ payment: 'ready' })).toBe(true)
  })

  it('Back keeps the intent for unchanged details, and makes a new one when they change', async () => {
    const { actor, calls } = start()
    actor.send(submit(true))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    actor.send({ type: 'payment.back' })
    expect(actor.getSnapshot().value).toBe('details')
    actor.send(submit(true))
    expect(actor.getSnapshot().matches({ payment: 'ready' })).toBe(true)
    expect(calls.createPaymentIntent).toHaveBeenCalledTimes(1)

    actor.send({ type: 'payment.back' })
    actor.send(submit(true, { numberOfEntries: 3 }))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    expect(calls.createPaymentIntent).toHaveBeenCalledTimes(2)
  })

  it('ignores Back and a second Pay while a payment is being confirmed', async () => {
    let release: (outcome: PaymentOutcome) => void = () => {}
    const authorizePayment = vi.fn(
      (_input: unknown) => new Promise<PaymentOutcome>((resolve) => (release = resolve)),
    )
    const { actor } = start({ authorizePayment })
    actor.send(submit(true))
    await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    actor.send({ type: 'payment.submit', card })
    actor.send({ type: 'payment.back' })
    actor.send({ type: 'payment.submit', card })
    expect(actor.getSnapshot().matches({ payment: 'confirming' })).toBe(true)
    release({ status: 'succeeded', message: '' })
    await waitFor(actor, (s) => s.matches('confirmation'))
    expect(authorizePayment).toHaveBeenCalledTimes(1)
  })
})
