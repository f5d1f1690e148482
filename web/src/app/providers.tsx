import { ThemeProvider } from '@emotion/react'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { noticeMaintenance } from '../api/maintenance'
import { endSessionIfRefused } from '../features/auth/stores/session-expiry'
import { GlobalStyles } from '../theme/global-styles'
import { theme } from '../theme/theme'

/** The app's one query client: made before the first render, so the server's answers can be put in it first. */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    endSessionIfRefused(error)
    noticeMaintenance(queryClient, error)
  }
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // One quick retry; after that the screen shows the failure and offers Retry.
        retry: 1,
        staleTime: 30_000,
      },
    },
  })
  return queryClient
}

export function AppProviders({
  queryClient,
  children,
}: {
  readonly queryClient: QueryClient
  readonly children: ReactNode
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <GlobalStyles />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  )
}
