import { css } from '@emotion/react'
import { authMessages } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button, TextButton } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { FormStack, PasswordField } from '../../../components/form-field'

interface AccountFoundDialogProps {
  readonly email: string
  readonly loggingIn: boolean
  readonly error: string | null
  readonly onLogin: (password: string) => void
  readonly onForgotPassword: () => void
  readonly onUseDifferentEmail: () => void
}

/** SPEC section 2: the email has an account, so the entrant logs in before paying. */
export function AccountFoundDialog({
  email,
  loggingIn,
  error,
  onLogin,
  onForgotPassword,
  onUseDifferentEmail,
}: AccountFoundDialogProps) {
  const [password, setPassword] = useState('')
  // The message waits until something was typed and removed, not merely for focus moving on.
  const [tried, setTried] = useState(false)
  const missing = password === '' ? authMessages.passwordRequired : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (missing === undefined && !loggingIn) onLogin(password)
  }

  return (
    <Dialog open onClose={onUseDifferentEmail} title="Account Found">
      <FormStack noValidate onSubmit={submit} aria-label="Log in to continue">
        <p>
          An account already uses <strong>{email}</strong>. Log in to continue with your entry.
        </p>
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          onValueChange={(value) => {
            setPassword(value)
            setTried(true)
          }}
          error={tried ? missing : undefined}
        />
        <div
          css={css`
            display: flex;
            justify-content: space-between;
            flex-wrap: wrap;
            gap: 8px;
            margin-top: -6px;
          `}
        >
          <TextButton type="button" onClick={onUseDifferentEmail}>
            Use Different Email
          </TextButton>
          <TextButton type="button" onClick={onForgotPassword}>
            Forgot Password?
          </TextButton>
        </div>
        <Button type="submit" size="lg" fullWidth disabled={missing !== undefined || loggingIn}>
          {loggingIn ? 'Logging in…' : 'Log In and Continue'}
        </Button>
      </FormStack>
    </Dialog>
  )
}
