import { css, useTheme } from '@emotion/react'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { FormStack, TextField } from '../../../components/form-field'
import { messageOf } from '../../../lib/server-message'
import { useForm } from '../../../lib/use-form'
import { showSnackbar } from '../../../stores/ui-store'
import { useResendVerification } from '../api/resend-verification'
import { validateEmailOnly } from '../model/forms'
import { authFallbacks } from '../model/messages'

/** A failed verification offers a new link to the address the person gives. */
export function ResendVerificationForm() {
  const theme = useTheme()
  const form = useForm({ initial: { email: '' }, validate: validateEmailOnly })
  const resend = useResendVerification()
  const [failure, setFailure] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (!form.valid || resend.isPending) return
    setFailure(null)
    resend.mutate(form.values, {
      onSuccess: (body) => showSnackbar(body.message, { severity: 'success' }),
      onError: (error) => setFailure(messageOf(error, authFallbacks.resendFailed)),
    })
  }

  return (
    <FormStack
      noValidate
      onSubmit={submit}
      aria-label="Resend verification email"
      css={css`
        padding: 20px;
        border-radius: ${theme.radius.md};
        background: ${theme.palette.background.muted};
      `}
    >
      <p
        css={css`
          font-weight: 600;
        `}
      >
        Need a new link? We will email one to you.
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={form.values.email}
        onValueChange={(v) => form.set('email', v)}
        onBlur={() => form.touch('email')}
        error={form.errorOf('email')}
      />
      {/* Enabled while empty: pressing it is how people learn the address is needed (SPEC section 8). */}
      <Button type="submit" disabled={resend.isPending || resend.isSuccess}>
        {resend.isPending ? 'Sending…' : resend.isSuccess ? 'Email sent' : 'Resend Verification Email'}
      </Button>
    </FormStack>
  )
}
