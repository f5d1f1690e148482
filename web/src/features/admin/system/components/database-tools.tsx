import { css } from '@emotion/react'
import { adminBackupRequest } from '@prizes/contracts'
import { useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { PasswordField } from '../../../../components/form-field'
import { formatCount } from '../../../../lib/format'
import { showSnackbar } from '../../../../stores/ui-store'
import { AdminStack, LoadFailed } from '../../shared/components/load-state'
import { failureMessage } from '../../shared/model/errors'
import { useBackupDatabase } from '../api/backup-database'
import { useSystem } from '../api/get-system'
import { useOptimiseDatabase } from '../api/optimise-database'
import { useResetDatabase } from '../api/reset-database'

/** The name the downloaded backup is saved under, as the server names it. */
export function backupFileName(at: Date): string {
  return `prize-platform-backup-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}.ndjson.enc`
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

  const [askingBackup, setAskingBackup] = useState(false)
  const [password, setPassword] = useState('')
  const [passphrase, setPassphrase] = useState('')
  const [passphraseAgain, setPassphraseAgain] = useState('')
  const [backupTried, setBackupTried] = useState(false)
  const backupRequest = adminBackupRequest.safeParse({ password, passphrase })
  const backupErrors = backupRequest.success ? {} : backupRequest.error.flatten().fieldErrors
  const againError = passphraseAgain === passphrase ? undefined : 'The two passphrases differ'
  const shown = (error: string | undefined) => (backupTried ? error : undefined)

  function closeBackup() {
    setAskingBackup(false)
    setPassword('')
    setPassphrase('')
    setPassphraseAgain('')
    setBackupTried(false)
    backup.reset()
  }

  async function downloadBackup() {
    setBackupTried(true)
    if (!backupRequest.success || againError) return
    try {
      const blob = await backup.mutateAsync(backupRequest.data)
      saveFile(blob, backupFileName(new Date()))
      closeBackup()
      showSnackbar('Backup downloaded, encrypted with your passphrase', { severity: 'success' })
    } catch {
      // Shown in the dialog.
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
          <Button type="button" onClick={() => setAskingBackup(true)} disabled={backup.isPending}>
            {backup.isPending ? 'Backing up…' : 'Download backup'}
          </Button>
          <span>
            The whole event log and the keys a restore needs, encrypted with a passphrase you choose. Restore
            with npm run restore and the same passphrase.
          </span>
        </div>

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
        open={askingBackup}
        title="Download an encrypted backup"
        message="The backup holds every account's keys, so it is encrypted with a passphrase of at least 12 characters. Keep the passphrase apart from the file: without it the backup cannot be restored."
        colour="warning"
        confirmLabel={backup.isPending ? 'Backing up…' : 'Download backup'}
        onConfirm={() => void downloadBackup()}
        onCancel={closeBackup}
        pending={backup.isPending}
        error={backup.isError ? failureMessage('Failed to back up the database', backup.error) : null}
      >
        <PasswordField
          label="Your password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={shown(backupErrors.password?.[0])}
        />
        <PasswordField
          label="Backup passphrase"
          name="backup-passphrase"
          autoComplete="new-password"
          value={passphrase}
          onValueChange={setPassphrase}
          error={shown(backupErrors.passphrase?.[0])}
        />
        <PasswordField
          label="Backup passphrase again"
          name="backup-passphrase-again"
          autoComplete="new-password"
          value={passphraseAgain}
          onValueChange={setPassphraseAgain}
          error={shown(againError)}
        />
      </ConfirmDialog>
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
