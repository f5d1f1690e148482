import type { QueryClient } from '@tanstack/react-query'
import { AppProviders } from './providers'
import { AppRoutes } from './routes'
import { ScrollManager } from './scroll-manager'
import { AppShell } from './shell/app-shell'

export function App({ queryClient }: { readonly queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <ScrollManager />
      <AppShell>
        <AppRoutes />
      </AppShell>
    </AppProviders>
  )
}
