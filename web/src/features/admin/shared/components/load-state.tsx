import styled from '@emotion/styled'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { reasonOf } from '../model/errors'

/** A column of admin content: full width, its items 16 px apart. */
export const AdminStack = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '16px',
  color: theme.palette.text.primary,
}))

/** A list that could not be loaded: the spec's "Failed to …" with the reason, and Retry. */
export function LoadFailed({
  message,
  error,
  onRetry,
}: {
  /** e.g. 'Failed to load entries'. */
  readonly message: string
  readonly error: unknown
  readonly onRetry: () => void
}) {
  return (
    <Alert
      tone="error"
      action={
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}: {reasonOf(error)}
    </Alert>
  )
}

/** A failed refresh when the last data is kept: what the warning above that data says. */
interface StaleWarning {
  /** Before the reason, e.g. 'Showing the last page loaded'. */
  readonly message: string
  /** The warning offers Retry. */
  readonly retry?: boolean
}

/**
 * What a query shows: `loading` while it first loads, `failed` with the reason and Retry when it
 * has nothing to show, else its data. A failed refresh keeps the last data under the `stale`
 * warning when one is given ('quiet': without a word), and shows `failed` with Retry instead of
 * the data when not.
 */
export function QueryView<Data>({
  query,
  loading,
  failed,
  stale,
  children,
}: {
  readonly query: UseQueryResult<Data>
  /** e.g. 'Loading entries…'. */
  readonly loading: string
  /** e.g. 'Failed to load entries'. */
  readonly failed: string
  readonly stale?: StaleWarning | 'quiet'
  readonly children: (data: Data) => ReactNode
}) {
  if (query.isPending) return <p role="status">{loading}</p>
  const retry = () => void query.refetch()
  if (query.data === undefined || (query.isError && !stale)) {
    return <LoadFailed message={failed} error={query.error} onRetry={retry} />
  }
  return (
    <>
      {query.isError && stale && stale !== 'quiet' && (
        <Alert
          tone="warning"
          action={
            stale.retry ? (
              <Button type="button" size="sm" variant="outline" onClick={retry}>
                Retry
              </Button>
            ) : undefined
          }
        >
          {stale.message}: {reasonOf(query.error)}
        </Alert>
      )}
      {children(query.data)}
    </>
  )
}
