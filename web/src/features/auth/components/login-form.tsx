import { css } from '@emotion/react'
import { authMessages } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button, TextButton } from '../../../components/button'
import { FormStack, PasswordField, TextField } from '../../../components/form-field'
import { messageOf } from '../../../lib/server-message'
import { useForm } from '../../../lib/use-form'
import { closeOverlay, openOverlay, showSnackbar } from '../../../stores/ui-store'
import { useLogin } from '../api/login'
import { isEmailNotVerified } from '../model/errors'
import { validateLogin } from '../model/forms'
import { authFallbacks } from '../model/messages'
import { UnverifiedNotice } from './unverified-notice'

type Problem = { kind: 'unverified'; email: string } | { kind: 'error'; message: string } | null

export function LoginForm({ initialEmail = '' }: { readonly initialEmail?: string }) {
  const form = useForm({ initial: { email: initialEmail, password: '' }, validate: validateLogin })
  const login = useLogin()
  const [problem, setProblem] = useState<Problem>(null)
  const { values } = form

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (!form.valid || login.isPending) return
    setProblem(null)
    login.mutate(values, {
      onSuccess: () => {
        showSnackbar(authMessages.loggedIn, { severity: 'success' })
        closeOverlay()
      },
      onError: (error) =>
        setProblem(
          isEmailNotVerified(error)
            ? { kind: 'unverified', email: values.email.trim() }
            : { kind: 'error', message: messageOf(error, authFallbacks.loginFailed) },
        ),
    })
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Login">
      {problem?.kind === 'unverified' && <UnverifiedNotice email={problem.email} />}
      {problem?.kind === 'error' && <Alert tone="error">{problem.message}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        data-autofocus
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onValueChange={(v) => form.set('email', v)}
        onBlur={() => form.touch('email')}
        error={form.errorOf('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onValueChange={(v) => form.set('password', v)}
        onBlur={() => form.touch('password')}
        error={form.errorOf('password')}
      />
      <div
        css={css`
          display: flex;
          justify-content: flex-end;
          margin-top: -6px;
        `}
      >
        <TextButton
          type="button"
          onClick={() => openOverlay({ kind: 'forgot-password', email: values.email.trim() })}
        >
          Forgot password?
        </TextButton>
      </div>
      <Button type="submit" size="lg" fullWidth disabled={!form.valid || login.isPending}>
        {login.isPending ? 'Logging in…' : 'Login'}
      </Button>
    </FormStack>
  )
}
