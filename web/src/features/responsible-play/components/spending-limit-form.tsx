import { css } from '@emotion/react'
import { formatPence } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { FormStack, TextField } from '../../../components/form-field'
import { parsePounds } from '../../../lib/pounds'
import { messageOf } from '../../../lib/server-message'
import { showSnackbar } from '../../../stores/ui-store'
import { useSetSpendingLimit } from '../api/set-spending-limit'

interface SpendingLimitFormProps {
  readonly prompt: 'sign-up' | 'first-purchase' | 'account-settings'
  /** The limit in force, shown as the starting value. */
  readonly limitPence: number | null
  readonly onSaved?: () => void
}

const buttonRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`

/** Sets the monthly limit (£0 upwards, in pounds and pence), or removes it. */
export function SpendingLimitForm({ prompt, limitPence, onSaved }: SpendingLimitFormProps) {
  const [typed, setTyped] = useState(limitPence === null ? '' : (limitPence / 100).toFixed(2))
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const save = useSetSpendingLimit()

  function send(limit: number | null) {
    setFailure(null)
    save.mutate(
      { limitPence: limit, prompt },
      {
        onSuccess: ({ message }) => {
          showSnackbar(message, { severity: 'success' })
          onSaved?.()
        },
        onError: (failed) =>
          setFailure(messageOf(failed, 'Your limit could not be saved. Please try again.')),
      },
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = parsePounds(typed)
    if ('error' in parsed) return setError(parsed.error)
    setError(undefined)
    send(parsed.pence)
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Monthly spending limit">
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Monthly spending limit (£)"
        name="monthlyLimit"
        inputMode="decimal"
        value={typed}
        onValueChange={setTyped}
        error={error}
        hint={
          limitPence === null
            ? 'Any amount from £0.00. A lower limit applies at once; a higher one after 24 hours.'
            : `Now ${formatPence(limitPence)}. A lower limit applies at once; a higher one, or none, after 24 hours.`
        }
      />
      <div css={buttonRow}>
        {limitPence !== null && (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => send(null)}>
            Remove limit
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save limit'}
        </Button>
      </div>
    </FormStack>
  )
}
