import { AccountOverlays } from './account-overlays'
import { AdminDashboardOverlay } from './admin-dashboard-overlay'
import { DashboardOverlay } from './dashboard-overlay'
import { EntryOverlay } from './entry-overlay'

/**
 * The overlays a tap opens, with the dialog they share: one chunk (`lazy-overlays.tsx` loads it),
 * since a page's first paint shows none of them.
 */

/** The site's overlays: they give way to the maintenance page. */
export function SiteOverlays() {
  return (
    <>
      <DashboardOverlay />
      <AdminDashboardOverlay />
      <EntryOverlay />
    </>
  )
}

/** The account dialogs, there in maintenance too (the staff sign in through them). */
export { AccountOverlays }
