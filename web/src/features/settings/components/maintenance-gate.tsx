import { matchSitePage, pagesOpenInMaintenance } from '@prizes/contracts'
import { lazy, type ReactNode, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { usePublicSettings } from '../../../api/get-public-settings'
import { isAdmin, sessionStore } from '../../../stores/session-store'

/** Shown only during maintenance: fetched then, not with every first visit. */
const MaintenancePage = lazy(() => import('./maintenance-page').then((m) => ({ default: m.MaintenancePage })))

/** Whether the page at `path` stays public in maintenance: the legal pages and the draw certificates. */
export function openInMaintenance(path: string): boolean {
  const page = matchSitePage(path)
  return page !== undefined && pagesOpenInMaintenance.has(page.name)
}

/**
 * The site as the public sees it, or the maintenance page while the server says maintenance,
 * except on the pages that stay public. A signed-in admin keeps the whole site and the
 * dashboard. The overlays (`always`: the auth modal for the staff sign-in, the snackbars) stay
 * either way.
 */
export function MaintenanceGate({ site, always }: { readonly site: ReactNode; readonly always: ReactNode }) {
  const { user } = useSnapshot(sessionStore)
  const settings = usePublicSettings()
  const [path] = useLocation()
  const closed = settings.data?.maintenanceMode === true && !isAdmin(user) && !openInMaintenance(path)
  return (
    <>
      {closed ? (
        <Suspense fallback={null}>
          <MaintenancePage />
        </Suspense>
      ) : (
        site
      )}
      {always}
    </>
  )
}
