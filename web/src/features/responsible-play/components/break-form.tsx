import { css } from '@emotion/react'
import {
  type BreakPeriod,
  breakEndPreview,
  breakPeriodLabels,
  breakPeriods,
  responsiblePlayMessages,
} from '@prizes/contracts'
import { useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { SelectField } from '../../../components/form-field'
import { messageOf } from '../../../lib/server-message'
import { showSnackbar } from '../../../stores/ui-store'
import { useTakeBreak } from '../api/take-break'

const buttonRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`

/** A break from entering, confirmed first: it cannot be ended early. */
export function BreakForm({ onBreakUntil }: { readonly onBreakUntil: string | null | undefined }) {
  const [period, setPeriod] = useState<BreakPeriod>('1d')
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const take = useTakeBreak()

  function confirm() {
    setFailure(null)
    take.mutate(period, {
      onSuccess: ({ message }) => {
        setConfirming(false)
        showSnackbar(message, { severity: 'success' })
      },
      onError: (failed) =>
        setFailure(messageOf(failed, 'Your break could not be started. Please try again.')),
    })
  }

  return (
    <div
      css={css`
        display: grid;
        gap: 16px;
      `}
    >
      {onBreakUntil !== undefined && (
        <Alert tone="info">
          {responsiblePlayMessages.onBreak(onBreakUntil)}{' '}
          {onBreakUntil !== null && 'You can make it longer, but not shorter.'}
        </Alert>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      {onBreakUntil !== null && (
        <>
          <SelectField
            label="Break length"
            name="breakPeriod"
            value={period}
            onValueChange={(value) => {
              setPeriod(value as BreakPeriod)
              setConfirming(false)
            }}
            options={breakPeriods.map((value) => ({ value, label: breakPeriodLabels[value] }))}
          />
          {confirming ? (
            <Alert
              tone="warning"
              action={
                <div css={buttonRow}>
                  <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                  <Button type="button" disabled={take.isPending} onClick={confirm}>
                    {take.isPending ? 'Starting…' : 'Confirm break'}
                  </Button>
                </div>
              }
            >
              {breakEndPreview(period)} This break cannot be ended or shortened early, and you will get no
              marketing email during it.
            </Alert>
          ) : (
            <div css={buttonRow}>
              <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                Take a break
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
