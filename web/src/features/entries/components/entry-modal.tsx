import type { ResponsiblePlayStatus, SessionUser, UserEntry } from '@prizes/contracts'
import type { CardDetails, ResumePayment } from '@prizes/domain'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useResponsiblePlay } from '../../../api/get-responsible-play'
import { Dialog } from '../../../components/dialog'
import { useForm } from '../../../lib/use-form'
import type { EntryTarget } from '../../../stores/ui-store'
import { useEntriesHeld } from '../api/get-entries'
import { initialEntryValues, maxEntriesFor, toSubmission, validateEntry } from '../model/entry-form'
import { clearPendingPayment, savePendingPayment } from '../model/pending-payment'
import { temporaryPassword } from '../model/temp-password'
import { AccountFoundDialog } from './account-found-dialog'
import { AuthenticationDialog } from './authentication-dialog'
import { ConfirmationStep } from './confirmation-step'
import { DetailsStep } from './details-step'
import { type PaymentPhase, PaymentStep } from './payment-step'
import { StepIndicator } from './step-indicator'
import { useEntryFlow } from './use-entry-flow'

export interface EntryModalProps {
  readonly competition: EntryTarget
  /** The session user now; null when signed out. */
  readonly user: SessionUser | null
  readonly onClose: () => void
  /** A login or a new guest account inside the flow starts the session. */
  readonly onSignedIn: (user: SessionUser, token: string) => void
  /** Any failed call, first: a session the server refused is ended, so the flow asks for a login. */
  readonly onCallFailed: (error: unknown) => void
  /** A paid entry: the app adds it to the user's list and refreshes the competitions. */
  readonly onEntered: (entry: UserEntry, user: SessionUser | null) => void
  /** The Reset Password email dialog, shown above the Account Found prompt. */
  readonly renderForgotPassword: (email: string, onClose: () => void) => ReactNode
  /** A payment authorised before a redirect to the bank: the modal opens confirming it. */
  readonly resume?: ResumePayment | null
  /** Above the form for a signed-in user: their break or what their monthly limit leaves (responsible play's notice). */
  readonly renderPlayNotice: (status: ResponsiblePlayStatus | undefined) => ReactNode
  /** Set a monthly limit or go on without one, asked before a first purchase (responsible play's prompt). */
  readonly renderLimitPrompt: (onAnswered: (answer: 'set' | 'skip') => void) => ReactNode
}

/** Said by the close button while a payment is in flight, when the modal cannot be closed. */
export const paymentInFlightReason =
  'Your payment is in progress. This window can be closed once it has finished.'

/** The payment sub-states in which the card is with the provider, or the entry is being confirmed. */
const inFlight: readonly PaymentPhase[] = ['authorizing', 'confirming', 'processing']

function phaseOf(payment: unknown): PaymentPhase {
  switch (payment) {
    case 'authorizing':
    case 'authenticating':
      return 'authorizing'
    case 'confirming':
    case 'retryingConfirm':
      return 'confirming'
    case 'processing':
    case 'confirmFailed':
    case 'cardRefused':
    case 'stopped':
      return payment
    default:
      return 'ready'
  }
}

const busyLabels: Partial<Record<string, string>> = {
  checkingEmail: 'Checking your email…',
  creatingGuest: 'Creating your account…',
  checkingLimit: 'Preparing payment…',
  creatingIntent: 'Preparing payment…',
}

/** The three-step entry modal (SPEC section 2), driven by the domain's entry flow machine. */
export function EntryModal({
  competition: opened,
  user,
  onClose,
  onSignedIn,
  onCallFailed,
  onEntered,
  renderForgotPassword,
  resume = null,
  renderPlayNotice,
  renderLimitPrompt,
}: EntryModalProps) {
  const held = useEntriesHeld(user?.id ?? null, opened.id)
  // The slider and the form stop at what the per-person cap leaves this entrant.
  const competition = useMemo(
    (): EntryTarget =>
      held === undefined ? opened : { ...opened, personRemaining: Math.max(0, opened.perPerson - held) },
    [opened, held],
  )
  const { snapshot, send, authorizer } = useEntryFlow(onSignedIn, onCallFailed, resume)
  const guest = user === null
  const validate = useCallback(
    (values: Parameters<typeof validateEntry>[0]) => validateEntry(values, competition, { guest }),
    [competition, guest],
  )
  const form = useForm({ initial: initialEntryValues(user), validate })
  const [forgotPassword, setForgotPassword] = useState(false)
  const play = useResponsiblePlay(user !== null)
  const { context } = snapshot
  const state = typeof snapshot.value === 'string' ? snapshot.value : 'payment'
  const step = state === 'payment' ? 2 : state === 'confirmation' ? 3 : 1
  // Issue 14: a signed-in user who never answered is asked, before the details and so before any
  // payment, to set a monthly limit or go on without one; the form follows the answer. Not asked
  // on a break (entering is refused anyway). Until the answer is known the form waits, unless it
  // cannot be read (the server's own limit checks still hold). An account made or logged into
  // inside the flow is asked by the flow itself (`askingLimit`), before its payment is prepared.
  const asking = user !== null && state === 'details'
  // On a break, the form gives way to the break's end (the notice above): nothing to answer or pay.
  const onBreak = asking && Boolean(play.data?.onBreak)
  const askLimit =
    state === 'askingLimit' || (asking && play.data?.limitAnswered === false && play.data.onBreak === null)
  const readingLimit = asking && play.isPending
  const phase = typeof snapshot.value === 'object' ? phaseOf(snapshot.value.payment) : 'ready'
  // Authenticating waits for the entrant's answer in the dialog above, which Escape answers (Fail).
  const locked = inFlight.includes(phase) && !snapshot.matches({ payment: 'authenticating' })
  const awaitingCard = phase === 'ready'
  // Nothing is with the provider any more: the payment was refused, cancelled or confirmed.
  const finished = state === 'confirmation' || phase === 'stopped' || phase === 'cardRefused'

  // Kept for a redirect to the bank only while the card may be with the provider.
  useEffect(() => {
    if (awaitingCard || finished) clearPendingPayment(sessionStorage)
  }, [awaitingCard, finished])

  // Reported once, when the entry arrives, with whoever is signed in by then.
  const report = useRef({ onEntered, user })
  report.current = { onEntered, user }
  useEffect(() => {
    if (!context.entry) return
    report.current.onEntered(context.entry, report.current.user)
  }, [context.entry])

  function proceed() {
    const submission = toSubmission(form.values, competition)
    if (!submission) return
    send({
      type: 'details.submit',
      submission,
      signedIn: user !== null,
      tempPassword: temporaryPassword(),
      idempotencyKey: crypto.randomUUID(),
    })
  }

  function pay(card: CardDetails | null) {
    const { intent, submission } = context
    // Before the card goes to the provider: a redirect to the bank's page comes back to this.
    if (intent && submission) {
      savePendingPayment(sessionStorage, { competition, submission, intent, savedAt: Date.now() })
    }
    send({ type: 'payment.submit', card })
  }

  function close() {
    clearPendingPayment(sessionStorage)
    onClose()
  }

  return (
    <Dialog
      open
      onClose={close}
      title={competition.title}
      size="lg"
      id="entry-modal"
      lockedReason={locked ? paymentInFlightReason : null}
    >
      <StepIndicator step={step} />
      {step === 1 && user !== null && renderPlayNotice(play.data)}
      {step === 1 &&
        askLimit &&
        renderLimitPrompt((answer) => send({ type: answer === 'set' ? 'limit.set' : 'limit.skip' }))}
      {step === 1 && readingLimit && <p role="status">Loading…</p>}
      {step === 1 && !askLimit && !readingLimit && !onBreak && (
        <DetailsStep
          form={form}
          competition={competition}
          maxEntries={maxEntriesFor(competition)}
          userId={user?.id ?? null}
          busy={
            busyLabels[state] ??
            (state === 'accountFound' || state === 'loggingIn' ? 'Waiting for login…' : null)
          }
          error={state === 'details' ? context.error : null}
          onSubmit={proceed}
        />
      )}
      {step === 2 && context.intent && (
        <PaymentStep
          competition={competition}
          numberOfEntries={context.submission?.numberOfEntries ?? form.values.numberOfEntries}
          intent={context.intent}
          phase={phase}
          resumed={context.resumed}
          error={context.error}
          authorizer={authorizer}
          onPay={pay}
          onBack={() => send({ type: 'payment.back' })}
          onRetryConfirm={() => send({ type: 'confirm.retry' })}
          onRestart={() => send({ type: 'flow.restart' })}
          onAnotherCard={() => send({ type: 'payment.anotherCard', idempotencyKey: crypto.randomUUID() })}
        />
      )}
      {step === 3 && context.entry && <ConfirmationStep entry={context.entry} onDone={close} />}

      {(state === 'accountFound' || state === 'loggingIn') && (
        <AccountFoundDialog
          email={context.submission?.email ?? form.values.email}
          loggingIn={state === 'loggingIn'}
          error={context.error}
          onLogin={(password) => send({ type: 'login.submit', password })}
          onForgotPassword={() => setForgotPassword(true)}
          onUseDifferentEmail={() => send({ type: 'login.useDifferentEmail' })}
        />
      )}
      {forgotPassword &&
        state === 'accountFound' &&
        renderForgotPassword(context.submission?.email ?? form.values.email, () => setForgotPassword(false))}
      {snapshot.matches({ payment: 'authenticating' }) && (
        <AuthenticationDialog
          onComplete={() => send({ type: 'authentication.complete' })}
          onFail={() => send({ type: 'authentication.fail' })}
        />
      )}
    </Dialog>
  )
}
