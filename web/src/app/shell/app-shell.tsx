import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import { useSessionRestore } from '../../features/auth/stores/use-session-restore'
import { MaintenanceGate } from '../../features/settings/components/maintenance-gate'
import { AccountOverlays } from './account-overlays'
import { AdminDashboardOverlay } from './admin-dashboard-overlay'
import { DashboardOverlay } from './dashboard-overlay'
import { EntryOverlay } from './entry-overlay'
import { Footer } from './footer'
import { Header } from './header'
import { MobileMenu } from './mobile-menu'
import { ScrollToTopButton } from './scroll-to-top-button'
import { SnackbarHost } from './snackbar-host'
import { useDashboardLink } from './use-dashboard-link'

export function AppShell({ children }: { readonly children: ReactNode }) {
  const theme = useTheme()
  useSessionRestore()
  useDashboardLink()
  return (
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
          <Footer />
          <ScrollToTopButton />
          <MobileMenu />
          <DashboardOverlay />
          <AdminDashboardOverlay />
          <EntryOverlay />
        </>
      }
      always={
        <>
          <SnackbarHost />
          <AccountOverlays />
        </>
      }
    />
  )
}
