import { errorCodes, type SessionUser, type UserEntry } from '@prizes/contracts'
import { lazy, Suspense, useCallback } from 'react'
import { useSnapshot } from 'valtio'
import { Dialog } from '../../components/dialog'
import { useRefreshAfterEntry } from '../../features/competitions/api/refresh-after-entry'
import { useRecordEntry } from '../../features/entries/api/record-entry'
import { ApiError } from '../../lib/api-client'
import { endSession, sessionStore, startSession } from '../../stores/session-store'
import { closeOverlay, uiStore } from '../../stores/ui-store'
import { ChunkErrorBoundary } from './chunk-error-boundary'

/** The entry flow (machine, card forms, Stripe, confetti) loads when someone first opens it. */
const EntryDialog = lazy(() => import('./entry-dialog'))
const ResetEmailDialog = lazy(() =>
  import('../../features/auth/components/forgot-password-dialog').then((m) => ({
    default: m.ResetEmailDialog,
  })),
)

/**
 * A session the server no longer honours ends here too, quietly: the entry flow shows the
 * server's message and, signed out, asks for the email's password on the next try.
 */
function endRefusedSession(error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && error.code === errorCodes.unauthorized) {
    if (sessionStore.status === 'signed-in') endSession()
  }
}

/** Every Enter Competition button opens this: the entry modal, wired to the session and the home page. */
export function EntryOverlay() {
  const { overlay } = useSnapshot(uiStore)
  const { user, status } = useSnapshot(sessionStore)
  const refreshCompetitions = useRefreshAfterEntry()
  const recordEntry = useRecordEntry()
  const onEntered = useCallback(
    (entry: UserEntry, entrant: SessionUser | null) => {
      refreshCompetitions(entry.competitionId, entry.numberOfEntries)
      if (entrant) recordEntry(entry, entrant.id)
    },
    [refreshCompetitions, recordEntry],
  )
  if (overlay?.kind !== 'entry') return null
  const { competition } = overlay

  const loading = (
    <Dialog open onClose={closeOverlay} title={competition.title}>
      <p role="status">Loading…</p>
    </Dialog>
  )
  // The form is prefilled from the session user, so it waits for a session still being restored.
  if (status === 'restoring') return loading
  return (
    <ChunkErrorBoundary message="Error opening competition entry. Please try again.">
      <Suspense fallback={loading}>
        <EntryDialog
          key={competition.id}
          competition={competition}
          user={user}
          onClose={closeOverlay}
          onSignedIn={startSession}
          onCallFailed={endRefusedSession}
          onEntered={onEntered}
          renderForgotPassword={(email, onClose) => (
            <Suspense
              fallback={
                <Dialog open onClose={onClose} title="Reset Password">
                  <p role="status">Loading…</p>
                </Dialog>
              }
            >
              <ResetEmailDialog email={email} onClose={onClose} />
            </Suspense>
          )}
          resume={overlay.resume ?? null}
        />
      </Suspense>
    </ChunkErrorBoundary>
  )
}
