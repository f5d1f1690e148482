import type { EntrySubmission, UserEntry } from '@prizes/contracts'
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { entryFlowMessages as m, messageFrom } from './messages'
import type {
  AuthorizePaymentInput,
  CheckEmailInput,
  ConfirmPaymentInput,
  CreateGuestInput,
  CreateIntentInput,
  EntryFlowContext,
  EntryFlowEvent,
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
}

/**
 * The three-step entry flow of SPEC section 4: details, payment, confirmation. Signed out, the
 * email is checked first: an existing account logs in, anyone else gets a guest account. The
 * calls are actors the caller provides, and the flow has no clock or randomness of its own
 * (the guest's temporary password and the idempotency key arrive with `details.submit`).
 */
export const entryFlowMachine = setup({
  types: {
    context: {} as EntryFlowContext,
    events: {} as EntryFlowEvent,
  },
  actors: {
    checkEmail: missing<{ exists: boolean }, CheckEmailInput>('checkEmail'),
    login: missing<unknown, LoginInput>('login'),
    createGuestAccount: missing<unknown, CreateGuestInput>('createGuestAccount'),
    createPaymentIntent: missing<PaymentIntentDetails, CreateIntentInput>('createPaymentIntent'),
    authorizePayment: missing<PaymentOutcome, AuthorizePaymentInput>('authorizePayment'),
    confirmPayment: missing<UserEntry, ConfirmPaymentInput>('confirmPayment'),
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
  },
}).createMachine({
  id: 'entryFlow',
  context: initialContext,
  initial: 'details',
  states: {
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
        onDone: { target: 'creatingIntent' },
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
        onDone: { target: 'creatingIntent' },
        onError: {
          target: 'details',
          actions: assign({
            error: ({ event }) => `${m.createAccountFailed}: ${messageFrom(event.error, m.processFailed)}`,
          }),
        },
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
              target: 'confirming',
              actions: assign(({ event }) => ({ card: event.card, authentication: null, error: null })),
            },
          },
        },
        confirming: {
          invoke: {
            src: 'authorizePayment',
            input: ({ context }) => {
              if (!context.intent) throw new Error('Paying needs a payment intent')
              return { intent: context.intent, card: context.card, authentication: context.authentication }
            },
            onDone: [
              { guard: ({ event }) => event.output.status === 'succeeded', target: 'confirmed' },
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
              target: 'confirming',
              actions: assign({ authentication: 'approved' as const }),
            },
            'authentication.fail': {
              target: 'confirming',
              actions: assign({ authentication: 'failed' as const }),
            },
          },
        },
        confirmed: {
          invoke: {
            src: 'confirmPayment',
            input: ({ context }) => ({ paymentIntentId: context.intent?.paymentIntentId ?? '' }),
            onDone: {
              target: '#entryFlow.confirmation',
              actions: assign({ entry: ({ event }) => event.output }),
            },
            onError: {
              target: 'ready',
              actions: assign({ error: ({ event }) => messageFrom(event.error, m.confirmFailed) }),
            },
          },
        },
      },
    },
    confirmation: { type: 'final' },
  },
})

export type EntryFlowMachine = typeof entryFlowMachine
