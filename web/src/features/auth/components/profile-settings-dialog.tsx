import { type ReactNode, Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { Dialog } from '../../../components/dialog'
import { Tabs } from '../../../components/tabs'
import { sessionStore } from '../../../stores/session-store'
import { closeOverlay, openOverlay, uiStore } from '../../../stores/ui-store'
import { ChangePasswordForm } from './change-password-form'
import { ProfileForm } from './profile-form'
import { WinnerNameChoice } from './winner-name-choice'

type Tab = 'profile' | 'password' | 'limits'

export interface ProfileSettingsDialogProps {
  /** The Limits & breaks tab's panel: responsible play's, given by the app (a lazy part). */
  readonly limitsPanel: ReactNode
}

/** SPEC section 2: Account Settings with a Profile tab and a Password tab; issue 14 adds Limits & breaks. */
export function ProfileSettingsDialog({ limitsPanel }: ProfileSettingsDialogProps) {
  const { overlay } = useSnapshot(uiStore)
  const { user } = useSnapshot(sessionStore)
  const [tab, setTab] = useState<Tab>('profile')
  const open = overlay?.kind === 'profile-settings' && user !== null
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (open && overlay.returnTo) openOverlay({ kind: overlay.returnTo })
        else closeOverlay()
        setTab('profile')
      }}
      title="Account Settings"
      size="md"
    >
      {user && (
        <Tabs
          label="Account settings"
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              id: 'profile',
              label: 'Profile',
              panel: (
                <>
                  <ProfileForm user={user} />
                  <WinnerNameChoice userId={user.id} />
                </>
              ),
            },
            { id: 'password', label: 'Password', panel: <ChangePasswordForm /> },
            {
              id: 'limits',
              label: 'Limits & breaks',
              panel: <Suspense fallback={<p>Loading…</p>}>{limitsPanel}</Suspense>,
            },
          ]}
        />
      )}
    </Dialog>
  )
}
