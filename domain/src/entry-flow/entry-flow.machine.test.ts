import type { EntrySubmission, UserEntry } from '@prizes/contracts'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  confirmBackoffMs,
  entryFlowMachine,
  maxConfirmAttempts,
  processingRecheckMs,
} from './entry-flow.machine'
import { entryFlowMessages } from './messages'
import type {
  AuthorizePaymentInput,
  CheckEmailInput,
  ConfirmOutcome,
  ConfirmPaymentInput,
  CreateGuestInput,
  CreateIntentInput,
  EntryFlowInput,
  LimitQuestion,
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
  entryMethod: 'online',
  drawStatus: null,
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
  limitQuestion: Call<void, LimitQuestion>
  createPaymentIntent: Call<CreateIntentInput, PaymentIntentDetails>
  authorizePayment: Call<AuthorizePaymentInput, PaymentOutcome>
  confirmPayment: Call<ConfirmPaymentInput, ConfirmOutcome>
}

const wrap = <I, T>(call: Call<I, T>) => fromPromise<T, I>(({ input }) => call(input))

const confirmed: ConfirmOutcome = { status: 'confirmed', entry }
const processing: ConfirmOutcome = { status: 'processing' }

/** A confirm-payment answering each of `answers` in turn (an Error is thrown), then confirmed. */
function confirmSequence(...answers: (ConfirmOutcome | Error)[]) {
  const queue = [...answers]
  return vi.fn(async (_input: unknown): Promise<ConfirmOutcome> => {
    const next = queue.shift() ?? confirmed
    if (next instanceof Error) throw next
    return next
  })
}

interface StartOptions {
  readonly input?: EntryFlowInput
  /** The clock the pauses run on; by default they are a millisecond long, on the real clock. */
  readonly clock?: SimulatedClock
}

/** A live flow whose calls are stubs; `overrides` replace the happy ones. */
function start(overrides: Partial<Calls> = {}, options: StartOptions = {}) {
  const calls: Calls = {
    checkEmail: succeed({ exists: false }),
    login: succeed<unknown>(undefined),
    createGuestAccount: succeed<unknown>(undefined),
    limitQuestion: succeed<LimitQuestion>({ ask: false }),
    createPaymentIntent: succeed(intent),
    authorizePayment: succeed<PaymentOutcome>({ status: 'succeeded', message: 'Payment succeeded' }),
    confirmPayment: succeed(confirmed),
    ...overrides,
  }
  const shortPauses = options.clock ? {} : { delays: { confirmBackoff: 1, processingRecheck: 1 } }
  const machine = entryFlowMachine.provide({
    ...shortPauses,
    actors: {
      checkEmail: wrap(calls.checkEmail),
      login: wrap(calls.login),
      createGuestAccount: wrap(calls.createGuestAccount),
      limitQuestion: wrap(calls.limitQuestion),
      createPaymentIntent: wrap(calls.createPaymentIntent),
      authorizePayment: wrap(calls.authorizePayment),
      confirmPayment: wrap(calls.confirmPayment),
    },
  })
  const actor = createActor(machine, {
    input: options.input ?? {},
    ...(options.clock ? { clock: options.clock } : {}),
  })
  return { actor: actor.start(), calls }
}

/** Signed in, on the payment step with the card submitted. */
async function pay(overrides: Partial<Calls> = {}, options: StartOptions = {}) {
  const flow = start(overrides, options)
  flow.actor.send(submit(true))
  await waitFor(flow.actor, (s) => s.matches({ payment: 'ready' }))
  flow.actor.send({ type: 'payment.submit', card })
  return flow
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
    expect(actor.getSnapshot().matches({ payment: 'authorizing' })).toBe(true)
    release({ status: 'succeeded', message: '' })
    await waitFor(actor, (s) => s.matches('confirmation'))
    expect(authorizePayment).toHaveBeenCalledTimes(1)
  })

  describe('the monthly spending limit question, for an account made or logged into in the flow', () => {
    const ask = () => succeed<LimitQuestion>({ ask: true })

    it.each([
      ['limit.set', 'a new guest sets a limit'],
      ['limit.skip', 'a new guest goes on without one'],
    ] as const)('%s: %s, then the intent is made for the same details and key', async (answer, _what) => {
      const clock = new SimulatedClock()
      const { actor, calls } = start({ limitQuestion: ask() }, { clock })
      actor.send(submit(false))
      await waitFor(actor, (s) => s.matches('askingLimit'))
      expect(calls.createGuestAccount).toHaveBeenCalledTimes(1)
      expect(calls.limitQuestion).toHaveBeenCalledTimes(1)
      expect(calls.createPaymentIntent).not.toHaveBeenCalled()

      // It waits for the answer however long it takes, and nothing but the answer moves it on.
      clock.increment(60 * 60_000)
      actor.send({ type: 'payment.submit', card })
      actor.send({ type: 'payment.back' })
      actor.send(submit(false, { numberOfEntries: 5 }))
      expect(actor.getSnapshot().value).toBe('askingLimit')
      expect(calls.createPaymentIntent).not.toHaveBeenCalled()

      actor.send({ type: answer })
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      expect(calls.createPaymentIntent).toHaveBeenCalledTimes(1)
      expect(calls.createPaymentIntent).toHaveBeenCalledWith({ submission, idempotencyKey: 'key-1' })
      expect(calls.checkEmail).toHaveBeenCalledTimes(1)
      expect(calls.createGuestAccount).toHaveBeenCalledTimes(1)
      expect(actor.getSnapshot().context.intent).toEqual(intent)
    })

    it('a login from Account Found is asked too', async () => {
      const { actor, calls } = start({ checkEmail: succeed({ exists: true }), limitQuestion: ask() })
      actor.send(submit(false))
      await waitFor(actor, (s) => s.matches('accountFound'))
      actor.send({ type: 'login.submit', password: 'right' })
      await waitFor(actor, (s) => s.matches('askingLimit'))
      expect(calls.createPaymentIntent).not.toHaveBeenCalled()
      actor.send({ type: 'limit.skip' })
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      expect(calls.createPaymentIntent).toHaveBeenCalledWith({ submission, idempotencyKey: 'key-1' })
    })

    it('is not asked again of an account that answered (or is on a break): straight to the payment', async () => {
      const { actor, calls } = start()
      actor.send(submit(false))
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      expect(calls.limitQuestion).toHaveBeenCalledTimes(1)
      expect(calls.createPaymentIntent).toHaveBeenCalledTimes(1)
    })

    it('is not part of the flow when already signed in (the details form asks before)', async () => {
      const { actor, calls } = start({ limitQuestion: ask() })
      actor.send(submit(true))
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      expect(calls.limitQuestion).not.toHaveBeenCalled()
    })

    it('when it cannot be read the flow goes on, leaving the limits to the server', async () => {
      const { actor, calls } = start({ limitQuestion: fail('Network down') })
      actor.send(submit(false))
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      expect(calls.createPaymentIntent).toHaveBeenCalledTimes(1)
      expect(actor.getSnapshot().context.error).toBeNull()
    })

    it('a limit the purchase would exceed ends in the server refusal, shown on the details', async () => {
      const refusal = 'This would exceed your monthly spending limit. You have £5.00 left this month.'
      const { actor, calls } = start({ limitQuestion: ask(), createPaymentIntent: fail(refusal) })
      actor.send(submit(false))
      await waitFor(actor, (s) => s.matches('askingLimit'))
      actor.send({ type: 'limit.set' })
      await waitFor(actor, (s) => s.matches('details') && s.context.error !== null)
      expect(actor.getSnapshot().context).toMatchObject({ error: refusal, intent: null })
      expect(calls.authorizePayment).not.toHaveBeenCalled()
    })
  })

  describe('after the card was charged', () => {
    it('a confirm that fails is retried after a pause, without authorising again', async () => {
      const confirmPayment = confirmSequence(new Error('Bad gateway'), new Error(''))
      const { actor, calls } = await pay({ confirmPayment })
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect(confirmPayment).toHaveBeenCalledTimes(3)
      expect(calls.authorizePayment).toHaveBeenCalledTimes(1)
      expect(actor.getSnapshot().context.entry).toEqual(entry)
    })

    it('the retries wait 1 s, then 2 s, on the actor clock', async () => {
      const clock = new SimulatedClock()
      const confirmPayment = confirmSequence(new Error('down'), new Error('down'))
      const { actor } = await pay({ confirmPayment }, { clock })
      await waitFor(actor, (s) => s.matches({ payment: 'retryingConfirm' }))
      expect(confirmPayment).toHaveBeenCalledTimes(1)
      clock.increment(999)
      expect(confirmPayment).toHaveBeenCalledTimes(1)
      clock.increment(1)
      await waitFor(
        actor,
        (s) => s.matches({ payment: 'retryingConfirm' }) && s.context.confirmFailures === 2,
      )
      expect(confirmPayment).toHaveBeenCalledTimes(2)
      clock.increment(1999)
      expect(confirmPayment).toHaveBeenCalledTimes(2)
      clock.increment(1)
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect([1, 2, 3].map(confirmBackoffMs)).toEqual([1000, 2000, 4000])
    })

    it('when the retries run out it waits for Try again; Pay and Back do nothing', async () => {
      const failures = Array.from({ length: maxConfirmAttempts }, () => new Error('Service unavailable'))
      const confirmPayment = confirmSequence(...failures)
      const { actor, calls } = await pay({ confirmPayment })
      await waitFor(actor, (s) => s.matches({ payment: 'confirmFailed' }))
      expect(actor.getSnapshot().context.error).toBe('Service unavailable')
      expect(confirmPayment).toHaveBeenCalledTimes(maxConfirmAttempts)

      actor.send({ type: 'payment.submit', card })
      actor.send({ type: 'payment.back' })
      expect(actor.getSnapshot().matches({ payment: 'confirmFailed' })).toBe(true)

      actor.send({ type: 'confirm.retry' })
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect(calls.authorizePayment).toHaveBeenCalledTimes(1)
      expect(actor.getSnapshot().context.error).toBeNull()
    })

    it('a Try again that fails again comes back to Try again with the message', async () => {
      const failures = Array.from({ length: maxConfirmAttempts + 1 }, () => new Error(''))
      const { actor } = await pay({ confirmPayment: confirmSequence(...failures) })
      await waitFor(actor, (s) => s.matches({ payment: 'confirmFailed' }))
      actor.send({ type: 'confirm.retry' })
      await waitFor(actor, (s) => s.matches({ payment: 'retryingConfirm' }))
      await waitFor(actor, (s) => s.matches('confirmation'))
    })

    it('a refusal (the reservation expired, the tickets ran out) stops; Start again makes a new payment', async () => {
      const confirmPayment = confirmSequence({ status: 'refused', message: 'This payment has expired.' })
      const { actor, calls } = await pay({ confirmPayment })
      await waitFor(actor, (s) => s.matches({ payment: 'stopped' }))
      expect(actor.getSnapshot().context.error).toBe('This payment has expired.')
      actor.send({ type: 'payment.submit', card })
      actor.send({ type: 'payment.back' })
      expect(actor.getSnapshot().matches({ payment: 'stopped' })).toBe(true)

      actor.send({ type: 'flow.restart' })
      expect(actor.getSnapshot().value).toBe('details')
      expect(actor.getSnapshot().context.intent).toBeNull()
      actor.send(submit(true))
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      expect(calls.createPaymentIntent).toHaveBeenCalledTimes(2)
      expect(calls.authorizePayment).toHaveBeenCalledTimes(1)
    })
  })

  describe('over the monthly credit card limit', () => {
    const limit: ConfirmOutcome = {
      status: 'creditCardLimit',
      message:
        'Credit card payments are limited to £250 a month. You have £10.00 left on credit cards this month; please pay by debit card.',
    }

    it('shows the refusal and offers another card: a new payment for the same details, under a new key', async () => {
      const second: PaymentIntentDetails = {
        clientSecret: 'pi_2_secret',
        paymentIntentId: 'pi_2',
        amount: 598,
      }
      const createPaymentIntent = vi
        .fn(async (_input: CreateIntentInput): Promise<PaymentIntentDetails> => intent)
        .mockResolvedValueOnce(intent)
        .mockResolvedValueOnce(second)
      const confirmPayment = confirmSequence(limit)
      const { actor, calls } = await pay({ confirmPayment, createPaymentIntent })
      await waitFor(actor, (s) => s.matches({ payment: 'cardRefused' }))
      expect(actor.getSnapshot().context.error).toBe(limit.message)
      // Neither a second Pay on the cancelled payment nor Back nor Try again.
      actor.send({ type: 'payment.submit', card })
      actor.send({ type: 'payment.back' })
      actor.send({ type: 'confirm.retry' })
      expect(actor.getSnapshot().matches({ payment: 'cardRefused' })).toBe(true)
      expect(calls.authorizePayment).toHaveBeenCalledTimes(1)

      actor.send({ type: 'payment.anotherCard', idempotencyKey: 'key-2' })
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      expect(createPaymentIntent).toHaveBeenLastCalledWith({ submission, idempotencyKey: 'key-2' })
      expect(actor.getSnapshot().context.intent).toEqual(second)
      // The refusal stays in view while another card is typed.
      expect(actor.getSnapshot().context.error).toBe(limit.message)

      actor.send({ type: 'payment.submit', card: { ...card, cardNumber: '4000 0566 5566 5556' } })
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect(calls.authorizePayment).toHaveBeenLastCalledWith({
        intent: second,
        card: { ...card, cardNumber: '4000 0566 5566 5556' },
        authentication: null,
      })
      expect(calls.confirmPayment).toHaveBeenLastCalledWith({ paymentIntentId: 'pi_2' })
      expect(actor.getSnapshot().context).toMatchObject({ entry, error: null })
    })

    it('Start again goes back to the details without the cancelled payment', async () => {
      const { actor, calls } = await pay({ confirmPayment: confirmSequence(limit) })
      await waitFor(actor, (s) => s.matches({ payment: 'cardRefused' }))
      actor.send({ type: 'flow.restart' })
      expect(actor.getSnapshot().value).toBe('details')
      expect(actor.getSnapshot().context).toMatchObject({ intent: null, error: null })
      actor.send(submit(true))
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      expect(calls.createPaymentIntent).toHaveBeenCalledTimes(2)
    })

    it('a resumed payment refused over the limit offers another card too', async () => {
      const { actor } = start(
        { confirmPayment: confirmSequence(limit) },
        { input: { resume: { submission, intent } } },
      )
      await waitFor(actor, (s) => s.matches({ payment: 'cardRefused' }))
      expect(actor.getSnapshot().context.resumed).toBe(false)
      actor.send({ type: 'payment.anotherCard', idempotencyKey: 'key-3' })
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
    })
  })

  describe('a processing payment', () => {
    it('from the provider waits and checks again until confirmed; never declined, never authorised again', async () => {
      const authorizePayment = succeed<PaymentOutcome>({ status: 'processing', message: '' })
      const confirmPayment = confirmSequence(processing, processing)
      const { actor } = await pay({ authorizePayment, confirmPayment })
      await waitFor(actor, (s) => s.matches({ payment: 'processing' }))
      expect(actor.getSnapshot().context.error).toBeNull()
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect(confirmPayment).toHaveBeenCalledTimes(3)
      expect(authorizePayment).toHaveBeenCalledTimes(1)
    })

    it('from confirm-payment waits the same way', async () => {
      const confirmPayment = confirmSequence(processing)
      const { actor, calls } = await pay({ confirmPayment })
      await waitFor(actor, (s) => s.matches({ payment: 'processing' }))
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect(confirmPayment).toHaveBeenCalledTimes(2)
      expect(calls.authorizePayment).toHaveBeenCalledTimes(1)
    })

    it('checks again after 1.5 s, then longer, at most 10 s', async () => {
      const clock = new SimulatedClock()
      const authorizePayment = succeed<PaymentOutcome>({ status: 'processing', message: '' })
      const confirmPayment = confirmSequence(processing)
      const { actor } = await pay({ authorizePayment, confirmPayment }, { clock })
      await waitFor(actor, (s) => s.matches({ payment: 'processing' }))
      clock.increment(1499)
      expect(confirmPayment).not.toHaveBeenCalled()
      clock.increment(1)
      await waitFor(actor, (s) => s.matches({ payment: 'processing' }) && s.context.processingChecks === 1)
      clock.increment(2999)
      expect(confirmPayment).toHaveBeenCalledTimes(1)
      clock.increment(1)
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect([0, 1, 2, 3, 10].map(processingRecheckMs)).toEqual([1500, 3000, 6000, 10_000, 10_000])
    })

    it('that the provider then declines returns to Pay with its message; paying again is allowed', async () => {
      const authorizePayment = vi
        .fn(async (_input: unknown): Promise<PaymentOutcome> => ({ status: 'succeeded', message: '' }))
        .mockResolvedValueOnce({ status: 'processing', message: '' })
      const confirmPayment = confirmSequence(processing, {
        status: 'declined',
        message: 'Your card was declined.',
      })
      const { actor } = await pay({ authorizePayment, confirmPayment })
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }) && s.context.error !== null)
      expect(actor.getSnapshot().context.error).toBe('Your card was declined.')
      actor.send({ type: 'payment.submit', card })
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect(authorizePayment).toHaveBeenCalledTimes(2)
    })

    it('ignores Back, Pay and Try again while processing', async () => {
      const clock = new SimulatedClock()
      const authorizePayment = succeed<PaymentOutcome>({ status: 'processing', message: '' })
      const { actor } = await pay({ authorizePayment }, { clock })
      await waitFor(actor, (s) => s.matches({ payment: 'processing' }))
      for (const type of ['payment.back', 'confirm.retry', 'flow.restart'] as const) actor.send({ type })
      actor.send({ type: 'payment.submit', card })
      expect(actor.getSnapshot().matches({ payment: 'processing' })).toBe(true)
      expect(authorizePayment).toHaveBeenCalledTimes(1)
    })
  })

  describe('resuming a payment after a redirect', () => {
    const resume = { submission, intent }

    it('starts by confirming the payment, never authorising it, and ends on the confirmation', async () => {
      const { actor, calls } = start({}, { input: { resume } })
      expect(actor.getSnapshot().matches({ payment: 'confirming' })).toBe(true)
      expect(actor.getSnapshot().context.resumed).toBe(true)
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect(calls.confirmPayment).toHaveBeenCalledWith({ paymentIntentId: 'pi_1' })
      expect(calls.authorizePayment).not.toHaveBeenCalled()
      expect(calls.createPaymentIntent).not.toHaveBeenCalled()
      expect(actor.getSnapshot().context.entry).toEqual(entry)
    })

    it('a resumed payment still processing waits; one whose confirm fails is retried', async () => {
      const confirmPayment = confirmSequence(new Error('down'), processing)
      const { actor, calls } = start({ confirmPayment }, { input: { resume } })
      await waitFor(actor, (s) => s.matches('confirmation'))
      expect(confirmPayment).toHaveBeenCalledTimes(3)
      expect(calls.authorizePayment).not.toHaveBeenCalled()
    })

    it('a redirect that failed (declined) shows the payment step again with the intent kept', async () => {
      const confirmPayment = confirmSequence({ status: 'declined', message: 'Authentication failed' })
      const { actor } = start({ confirmPayment }, { input: { resume } })
      await waitFor(actor, (s) => s.matches({ payment: 'ready' }))
      const { context } = actor.getSnapshot()
      expect(context).toMatchObject({ error: 'Authentication failed', intent, submission, resumed: false })
    })

    it('without a payment to resume it starts with the details', () => {
      const { actor } = start({}, { input: { resume: null } })
      expect(actor.getSnapshot().value).toBe('details')
    })
  })
})
