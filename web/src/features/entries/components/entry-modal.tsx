import type { SessionUser, UserEntry } from '@prizes/contracts'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { Dialog } from '../../../components/dialog'
import { useForm } from '../../../lib/use-form'
import type { EntryTarget } from '../../../stores/ui-store'
import { initialEntryValues, maxEntriesFor, toSubmission, validateEntry } from '../model/entry-form'
import { temporaryPassword } from '../model/temp-password'
import { AccountFoundDialog } from './account-found-dialog'
import { AuthenticationDialog } from './authentication-dialog'
import { ConfirmationStep } from './confirmation-step'
import { DetailsStep } from './details-step'
import { EntrySuccessDialog } from './entry-success-dialog'
import { PaymentStep } from './payment-step'
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
}

const busyLabels: Partial<Record<string, string>> = {
  checkingEmail: 'Checking your email…',
  creatingGuest: 'Creating your account…',
  creatingIntent: 'Preparing payment…',
}

/** The three-step entry modal (SPEC section 2), driven by the domain's entry flow machine. */
export function EntryModal({
  competition,
  user,
  onClose,
  onSignedIn,
  onCallFailed,
  onEntered,
  renderForgotPassword,
}: EntryModalProps) {
  const { snapshot, send, authorizer } = useEntryFlow(onSignedIn, onCallFailed)
  const validate = useCallback(
    (values: Parameters<typeof validateEntry>[0]) => validateEntry(values, competition),
    [competition],
  )
  const form = useForm({ initial: initialEntryValues(user), validate })
  const [forgotPassword, setForgotPassword] = useState(false)
  const [celebrating, setCelebrating] = useState(false)
  const { context } = snapshot
  const state = typeof snapshot.value === 'string' ? snapshot.value : 'payment'
  const step = state === 'payment' ? 2 : state === 'confirmation' ? 3 : 1

  // Reported once, when the entry arrives, with whoever is signed in by then.
  const report = useRef({ onEntered, user })
  report.current = { onEntered, user }
  useEffect(() => {
    if (!context.entry) return
    report.current.onEntered(context.entry, report.current.user)
    setCelebrating(true)
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

  return (
    <Dialog open onClose={onClose} title={competition.title} size="lg" id="entry-modal">
      <StepIndicator step={step} />
      {step === 1 && (
        <DetailsStep
          form={form}
          competition={competition}
          maxEntries={maxEntriesFor(competition)}
          signedIn={user !== null}
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
          paying={!snapshot.matches({ payment: 'ready' })}
          error={context.error}
          authorizer={authorizer}
          onPay={(card) => send({ type: 'payment.submit', card })}
          onBack={() => send({ type: 'payment.back' })}
        />
      )}
      {step === 3 && context.entry && <ConfirmationStep entry={context.entry} onDone={onClose} />}

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
      {celebrating && context.entry && (
        <EntrySuccessDialog entry={context.entry} onClose={() => setCelebrating(false)} />
      )}
    </Dialog>
  )
}

export default EntryModal
