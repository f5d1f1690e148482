import { css } from '@emotion/react'
import { useSnapshot } from 'valtio'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { Dialog } from '../../../components/dialog'
import { formatDate } from '../../../lib/format'
import { closeOverlay, openOverlay, uiStore } from '../../../stores/ui-store'
import { isAdmin, sessionStore } from '../stores/session-store'

/** Stands in for the user dashboard until it ships; it says so plainly and shows what is real today. */
export function DashboardPlaceholder() {
  const { overlay } = useSnapshot(uiStore)
  const { user } = useSnapshot(sessionStore)
  const open = overlay?.kind === 'dashboard' && user !== null
  return (
    <Dialog
      open={open}
      onClose={closeOverlay}
      title="My Dashboard"
      actions={
        <>
          <Button type="button" variant="ghost" onClick={closeOverlay}>
            Close
          </Button>
          <Button type="button" onClick={() => openOverlay({ kind: 'profile-settings' })}>
            Account Settings
          </Button>
        </>
      }
    >
      {user && (
        <div>
          <Chip tone={user.emailVerified ? 'success' : 'warning'}>
            {user.emailVerified ? 'Verified' : 'Email Not Verified'}
          </Chip>
          <p
            css={css`
              margin-top: 12px;
            `}
          >
            Welcome, {user.firstName}. Member since {formatDate(user.createdAt)}.
          </p>
          <p
            css={css`
              margin-top: 12px;
            `}
          >
            Your entries, statistics and quick actions will appear here in our next release. You can already
            keep your details and password up to date in Account Settings.
          </p>
        </div>
      )}
    </Dialog>
  )
}

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
