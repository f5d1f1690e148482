import type { EntrySubmission } from '@prizes/contracts'
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { entryFlowMessages as m, messageFrom } from './messages'
import type {
  AuthorizePaymentInput,
  CheckEmailInput,
  ConfirmOutcome,
  ConfirmPaymentInput,
  CreateGuestInput,
  CreateIntentInput,
  EntryFlowContext,
  EntryFlowEvent,
  EntryFlowInput,
  LimitQuestion,
  LoginInput,
  PaymentIntentDetails,
  PaymentOutcome,
} from './types'

/** Stands in until the caller provides the real call with `machine.provide({ actors })`. */
const missing = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`The entry flow needs the "${name}" actor`)
  })

const submissionKey = (submission: EntrySubmission) => JSON.stringify(submission)

/** Automatic tries of confirm-payment before the entrant is asked to try again. */
export const maxConfirmAttempts = 4

/** Pauses before confirm-payment is tried again: 1 s, 2 s, 4 s. */
export const confirmBackoffMs = (failures: number) => 1000 * 2 ** Math.max(0, failures - 1)

/** Pauses between checks of a processing payment: 1.5 s, then longer, at most 10 s. */
export const processingRecheckMs = (checks: number) => Math.min(1500 * 2 ** checks, 10_000)

const initialContext: EntryFlowContext = {
  submission: null,
  tempPassword: '',
  idempotencyKey: '',
  intent: null,
  intentFor: null,
  card: null,
  authentication: null,
  entry: null,
  error: null,
  confirmFailures: 0,
  processingChecks: 0,
  resumed: false,
}

/** A resumed payment starts with what was kept of the flow before the page was left. */
function contextFrom(input: EntryFlowInput | undefined): EntryFlowContext {
  const resume = input?.resume
  if (!resume) return initialContext
  return {
    ...initialContext,
    submission: resume.submission,
    intent: resume.intent,
    intentFor: submissionKey(resume.submission),
    resumed: true,
  }
}

/**
 * The three-step entry flow of SPEC section 4: details, payment, confirmation. Signed out, the
 * email is checked first: an existing account logs in, anyone else gets a guest account; either
 * is then asked the monthly spending limit question if it never answered it. The
 * calls are actors the caller provides, and the flow has no clock or randomness of its own
 * (the guest's temporary password and the idempotency key arrive with `details.submit`; the
 * pauses between retries run on the actor system's clock, which tests may replace).
 *
 * Safe with real money: the card is authorised only from `payment.ready`, by an explicit Pay.
 * Once the provider says succeeded or processing, the flow only confirms: a failed confirm is
 * retried after a pause (then on "Try again"), a processing payment is checked again until it
 * is decided, and neither Back nor Pay is offered. A payment authorised before a redirect is
 * resumed (`input.resume`) by confirming it.
 */
export const entryFlowMachine = setup({
  types: {
    context: {} as EntryFlowContext,
    events: {} as EntryFlowEvent,
    input: {} as EntryFlowInput,
  },
  delays: {
    confirmBackoff: ({ context }) => confirmBackoffMs(context.confirmFailures),
    processingRecheck: ({ context }) => processingRecheckMs(context.processingChecks),
  },
  actors: {
    checkEmail: missing<{ exists: boolean }, CheckEmailInput>('checkEmail'),
    login: missing<unknown, LoginInput>('login'),
    createGuestAccount: missing<unknown, CreateGuestInput>('createGuestAccount'),
    limitQuestion: missing<LimitQuestion, void>('limitQuestion'),
    createPaymentIntent: missing<PaymentIntentDetails, CreateIntentInput>('createPaymentIntent'),
    authorizePayment: missing<PaymentOutcome, AuthorizePaymentInput>('authorizePayment'),
    confirmPayment: missing<ConfirmOutcome, ConfirmPaymentInput>('confirmPayment'),
  },
  guards: {
    intentStillFits: ({ context, event }) =>
      event.type === 'details.submit' &&
      context.intent !== null &&
      context.intentFor === submissionKey(event.submission),
    signedIn: ({ event }) => event.type === 'details.submit' && event.signedIn,
  },
  actions: {
    takeDetails: assign(({ event }) => {
      assertEvent(event, 'details.submit')
      return {
        submission: event.submission,
        tempPassword: event.tempPassword,
        idempotencyKey: event.idempotencyKey,
        error: null,
      }
    }),
    clearError: assign({ error: null }),
    /** Start again: the payment is given up, the details are kept to edit. */
    forgetPayment: assign({
      intent: null,
      intentFor: null,
      card: null,
      authentication: null,
      error: null,
      resumed: false,
    }),
  },
}).createMachine({
  id: 'entryFlow',
  context: ({ input }) => contextFrom(input),
  initial: 'starting',
  states: {
    // A resumed payment goes straight to confirming it; anything else starts with the details.
    starting: {
      always: [
        { guard: ({ context }) => context.resumed, target: 'payment.confirming' },
        { target: 'details' },
      ],
    },
    details: {
      on: {
        'details.submit': [
          { guard: 'intentStillFits', target: 'payment', actions: 'takeDetails' },
          { guard: 'signedIn', target: 'creatingIntent', actions: 'takeDetails' },
          { target: 'checkingEmail', actions: 'takeDetails' },
        ],
      },
    },
    checkingEmail: {
      invoke: {
        src: 'checkEmail',
        input: ({ context }) => ({ email: context.submission?.email ?? '' }),
        onDone: [
          { guard: ({ event }) => event.output.exists, target: 'accountFound' },
          { target: 'creatingGuest' },
        ],
        onError: {
          target: 'details',
          actions: assign({ error: ({ event }) => messageFrom(event.error, m.processFailed) }),
        },
      },
    },
    accountFound: {
      on: {
        'login.submit': { target: 'loggingIn', actions: 'clearError' },
        'login.useDifferentEmail': { target: 'details', actions: 'clearError' },
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ context, event }) => {
          assertEvent(event, 'login.submit')
          return { email: context.submission?.email ?? '', password: event.password }
        },
        onDone: { target: 'checkingLimit' },
        onError: {
          target: 'accountFound',
          actions: assign({ error: ({ event }) => messageFrom(event.error, m.loginFailed) }),
        },
      },
    },
    creatingGuest: {
      invoke: {
        src: 'createGuestAccount',
        input: ({ context }) => {
          if (!context.submission) throw new Error('A guest account needs the entry details')
          return { submission: context.submission, tempPassword: context.tempPassword }
        },
        onDone: { target: 'checkingLimit' },
        onError: {
          target: 'details',
          actions: assign({
            error: ({ event }) => `${m.createAccountFailed}: ${messageFrom(event.error, m.processFailed)}`,
          }),
        },
      },
    },
    // Issue 14: the account made or logged into inside the flow is asked, before its first
    // purchase, to set a monthly spending limit or go on without one, if it never answered and is
    // not on a break. Unreadable, the flow goes on: the server's own limit checks still hold.
    checkingLimit: {
      invoke: {
        src: 'limitQuestion',
        onDone: [
          { guard: ({ event }) => event.output.ask, target: 'askingLimit' },
          { target: 'creatingIntent' },
        ],
        onError: { target: 'creatingIntent' },
      },
    },
    /**
     * Waits for the answer, which the caller records (set or skip) before sending it; then the
     * payment intent is made for the same details under the same idempotency key. A limit the
     * purchase would exceed is refused there by the server, as for any entrant.
     */
    askingLimit: {
      on: {
        'limit.set': { target: 'creatingIntent' },
        'limit.skip': { target: 'creatingIntent' },
      },
    },
    creatingIntent: {
      invoke: {
        src: 'createPaymentIntent',
        input: ({ context }) => {
          if (!context.submission) throw new Error('A payment intent needs the entry details')
          // Details changed after an intent was made: the server replaces that attempt's
          // reservation with this one (one unpaid reservation per entrant and competition).
          return { submission: context.submission, idempotencyKey: context.idempotencyKey }
        },
        onDone: {
          target: 'payment',
          actions: assign(({ context, event }) => ({
            intent: event.output,
            intentFor: context.submission ? submissionKey(context.submission) : null,
          })),
        },
        onError: {
          target: 'details',
          actions: assign({ error: ({ event }) => messageFrom(event.error, m.createIntentFailed) }),
        },
      },
    },
    payment: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'payment.back': { target: '#entryFlow.details', actions: 'clearError' },
            'payment.submit': {
              target: 'authorizing',
              actions: assign(({ event }) => ({ card: event.card, authentication: null, error: null })),
            },
          },
        },
        // The only state that authorises the card. Nothing leads back here, or to `ready`, once
        // the provider said succeeded or processing: from then on the flow only confirms.
        authorizing: {
          invoke: {
            src: 'authorizePayment',
            input: ({ context }) => {
              if (!context.intent) throw new Error('Paying needs a payment intent')
              return { intent: context.intent, card: context.card, authentication: context.authentication }
            },
            onDone: [
              { guard: ({ event }) => event.output.status === 'succeeded', target: 'confirming' },
              {
                guard: ({ event }) => event.output.status === 'processing',
                target: 'processing',
                actions: assign({ processingChecks: 0 }),
              },
              { guard: ({ event }) => event.output.status === 'requires_action', target: 'authenticating' },
              {
                target: 'ready',
                actions: assign({ error: ({ event }) => event.output.message || m.paymentFailed }),
              },
            ],
            onError: {
              target: 'ready',
              actions: assign({ error: ({ event }) => messageFrom(event.error, m.paymentFailed) }),
            },
          },
        },
        authenticating: {
          on: {
            // Either answer goes to the provider, which completes or declines the payment: a
            // failed authentication must not leave the payment waiting to be approved later.
            'authentication.complete': {
              target: 'authorizing',
              actions: assign({ authentication: 'approved' as const }),
            },
            'authentication.fail': {
              target: 'authorizing',
              actions: assign({ authentication: 'failed' as const }),
            },
          },
        },
        // The provider took the payment (or is deciding): the server allocates the entry.
        confirming: {
          invoke: {
            src: 'confirmPayment',
            input: ({ context }) => ({ paymentIntentId: context.intent?.paymentIntentId ?? '' }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'confirmed',
                target: '#entryFlow.confirmation',
                actions: assign({
                  entry: ({ event }) => (event.output.status === 'confirmed' ? event.output.entry : null),
                  error: null,
                  confirmFailures: 0,
                }),
              },
              {
                guard: ({ event }) => event.output.status === 'processing',
                target: 'processing',
                actions: assign({ error: null, confirmFailures: 0 }),
              },
              {
                // Over the credit card limit: nothing taken, the payment cancelled; another card
                // needs a new payment.
                guard: ({ event }) => event.output.status === 'creditCardLimit',
                target: 'cardRefused',
                actions: assign({
                  error: ({ event }) =>
                    ('message' in event.output && event.output.message) || m.paymentFailed,
                  confirmFailures: 0,
                  resumed: false,
                }),
              },
              {
                // The provider says no money was taken: the card may be tried again.
                guard: ({ event }) => event.output.status === 'declined',
                target: 'ready',
                actions: assign({
                  error: ({ event }) =>
                    ('message' in event.output && event.output.message) || m.paymentFailed,
                  confirmFailures: 0,
                  resumed: false,
                }),
              },
              {
                target: 'stopped',
                actions: assign({
                  error: ({ event }) =>
                    ('message' in event.output && event.output.message) || m.processFailed,
                  confirmFailures: 0,
                }),
              },
            ],
            onError: [
              {
                guard: ({ context }) => context.confirmFailures + 1 < maxConfirmAttempts,
                target: 'retryingConfirm',
                actions: assign({ confirmFailures: ({ context }) => context.confirmFailures + 1 }),
              },
              {
                target: 'confirmFailed',
                actions: assign({
                  error: ({ event }) => messageFrom(event.error, m.confirmFailed),
                  confirmFailures: ({ context }) => context.confirmFailures + 1,
                }),
              },
            ],
          },
        },
        /** A pause before confirm-payment is asked again, longer after each failure. */
        retryingConfirm: {
          after: { confirmBackoff: 'confirming' },
        },
        /** The automatic retries ran out: the entrant asks again ("Try again"), never pays again. */
        confirmFailed: {
          on: {
            'confirm.retry': { target: 'confirming', actions: assign({ confirmFailures: 0, error: null }) },
          },
        },
        /** The provider is deciding: asked again after a pause, until it says succeeded or failed. */
        processing: {
          after: {
            processingRecheck: {
              target: 'confirming',
              actions: assign({ processingChecks: ({ context }) => context.processingChecks + 1 }),
            },
          },
        },
        /**
         * The credit card limit refused the card (nothing taken, the payment cancelled): another
         * card gets a new payment for the same details; Start again goes back to the details.
         */
        cardRefused: {
          on: {
            'payment.anotherCard': {
              target: '#entryFlow.creatingIntent',
              actions: assign(({ event }) => ({
                idempotencyKey: event.idempotencyKey,
                intent: null,
                intentFor: null,
                card: null,
                authentication: null,
                resumed: false,
              })),
            },
            'flow.restart': { target: '#entryFlow.details', actions: 'forgetPayment' },
          },
        },
        /** The entry cannot go on with this payment; Start again makes a new one. */
        stopped: {
          on: {
            'flow.restart': { target: '#entryFlow.details', actions: 'forgetPayment' },
          },
        },
      },
    },
    confirmation: { type: 'final' },
  },
})

export type EntryFlowMachine = typeof entryFlowMachine
