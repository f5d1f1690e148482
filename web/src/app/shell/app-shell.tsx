import { css, useTheme } from '@emotion/react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { TakeOverLater } from '../../components/take-over-later'
import { useSessionRestore } from '../../features/auth/stores/use-session-restore'
import { MaintenanceGate } from '../../features/settings/components/maintenance-gate'
import { uiStore } from '../../stores/ui-store'
import { ChunkErrorBoundary } from './chunk-error-boundary'
import { Footer } from './footer'
import { Header } from './header'
import { LazyAccountOverlays, LazySiteOverlays } from './lazy-overlays'
import { ScrollToTopButton } from './scroll-to-top-button'
import { SnackbarHost } from './snackbar-host'
import { TestModeBanner } from './test-mode-banner'
import { useDashboardLink } from './use-dashboard-link'

/** The mobile menu's code is fetched when it is first opened; after that it stays, to close as it should. */
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })))

function LazyMobileMenu() {
  const { overlay } = useSnapshot(uiStore)
  const [wanted, setWanted] = useState(false)
  if (!wanted && overlay?.kind === 'mobile-menu') setWanted(true)
  if (!wanted) return null
  return (
    <ChunkErrorBoundary message="The menu could not be opened. Please try again.">
      <Suspense fallback={null}>
        <MobileMenu />
      </Suspense>
    </ChunkErrorBoundary>
  )
}

export function AppShell({ children }: { readonly children: ReactNode }) {
  const theme = useTheme()
  useSessionRestore()
  useDashboardLink()
  return (
    <>
      {/* Above everything, the maintenance page included: TEST MODE is said on every page. */}
      <TestModeBanner />
      <MaintenanceGate
        site={
          <>
            <a
              href="#main-content"
              css={css`
          position: absolute;
          left: 16px;
          top: -100px;
          z-index: 50;
          padding: 12px 16px;
          border-radius: ${theme.radius.md};
          background: ${theme.palette.primary.main};
          color: ${theme.palette.primary.contrast};
          font-weight: 700;
          &:focus {
            top: 12px;
          }
        `}
            >
              Skip to main content
            </a>
            <Header />
            <main
              id="main-content"
              tabIndex={-1}
              css={css`
          outline: none;
        `}
            >
              {children}
            </main>
            <TakeOverLater>
              <Footer />
            </TakeOverLater>
            <ScrollToTopButton />
            <LazyMobileMenu />
            <LazySiteOverlays />
          </>
        }
        always={
          <>
            <SnackbarHost />
            <LazyAccountOverlays />
          </>
        }
      />
    </>
  )
}
