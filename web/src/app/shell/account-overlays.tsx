import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { Dialog } from '../../components/dialog'
import { sessionStore } from '../../stores/session-store'
import { closeOverlay, uiStore } from '../../stores/ui-store'
import { ChunkErrorBoundary } from './chunk-error-boundary'

/*
 * The account dialogs (the auth modal and its forms, the Reset Password email dialog, Account
 * Settings) are their own chunks: the home page's first paint needs none of them.
 */
const AuthModal = lazy(() =>
  import('../../features/auth/components/auth-modal').then((m) => ({ default: m.AuthModal })),
)
const ForgotPasswordDialog = lazy(() =>
  import('../../features/auth/components/forgot-password-dialog').then((m) => ({
    default: m.ForgotPasswordDialog,
  })),
)
const AccountSettingsDialog = lazy(() =>
  import('./account-settings-dialog').then((m) => ({ default: m.AccountSettingsDialog })),
)

/**
 * Renders a lazily loaded dialog from the first time it is opened on, and keeps it mounted after,
 * so it closes (and hands focus back) as it always did; a loading dialog stands in meanwhile.
 */
function OnceOpened({ open, title, children }: { open: boolean; title: string; children: ReactNode }) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <ChunkErrorBoundary message={`${title} could not be opened. Please try again.`}>
      <Suspense
        fallback={
          open && (
            <Dialog open onClose={closeOverlay} title={title}>
              <p role="status">Loading…</p>
            </Dialog>
          )
        }
      >
        {children}
      </Suspense>
    </ChunkErrorBoundary>
  )
}

export function AccountOverlays() {
  const { overlay } = useSnapshot(uiStore)
  const { user } = useSnapshot(sessionStore)
  return (
    <>
      <OnceOpened
        open={overlay?.kind === 'accounts'}
        title={
          overlay?.kind === 'accounts' && overlay.intent === 'sign-up'
            ? 'Create your account'
            : 'Welcome back'
        }
      >
        <AuthModal />
      </OnceOpened>
      <OnceOpened open={overlay?.kind === 'forgot-password'} title="Reset Password">
        <ForgotPasswordDialog />
      </OnceOpened>
      <OnceOpened open={overlay?.kind === 'profile-settings' && user !== null} title="Account Settings">
        <AccountSettingsDialog />
      </OnceOpened>
    </>
  )
}
