import type { SessionUser } from '@prizes/contracts'
import {
  type AuthorizePaymentInput,
  type ConfirmOutcome,
  entryFlowMachine,
  type PaymentOutcome,
  type ResumePayment,
} from '@prizes/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { getResponsiblePlay, responsiblePlayQueryOptions } from '../../../api/get-responsible-play'
import { checkEmail } from '../api/check-email'
import { confirmPayment } from '../api/confirm-payment'
import { createGuestAccount } from '../api/create-guest-account'
import { createPaymentIntent } from '../api/create-payment-intent'
import { loginForEntry } from '../api/login-for-entry'
import { confirmOutcomeOf } from '../model/confirm-outcome'
import { serverMessages } from '../model/errors'

/** How the active provider confirms a card: the offline test form or Stripe's element sets it. */
export type Authorizer = (input: AuthorizePaymentInput) => Promise<PaymentOutcome>

/**
 * Runs the domain's entry flow with this app's calls as its actors. A login or a new guest
 * account starts the session through `onSignedIn`, as a login from the header would. With
 * `resume`, the flow starts by confirming a payment authorised before a redirect.
 */
export function useEntryFlow(
  onSignedIn: (user: SessionUser, token: string) => void,
  onCallFailed: (error: unknown) => void,
  resume: ResumePayment | null = null,
) {
  const authorizer = useRef<Authorizer | null>(null)
  const queryClient = useQueryClient()
  const signedIn = useRef(onSignedIn)
  signedIn.current = onSignedIn
  const failed = useRef(onCallFailed)
  failed.current = onCallFailed
  /** Every call's failure is seen by the app first (a refused session ends), then by the flow. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      failed.current(error)
      throw error
    }
  }

  const [machine] = useState(() =>
    entryFlowMachine.provide({
      actors: {
        checkEmail: fromPromise(({ input }) => serverMessages(() => call(() => checkEmail(input.email)))),
        login: fromPromise(async ({ input }) => {
          const session = await serverMessages(() => call(() => loginForEntry(input.email, input.password)))
          signedIn.current(session.user, session.token)
        }),
        createGuestAccount: fromPromise(async ({ input }) => {
          const session = await serverMessages(() =>
            call(() => createGuestAccount(input.submission, input.tempPassword)),
          )
          signedIn.current(session.user, session.token)
        }),
        // The account just made or logged into: asked the monthly limit question if it never
        // answered and is not on a break. What is read is kept for the modal's own reads too.
        limitQuestion: fromPromise(async () => {
          const status = await call(() => getResponsiblePlay())
          queryClient.setQueryData(responsiblePlayQueryOptions().queryKey, status)
          return { ask: !status.limitAnswered && status.onBreak === null }
        }),
        createPaymentIntent: fromPromise(({ input }) =>
          serverMessages(() => call(() => createPaymentIntent(input.submission, input.idempotencyKey))),
        ),
        authorizePayment: fromPromise(({ input }) => {
          const authorize = authorizer.current
          if (!authorize) throw new Error('The payment form is not ready yet')
          return call(() => authorize(input))
        }),
        confirmPayment: fromPromise(async ({ input }): Promise<ConfirmOutcome> => {
          try {
            return { status: 'confirmed', entry: await call(() => confirmPayment(input.paymentIntentId)) }
          } catch (error) {
            return confirmOutcomeOf(error)
          }
        }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, { input: { resume } })
  return { snapshot, send, authorizer }
}
