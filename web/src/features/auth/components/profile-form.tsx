import { css } from '@emotion/react'
import { authMessages, type SessionUser } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { FieldRow, FormStack, TextField } from '../../../components/form-field'
import { messageOf } from '../../../lib/server-message'
import { useForm } from '../../../lib/use-form'
import { showSnackbar } from '../../../stores/ui-store'
import { useUpdateProfile } from '../api/update-profile'
import { type ProfileValues, validateProfile } from '../model/forms'
import { authFallbacks } from '../model/messages'

const valuesOf = (user: SessionUser): ProfileValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
  address: user.address,
})

type TextKey = keyof ProfileValues

/** SPEC section 5 "Profile": names and phone required, address optional, email read-only. */
export function ProfileForm({ user }: { readonly user: SessionUser }) {
  const form = useForm({ initial: valuesOf(user), validate: validateProfile })
  const update = useUpdateProfile()
  const [failure, setFailure] = useState<string | null>(null)
  const saved = valuesOf(user)
  const changed = (Object.keys(saved) as TextKey[]).some((key) => form.values[key] !== saved[key])

  const text = (key: TextKey) => ({
    name: key,
    value: form.values[key],
    onValueChange: (v: string) => form.set(key, v),
    onBlur: () => form.touch(key),
    error: form.errorOf(key),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (!form.valid || update.isPending) return
    setFailure(null)
    update.mutate(form.values, {
      onSuccess: (body) => {
        form.reset(valuesOf(body.user))
        showSnackbar(authMessages.profileUpdated, { severity: 'success' })
      },
      onError: (error) => setFailure(messageOf(error, authFallbacks.profileUpdateFailed)),
    })
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Profile">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FieldRow>
        <TextField label="First name" autoComplete="given-name" {...text('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...text('lastName')} />
      </FieldRow>
      <TextField
        label="Email"
        type="email"
        name="email"
        value={user.email}
        onValueChange={() => undefined}
        readOnly
        hint="To change your email address, please contact support."
      />
      <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" {...text('phone')} />
      <TextField label="Address (optional)" autoComplete="street-address" {...text('address')} />
      <div
        css={css`
          display: flex;
          justify-content: flex-end;
          padding-top: 4px;
        `}
      >
        <Button type="submit" disabled={!form.valid || !changed || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </FormStack>
  )
}
