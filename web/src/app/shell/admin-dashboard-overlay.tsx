import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Dialog } from '../../components/dialog'
import { adminMessages } from '../../features/admin/dashboard-messages'
import { isAdmin, sessionStore } from '../../stores/session-store'
import { closeOverlay, uiStore } from '../../stores/ui-store'
import { ChunkErrorBoundary } from './chunk-error-boundary'

/** DESIGN section 11: the admin code is its own chunk, fetched when the dashboard is first opened. */
const AdminDashboard = lazy(() => import('../../features/admin/admin-dashboard'))

function Refusal({ message }: { readonly message: string }) {
  return (
    <Dialog
      open
      onClose={closeOverlay}
      title="Admin Dashboard"
      actions={
        <Button type="button" onClick={closeOverlay}>
          OK
        </Button>
      }
    >
      <Alert tone="warning">{message}</Alert>
    </Dialog>
  )
}

/**
 * The admin dashboard (full screen), from the user menu of a session whose server role is admin.
 * The role only decides what is offered: every admin call is checked by the server again.
 */
export function AdminDashboardOverlay() {
  const { overlay } = useSnapshot(uiStore)
  const { user, status } = useSnapshot(sessionStore)
  if (overlay?.kind !== 'admin-dashboard') return null
  if (user === null) {
    return status === 'restoring' ? null : <Refusal message={adminMessages.notLoggedIn} />
  }
  if (!isAdmin(user)) return <Refusal message={adminMessages.notAdmin} />

  return (
    <ChunkErrorBoundary message="The admin dashboard could not be opened. Please try again.">
      <Suspense
        fallback={
          <Dialog open onClose={closeOverlay} title="Admin Dashboard" placement="full">
            <p role="status">Loading…</p>
          </Dialog>
        }
      >
        <AdminDashboard onClose={closeOverlay} />
      </Suspense>
    </ChunkErrorBoundary>
  )
}
