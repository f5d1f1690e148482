import { css } from '@emotion/react'
import { formatPence } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { TextField } from '../../../../components/form-field'
import { parsePounds } from '../../../../lib/pounds'
import { showSnackbar } from '../../../../stores/ui-store'
import { HistoryTable } from '../../shared/components/history-table'
import { QueryView } from '../../shared/components/load-state'
import { failureMessage } from '../../shared/model/errors'
import { useSpendingAlert } from '../api/get-spending-alert'
import { useUpdateSpendingAlert } from '../api/update-spending-alert'

/**
 * The spending alert (issue 14): the Users tab marks people whose spending over the last 30 days
 * passes this amount. Its changes are listed with who made them.
 */
export function SpendingAlertSection() {
  const alert = useSpendingAlert()
  const update = useUpdateSpendingAlert()
  const [typed, setTyped] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = parsePounds(typed ?? '')
    if ('error' in parsed) return setError(parsed.error)
    setError(undefined)
    setFailure(null)
    update.mutate(parsed.pence, {
      onSuccess: ({ message }) => {
        setTyped(null)
        showSnackbar(message, { severity: 'success' })
      },
      onError: (failed) => setFailure(failureMessage('The spending alert could not be saved', failed)),
    })
  }

  return (
    <section aria-labelledby="spending-alert-title">
      <h3
        id="spending-alert-title"
        css={css`
          margin: 0 0 12px;
        `}
      >
        Spending alert
      </h3>
      <QueryView
        query={alert}
        loading="Loading the spending alert…"
        failed="Failed to load the spending alert"
      >
        {(current) => (
          <form
            noValidate
            onSubmit={submit}
            aria-label="Spending alert"
            css={css`
              display: grid;
              gap: 12px;
            `}
          >
            {failure && <Alert tone="error">{failure}</Alert>}
            <TextField
              label="Mark users who spend more than (£, in 30 days)"
              name="spendingAlert"
              inputMode="decimal"
              value={typed ?? (current.thresholdPence / 100).toFixed(2)}
              onValueChange={setTyped}
              error={error}
              hint={`Now ${formatPence(current.thresholdPence)}. The Users tab marks them "High spending".`}
            />
            <div
              css={css`
                display: flex;
                justify-content: flex-end;
              `}
            >
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving…' : 'Save alert'}
              </Button>
            </div>
            {current.changes.length > 0 && (
              <HistoryTable
                label="Spending alert changes"
                lines={current.changes}
                what={(change) => `Set to ${formatPence(change.thresholdPence)}`}
              />
            )}
          </form>
        )}
      </QueryView>
    </section>
  )
}
