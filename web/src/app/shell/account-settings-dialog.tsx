import { lazy } from 'react'
import { ProfileSettingsDialog } from '../../features/auth/components/profile-settings-dialog'

/** The Limits & breaks tab's panel, responsible play's: loaded when that tab is first shown. */
const ResponsiblePlayPanel = lazy(
  () => import('../../features/responsible-play/components/responsible-play-panel'),
)

/** Account Settings (a lazy chunk) with responsible play's panel as its Limits & breaks tab. */
export function AccountSettingsDialog() {
  return <ProfileSettingsDialog limitsPanel={<ResponsiblePlayPanel />} />
}
