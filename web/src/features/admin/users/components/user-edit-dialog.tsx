import { css } from '@emotion/react'
import { type AdminUserRow, adminUpdateUserRequest } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { Dialog } from '../../../../components/dialog'
import { FieldRow, FormStack, TextField } from '../../../../components/form-field'
import { firstErrors } from '../../../../lib/field-errors'
import { useForm } from '../../../../lib/use-form'
import { showSnackbar } from '../../../../stores/ui-store'
import { QueryView } from '../../shared/components/load-state'
import { failureMessage } from '../../shared/model/errors'
import { useAdminUser } from '../api/get-admin-user'
import { useUpdateAdminUser } from '../api/update-admin-user'
import { fullName } from '../model/user-actions'

interface EditValues {
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
}

/** The profile form's rules and sentences, with the email editable. */
const validate = (values: EditValues) =>
  firstErrors<keyof EditValues>(adminUpdateUserRequest.safeParse(values))

/** Edit a user: waits for their details (the address is not in the list), then the form. */
export function UserEditDialog({
  user,
  onClose,
}: {
  readonly user: AdminUserRow
  readonly onClose: () => void
}) {
  const details = useAdminUser(user.id)
  return (
    <Dialog open onClose={onClose} title={`Edit user: ${fullName(user) || user.email}`} size="md">
      <QueryView query={details} loading="Loading user…" failed="Failed to load user" stale="quiet">
        {(shown) => (
          <EditForm
            id={user.id}
            initial={{
              firstName: shown.first_name,
              lastName: shown.last_name,
              email: shown.email,
              phone: shown.phone,
              address: shown.address,
            }}
            onClose={onClose}
          />
        )}
      </QueryView>
    </Dialog>
  )
}

function EditForm({
  id,
  initial,
  onClose,
}: {
  readonly id: string
  readonly initial: EditValues
  readonly onClose: () => void
}) {
  const form = useForm({ initial, validate })
  const update = useUpdateAdminUser()
  const [failure, setFailure] = useState<string | null>(null)
  const text = (key: keyof EditValues) => ({
    name: key,
    value: form.values[key],
    onValueChange: (value: string) => form.set(key, value),
    onBlur: () => form.touch(key),
    error: form.errorOf(key),
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (!form.valid || update.isPending) return
    setFailure(null)
    try {
      const answer = await update.mutateAsync({ id, values: form.values })
      showSnackbar(`${answer.message}: ${answer.user.first_name} ${answer.user.last_name}`, {
        severity: 'success',
      })
      onClose()
    } catch (error) {
      setFailure(failureMessage('Failed to update user', error))
    }
  }

  return (
    <FormStack noValidate onSubmit={(event) => void submit(event)} aria-label="Edit user">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FieldRow>
        <TextField label="First name" autoComplete="off" data-autofocus {...text('firstName')} />
        <TextField label="Last name" autoComplete="off" {...text('lastName')} />
      </FieldRow>
      <TextField label="Email" type="email" autoComplete="off" {...text('email')} />
      <TextField label="Phone" type="tel" autoComplete="off" inputMode="tel" {...text('phone')} />
      <TextField label="Address (optional)" autoComplete="off" {...text('address')} />
      <div
        css={css`
          display: flex;
          justify-content: flex-end;
          gap: 8px;
        `}
      >
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </FormStack>
  )
}
