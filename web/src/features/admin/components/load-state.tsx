import styled from '@emotion/styled'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
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
