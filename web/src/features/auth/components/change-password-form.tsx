import { css } from '@emotion/react'
import { authMessages } from '@prizes/contracts'
import { changePasswordStrength } from '@prizes/domain'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { FormStack, PasswordField } from '../../../components/form-field'
import { messageOf } from '../../../lib/server-message'
import { useForm } from '../../../lib/use-form'
import { showSnackbar } from '../../../stores/ui-store'
import { useChangePassword } from '../api/change-password'
import { type ChangePasswordValues, emptyChangePasswordValues, validateChangePassword } from '../model/forms'
import { authFallbacks } from '../model/messages'
import { BandedStrengthMeter } from './strength-meter'

/** SPEC section 5 "Change password", with the change-password strength meter. */
export function ChangePasswordForm() {
  const form = useForm({ initial: emptyChangePasswordValues, validate: validateChangePassword })
  const change = useChangePassword()
  const [failure, setFailure] = useState<string | null>(null)

  const field = (key: keyof ChangePasswordValues) => ({
    name: key,
    value: form.values[key],
    onValueChange: (v: string) => form.set(key, v),
    onBlur: () => form.touch(key),
    error: form.errorOf(key),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (!form.valid || change.isPending) return
    setFailure(null)
    change.mutate(form.values, {
      onSuccess: () => {
        form.reset(emptyChangePasswordValues)
        showSnackbar(authMessages.passwordChanged, { severity: 'success' })
      },
      onError: (error) => setFailure(messageOf(error, authFallbacks.passwordChangeFailed)),
    })
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Change password">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PasswordField label="Current password" autoComplete="current-password" {...field('currentPassword')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={
          form.values.newPassword === '' ? (
            'At least 8 characters, with a lowercase letter, an uppercase letter and a number.'
          ) : (
            <BandedStrengthMeter strength={changePasswordStrength(form.values.newPassword)} />
          )
        }
        {...field('newPassword')}
      />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
      <div
        css={css`
          display: flex;
          justify-content: flex-end;
          padding-top: 4px;
        `}
      >
        <Button type="submit" disabled={!form.valid || change.isPending}>
          {change.isPending ? 'Changing…' : 'Change Password'}
        </Button>
      </div>
    </FormStack>
  )
}
