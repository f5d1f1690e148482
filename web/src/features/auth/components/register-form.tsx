import { css, useTheme } from '@emotion/react'
import { authMessages } from '@prizes/contracts'
import { dateOfBirthRange } from '@prizes/domain'
import { type FormEvent, useCallback, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { usePublicSettings } from '../../../api/get-public-settings'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { CheckboxField } from '../../../components/checkbox-field'
import { FieldRow, FormStack, PasswordField, SelectField, TextField } from '../../../components/form-field'
import { messageOf } from '../../../lib/server-message'
import { useForm } from '../../../lib/use-form'
import { closeOverlay, showSnackbar } from '../../../stores/ui-store'
import { useRegister } from '../api/register'
import { emptyRegisterValues, localToday, type RegisterValues, validateRegister } from '../model/forms'
import { authFallbacks } from '../model/messages'
import { RegisterStrengthMeter } from './strength-meter'

type TextKey = Exclude<
  keyof RegisterValues,
  'agreeTerms' | 'confirmAge' | 'marketingEmails' | 'spendingLimitChoice'
>
type CheckKey = 'agreeTerms' | 'confirmAge' | 'marketingEmails'

/** SPEC section 5 "Register". On success the modal moves to Login with the email filled in. */
export function RegisterForm({ onRegistered }: { readonly onRegistered: (email: string) => void }) {
  const theme = useTheme()
  const today = useMemo(() => localToday(), [])
  const range = useMemo(() => dateOfBirthRange(today), [today])
  const validate = useCallback((values: RegisterValues) => validateRegister(values, today), [today])
  const form = useForm({ initial: emptyRegisterValues, validate })
  const registration = useRegister()
  const [failure, setFailure] = useState<string | null>(null)
  // The server refuses sign-ups while they are closed; the form says so before anyone types.
  const closed = usePublicSettings().data?.allowRegistrations === false
  const { values } = form

  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    onValueChange: (v: string) => form.set(key, v),
    onBlur: () => form.touch(key),
    error: form.errorOf(key),
  })
  const check = (key: CheckKey) => ({
    name: key,
    checked: values[key],
    onCheckedChange: (v: boolean) => {
      form.set(key, v)
      form.touch(key)
    },
    error: form.errorOf(key),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (!form.valid || registration.isPending) return
    setFailure(null)
    registration.mutate(values, {
      onSuccess: (body) => {
        form.reset(emptyRegisterValues)
        showSnackbar(authMessages.registered, { severity: 'success' })
        onRegistered(body.user.email)
      },
      onError: (error) => setFailure(messageOf(error, authFallbacks.registrationFailed)),
    })
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Sign Up">
      {closed && <Alert tone="warning">{authMessages.registrationsClosed}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <FieldRow>
        <TextField label="First name" autoComplete="given-name" data-autofocus {...text('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...text('lastName')} />
      </FieldRow>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...text('email')} />
      <FieldRow>
        <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" {...text('phone')} />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          min={range.min}
          max={range.max}
          {...text('dateOfBirth')}
        />
      </FieldRow>
      <TextField label="Address" autoComplete="street-address" {...text('address')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={
          values.password === '' ? (
            'At least 8 characters, with a lowercase letter, an uppercase letter and a number.'
          ) : (
            <RegisterStrengthMeter password={values.password} />
          )
        }
        {...text('password')}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" {...text('confirmPassword')} />
      <SelectField
        label="Monthly spending limit"
        name="spendingLimitChoice"
        value={values.spendingLimitChoice}
        onValueChange={(v) => form.set('spendingLimitChoice', v as RegisterValues['spendingLimitChoice'])}
        hint="A limit caps what you can spend on entries each month. Change it any time in Account Settings."
        options={[
          { value: 'later', label: 'Ask me before my first purchase' },
          { value: 'set', label: 'Set a monthly limit' },
          { value: 'none', label: 'No limit' },
        ]}
      />
      {values.spendingLimitChoice === 'set' && (
        <TextField label="Limit per month (£)" inputMode="decimal" {...text('spendingLimit')} />
      )}
      <div
        css={css`
          display: grid;
          gap: 12px;
          padding-top: 4px;
        `}
      >
        <CheckboxField
          label={
            <>
              I agree to the{' '}
              <Link href="/terms-and-conditions" onClick={closeOverlay}>
                terms and conditions
              </Link>
            </>
          }
          {...check('agreeTerms')}
        />
        <CheckboxField label="I confirm I am 18 or older" {...check('confirmAge')} />
        <CheckboxField
          label={
            <>
              Send me news of new competitions and offers{' '}
              <span
                css={css`
                  color: ${theme.palette.text.secondary};
                `}
              >
                (optional)
              </span>
            </>
          }
          {...check('marketingEmails')}
        />
      </div>
      <Button type="submit" size="lg" fullWidth disabled={closed || !form.valid || registration.isPending}>
        {registration.isPending ? 'Creating account…' : 'Create Account'}
      </Button>
    </FormStack>
  )
}
