import { AppProviders } from './providers'
import { AppRoutes } from './routes'
import { ScrollManager } from './scroll-manager'
import { AppShell } from './shell/app-shell'

export function App() {
  return (
    <AppProviders>
      <ScrollManager />
      <AppShell>
        <AppRoutes />
      </AppShell>
    </AppProviders>
  )
}
