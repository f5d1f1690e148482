import { css, useTheme } from '@emotion/react'
import { authMessages } from '@prizes/contracts'
import { resetPasswordStrength } from '@prizes/domain'
import type { FormEvent } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { FormStack, PasswordField } from '../../../components/form-field'
import { useForm } from '../../../lib/use-form'
import type { ResetLinkOwner } from '../api/verify-reset-token'
import { emptyResetPasswordValues, type ResetPasswordValues, validateResetPassword } from '../model/forms'
import type { SetPasswordCopy } from '../model/set-password-copy'
import { StatusPanel } from './status-panel'
import { BandedStrengthMeter } from './strength-meter'

interface ResetPasswordFormProps {
  readonly copy: SetPasswordCopy
  readonly owner: ResetLinkOwner
  readonly pending: boolean
  readonly failure: string | null
  readonly onSubmit: (values: ResetPasswordValues) => void
}

/** SPEC section 5 "Password reset"; the button stays enabled so a wrong submit can say what to fix. */
export function ResetPasswordForm({ copy, owner, pending, failure, onSubmit }: ResetPasswordFormProps) {
  const theme = useTheme()
  const form = useForm({ initial: emptyResetPasswordValues, validate: validateResetPassword })
  const { values } = form

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (form.valid && !pending) onSubmit(values)
  }

  const field = (key: keyof ResetPasswordValues) => ({
    name: key,
    value: values[key],
    onValueChange: (v: string) => form.set(key, v),
    onBlur: () => form.touch(key),
    error: form.errorOf(key),
  })

  return (
    <>
      <StatusPanel tone="info" icon="lock" title={copy.formTitle}>
        <p>
          For{' '}
          <strong
            css={css`
              color: ${theme.palette.text.primary};
            `}
          >
            {owner.firstName} {owner.lastName}
          </strong>
          <br />
          <span data-testid="reset-email">{owner.email}</span>
        </p>
      </StatusPanel>
      <FormStack noValidate onSubmit={submit} aria-label={copy.formTitle}>
        {form.submitted && !form.valid && <Alert tone="error">{authMessages.fixFormErrors}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={
            values.password === '' ? (
              'At least 8 characters, with a lowercase letter, an uppercase letter and a number.'
            ) : (
              <BandedStrengthMeter strength={resetPasswordStrength(values.password)} />
            )
          }
          {...field('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit" size="lg" fullWidth disabled={pending}>
          {pending ? copy.submitting : copy.submit}
        </Button>
      </FormStack>
    </>
  )
}
