import { css } from '@emotion/react'
import { useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { formatCount } from '../../../lib/format'
import { showSnackbar } from '../../../stores/ui-store'
import { useBackupDatabase } from '../api/backup-database'
import { useSystem } from '../api/get-system'
import { useOptimiseDatabase } from '../api/optimise-database'
import { useResetDatabase } from '../api/reset-database'
import { failureMessage } from '../model/errors'
import { AdminStack, LoadFailed } from './load-state'

/** The name the downloaded backup is saved under, as the server names it. */
export function backupFileName(at: Date): string {
  return `prize-platform-backup-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}.ndjson`
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}

const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`

/**
 * The Settings tab's database tools (issue 11): download a backup, optimise the read models,
 * and reset test data (only on the embedded database; otherwise the button is disabled and
 * says why). Each shows its own result or error.
 */
export function DatabaseTools() {
  const system = useSystem(true)
  const backup = useBackupDatabase()
  const optimise = useOptimiseDatabase()
  const reset = useResetDatabase()
  const [confirming, setConfirming] = useState(false)

  async function downloadBackup() {
    try {
      const blob = await backup.mutateAsync()
      saveFile(blob, backupFileName(new Date()))
      showSnackbar('Backup downloaded', { severity: 'success' })
    } catch (error) {
      showSnackbar(failureMessage('Failed to back up the database', error), { severity: 'error' })
    }
  }

  async function runReset() {
    try {
      const answer = await reset.mutateAsync()
      setConfirming(false)
      showSnackbar(answer.message, { severity: 'success' })
    } catch {
      // Shown in the dialog.
    }
  }

  const resetAvailable = system.data?.resetAvailable === true
  return (
    <section aria-labelledby="database-tools-heading">
      <AdminStack>
        <h2 id="database-tools-heading">Database</h2>

        <div css={row}>
          <Button type="button" onClick={() => void downloadBackup()} disabled={backup.isPending}>
            {backup.isPending ? 'Backing up…' : 'Download backup'}
          </Button>
          <span>
            The whole event log as NDJSON, ending with a SHA-256 checksum line. Restore with npm run restore.
          </span>
        </div>
        {backup.isError && (
          <Alert tone="error">{failureMessage('Failed to back up the database', backup.error)}</Alert>
        )}

        <div css={row}>
          <Button
            type="button"
            variant="outline"
            onClick={() => optimise.mutate()}
            disabled={optimise.isPending}
          >
            {optimise.isPending ? 'Optimising…' : 'Optimise database'}
          </Button>
          <span>VACUUM ANALYZE of every read-model table.</span>
        </div>
        {optimise.isSuccess && (
          <Alert tone="success">
            Database optimised: {formatCount(optimise.data.tables.length)} tables in{' '}
            {formatCount(optimise.data.milliseconds)} ms
          </Alert>
        )}
        {optimise.isError && (
          <Alert tone="error">{failureMessage('Failed to optimise the database', optimise.error)}</Alert>
        )}

        <div css={row}>
          <Button
            type="button"
            variant="outline"
            onClick={() => setConfirming(true)}
            disabled={!resetAvailable || reset.isPending}
            aria-describedby="reset-test-data-note"
          >
            Reset test data
          </Button>
          <span id="reset-test-data-note">
            {system.isPending
              ? 'Checking whether reset is available…'
              : resetAvailable
                ? 'Wipes every event, read model and account, then seeds the demo data and the admin account again.'
                : system.isError
                  ? 'Unavailable until the system information loads.'
                  : 'Unavailable: reset works only on the embedded database of npm start, never on an external one.'}
          </span>
        </div>
        {system.isError && (
          <LoadFailed
            message="Failed to load system information"
            error={system.error}
            onRetry={() => void system.refetch()}
          />
        )}
      </AdminStack>
      <ConfirmDialog
        open={confirming}
        title="Reset test data?"
        message="Every event, read model, account and payment record is deleted, then the demo data and the admin account are seeded again. You will need to sign in again. This cannot be undone."
        colour="error"
        confirmLabel="Reset everything"
        onConfirm={() => void runReset()}
        onCancel={() => setConfirming(false)}
        pending={reset.isPending}
        error={reset.isError ? failureMessage('Failed to reset test data', reset.error) : null}
      />
    </section>
  )
}
