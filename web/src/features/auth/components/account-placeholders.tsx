import { useSnapshot } from 'valtio'
import { Button } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { closeOverlay, uiStore } from '../../../stores/ui-store'
import { isAdmin, sessionStore } from '../stores/session-store'

/** Stands in for the admin dashboard; shown only for a session whose server role is admin. */
export function AdminDashboardPlaceholder() {
  const { overlay } = useSnapshot(uiStore)
  const { user } = useSnapshot(sessionStore)
  const open = overlay?.kind === 'admin-dashboard' && isAdmin(user)
  return (
    <Dialog
      open={open}
      onClose={closeOverlay}
      title="Admin Dashboard"
      actions={
        <Button type="button" onClick={closeOverlay}>
          OK
        </Button>
      }
    >
      <p>
        The admin dashboard (competitions, users, entries, analytics, email and settings) arrives in a coming
        release. Every admin action will be checked by the server, not only by this screen.
      </p>
    </Dialog>
  )
}
