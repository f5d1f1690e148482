import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { Dialog } from '../../components/dialog'
import { sessionStore } from '../../stores/session-store'
import { closeOverlay, openOverlay, uiStore } from '../../stores/ui-store'
import { ChunkErrorBoundary } from './chunk-error-boundary'

/** DESIGN section 11: the dashboard's code is its own chunk, fetched when it is first opened. */
const UserDashboard = lazy(() => import('../../features/entries/components/dashboard/user-dashboard'))

/** The signed-in user's dashboard (full screen), from the user menu. */
export function DashboardOverlay() {
  const { overlay } = useSnapshot(uiStore)
  const { user } = useSnapshot(sessionStore)
  const [, navigate] = useLocation()
  if (overlay?.kind !== 'dashboard' || user === null) return null

  const goToSection = (section: string) => {
    closeOverlay()
    const href = `/#${section}`
    navigate(href, { replace: `${location.pathname}${location.hash}` === href })
  }
  return (
    <ChunkErrorBoundary message="The dashboard could not be opened. Please try again.">
      <Suspense
        fallback={
          <Dialog open onClose={closeOverlay} title="My Dashboard" placement="full">
            <p role="status">Loading…</p>
          </Dialog>
        }
      >
        <UserDashboard
          user={user}
          onClose={closeOverlay}
          onAccountSettings={() => openOverlay({ kind: 'profile-settings', returnTo: 'dashboard' })}
          onGoToSection={goToSection}
        />
      </Suspense>
    </ChunkErrorBoundary>
  )
}
