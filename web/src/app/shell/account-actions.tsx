import type { SessionUser } from '@prizes/contracts'
import type { ReactNode } from 'react'
import { DashboardIcon } from '../../components/icons/dashboard'
import { LogoutIcon } from '../../components/icons/logout'
import { SettingsIcon } from '../../components/icons/settings'
import { ShieldIcon } from '../../components/icons/shield'
import { isAdmin } from '../../stores/session-store'
import { openOverlay } from '../../stores/ui-store'

export interface AccountAction {
  readonly id: 'dashboard' | 'admin-dashboard' | 'account-settings' | 'logout'
  readonly label: string
  readonly icon: ReactNode
  readonly run: () => void
}

/** The signed-in menu, shared by the header and the mobile menu; Admin Dashboard only for the admin role. */
export function accountActions(user: SessionUser, logout: () => void): AccountAction[] {
  return [
    {
      id: 'dashboard',
      label: 'Dashboard',
      icon: <DashboardIcon size={18} />,
      run: () => openOverlay({ kind: 'dashboard' }),
    },
    ...(isAdmin(user)
      ? [
          {
            id: 'admin-dashboard' as const,
            label: 'Admin Dashboard',
            icon: <ShieldIcon size={18} />,
            run: () => openOverlay({ kind: 'admin-dashboard' }),
          },
        ]
      : []),
    {
      id: 'account-settings',
      label: 'Account Settings',
      icon: <SettingsIcon size={18} />,
      run: () => openOverlay({ kind: 'profile-settings' }),
    },
    { id: 'logout', label: 'Logout', icon: <LogoutIcon size={18} />, run: logout },
  ]
}
