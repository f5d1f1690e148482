import { authMessages } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { FormStack, TextField } from '../../../components/form-field'
import { messageOf } from '../../../lib/server-message'
import { useForm } from '../../../lib/use-form'
import { closeOverlay, openOverlay, showSnackbar, uiStore } from '../../../stores/ui-store'
import { useForgotPassword } from '../api/forgot-password'
import { validateEmailOnly } from '../model/forms'
import { authFallbacks } from '../model/messages'

/** The Reset Password email dialog, opened from 'Forgot password?' or /?forgot-password=true. */
export function ForgotPasswordDialog() {
  const { overlay } = useSnapshot(uiStore)
  const open = overlay?.kind === 'forgot-password'
  return (
    <Dialog open={open} onClose={closeOverlay} title="Reset Password">
      {open && <ForgotPasswordForm initialEmail={overlay.email ?? ''} />}
    </Dialog>
  )
}

/**
 * The same dialog opened above another one (the entry flow's Account Found prompt): closing it,
 * sending the link or going back returns to what was underneath.
 */
export function ResetEmailDialog({
  email,
  onClose,
}: {
  readonly email: string
  readonly onClose: () => void
}) {
  return (
    <Dialog open onClose={onClose} title="Reset Password">
      <ForgotPasswordForm
        initialEmail={email}
        failureFallback={authFallbacks.entryResetLinkFailed}
        onSent={onClose}
        onBack={onClose}
      />
    </Dialog>
  )
}

interface ForgotPasswordFormProps {
  readonly initialEmail: string
  readonly failureFallback?: string
  /** After the link is sent; the accounts modal's own dialog closes the overlay. */
  readonly onSent?: () => void
  /** Back to Login; the accounts modal's own dialog opens the Login tab. */
  readonly onBack?: () => void
}

function ForgotPasswordForm({
  initialEmail,
  failureFallback = authFallbacks.resetLinkFailed,
  onSent = closeOverlay,
  onBack,
}: ForgotPasswordFormProps) {
  const form = useForm({ initial: { email: initialEmail }, validate: validateEmailOnly })
  const request = useForgotPassword()
  const [failure, setFailure] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (!form.valid || request.isPending) return
    setFailure(null)
    request.mutate(form.values, {
      // The answer is the same whether or not the address has an account, so it gives nothing away.
      onSuccess: (body) => {
        showSnackbar(body.message || authMessages.resetLinkSent, { severity: 'success' })
        onSent()
      },
      onError: (error) => setFailure(messageOf(error, failureFallback)),
    })
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Reset Password">
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        data-autofocus
        autoComplete="email"
        inputMode="email"
        value={form.values.email}
        onValueChange={(v) => form.set('email', v)}
        onBlur={() => form.touch('email')}
        error={form.errorOf('email')}
      />
      <Button type="submit" size="lg" fullWidth disabled={!form.valid || request.isPending}>
        {request.isPending ? 'Sending…' : 'Send Reset Link'}
      </Button>
      <Button
        type="button"
        variant="ghost"
        fullWidth
        onClick={() =>
          onBack
            ? onBack()
            : openOverlay({ kind: 'accounts', intent: 'sign-in', email: form.values.email.trim() })
        }
      >
        Back to Login
      </Button>
    </FormStack>
  )
}
