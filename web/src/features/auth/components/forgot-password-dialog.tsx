import { authMessages } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { FormStack, TextField } from '../../../components/form-field'
import { useForm } from '../../../lib/use-form'
import { closeOverlay, openOverlay, showSnackbar, uiStore } from '../../../stores/ui-store'
import { useForgotPassword } from '../api/forgot-password'
import { messageOf } from '../model/errors'
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

function ForgotPasswordForm({ initialEmail }: { readonly initialEmail: string }) {
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
        closeOverlay()
      },
      onError: (error) => setFailure(messageOf(error, authFallbacks.resetLinkFailed)),
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
        onClick={() => openOverlay({ kind: 'accounts', intent: 'sign-in', email: form.values.email.trim() })}
      >
        Back to Login
      </Button>
    </FormStack>
  )
}
