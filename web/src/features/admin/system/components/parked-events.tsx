import { css } from '@emotion/react'
import {
  type ParkedEvent,
  type ParkedEventStatus,
  parkedEventMessages,
  resolveParkedEventRequest,
} from '@prizes/contracts'
import { useState } from 'react'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { SelectField, TextField } from '../../../../components/form-field'
import { MorePager } from '../../../../components/pager'
import { formatDateTime } from '../../../../lib/format'
import { showSnackbar } from '../../../../stores/ui-store'
import { Card } from '../../shared/components/card'
import { QueryView } from '../../shared/components/load-state'
import { TableFrame, Td } from '../../shared/components/table'
import { failureMessage } from '../../shared/model/errors'
import { useResolveParkedEvent, useRetryParkedEvent } from '../api/act-on-parked-event'
import { useParkedEvents } from '../api/get-parked-events'

const statusOptions = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
] as const

function outcome(event: ParkedEvent) {
  if (event.resolution === 'retried') return <Chip tone="success">Retried</Chip>
  if (event.resolution === 'resolved') return <Chip tone="neutral">Resolved</Chip>
  return <Chip tone="warning">{event.retrying ? 'Retrying' : 'Parked'}</Chip>
}

/** Who closed it, when, and why (a resolution by hand carries the admin's reason). */
function closedBy(event: ParkedEvent): string {
  if (!event.resolvedAt) return '—'
  const by = `${formatDateTime(event.resolvedAt)} by ${event.resolvedBy ?? 'unknown'}`
  return event.resolutionReason ? `${by}: ${event.resolutionReason}` : by
}

/** Asks for the reason before a parked event is resolved by hand; a refusal stays in the dialog. */
function ResolveDialog({ event, onClose }: { readonly event: ParkedEvent; readonly onClose: () => void }) {
  const resolve = useResolveParkedEvent()
  const [reason, setReason] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)

  async function confirm() {
    const parsed = resolveParkedEventRequest.safeParse({ reason })
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message)
      return
    }
    setFieldError(undefined)
    setError(null)
    try {
      const answer = await resolve.mutateAsync({ id: event.id, reason: parsed.data.reason })
      showSnackbar(`${answer.message}: ${event.eventType} of ${event.consumer}`, { severity: 'success' })
      onClose()
    } catch (failure) {
      setError(failureMessage(parkedEventMessages.actionFailed, failure))
    }
  }

  return (
    <ConfirmDialog
      open
      title="Resolve parked event"
      colour="warning"
      message={
        <>
          <p>
            <strong>{event.eventType}</strong> of {event.consumer}, parked {formatDateTime(event.parkedAt)}:{' '}
            {event.reason}
          </p>
          <p>
            The reactor will not handle it again. Say what was done about it; your name and reason are kept.
          </p>
        </>
      }
      confirmLabel="Resolve"
      onConfirm={() => void confirm()}
      onCancel={onClose}
      pending={resolve.isPending}
      error={error}
    >
      <TextField label="Reason" value={reason} onValueChange={setReason} error={fieldError} required />
    </ConfirmDialog>
  )
}

/**
 * The events reactors parked (`GET /api/admin/parked-events`), open ones first by default: each
 * with its reactor, event and reason; Retry runs the reactor on it again now, Resolve closes it
 * by hand with a reason.
 */
export function ParkedEvents({ shown }: { readonly shown: boolean }) {
  const [status, setStatus] = useState<ParkedEventStatus>('open')
  const [page, setPage] = useState(1)
  const parked = useParkedEvents(status, page, shown)
  const retry = useRetryParkedEvent()
  const [retrying, setRetrying] = useState<string | null>(null)
  const [resolving, setResolving] = useState<ParkedEvent | null>(null)

  async function retryOne(event: ParkedEvent) {
    setRetrying(event.id)
    try {
      const answer = await retry.mutateAsync(event.id)
      showSnackbar(answer.message, { severity: 'success' })
    } catch (error) {
      showSnackbar(failureMessage(parkedEventMessages.actionFailed, error), { severity: 'error' })
    } finally {
      setRetrying(null)
    }
  }

  return (
    <Card
      title="Parked events"
      actions={
        <>
          <SelectField
            label="Parked events status"
            value={status}
            options={statusOptions}
            onValueChange={(value) => {
              setStatus(value as ParkedEventStatus)
              setPage(1)
            }}
          />
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void parked.refetch()}
            disabled={parked.isFetching}
          >
            {parked.isFetching ? 'Loading…' : 'Reload'}
          </Button>
        </>
      }
    >
      <QueryView
        query={parked}
        loading="Loading the parked events…"
        failed={parkedEventMessages.loadFailed}
        stale={{ message: 'Showing the last page loaded' }}
      >
        {(data) => (
          <>
            {data.events.length === 0 ? (
              <p>
                {status === 'open'
                  ? 'No open parked events: every reactor is handling its events.'
                  : 'None on this page.'}
              </p>
            ) : (
              <TableFrame
                label="Parked events"
                columns={['Parked', 'Reactor', 'Event', 'Reason', 'Attempts', 'Status', 'Closed', 'Actions']}
              >
                <tbody>
                  {data.events.map((event) => (
                    <tr key={event.id}>
                      <Td
                        css={css`
                          white-space: nowrap;
                        `}
                      >
                        {formatDateTime(event.parkedAt)}
                      </Td>
                      <Td>{event.consumer}</Td>
                      <Td
                        css={css`
                          overflow-wrap: anywhere;
                        `}
                      >
                        {event.eventType} on {event.streamId}
                      </Td>
                      <Td
                        css={css`
                          max-width: 320px;
                          overflow-wrap: anywhere;
                        `}
                      >
                        {event.reason}
                      </Td>
                      <Td>{event.attempts}</Td>
                      <Td>{outcome(event)}</Td>
                      <Td
                        css={css`
                          max-width: 240px;
                          overflow-wrap: anywhere;
                        `}
                      >
                        {closedBy(event)}
                      </Td>
                      <Td>
                        {event.resolvedAt === null && (
                          <>
                            <Button
                              type="button"
                              size="sm"
                              variant="outline"
                              disabled={retrying !== null || event.retrying}
                              aria-label={`Retry ${event.eventType} of ${event.consumer}`}
                              onClick={() => void retryOne(event)}
                            >
                              {retrying === event.id ? 'Retrying…' : 'Retry'}
                            </Button>{' '}
                            <Button
                              type="button"
                              size="sm"
                              variant="outline"
                              disabled={retrying !== null || event.retrying}
                              aria-label={`Resolve ${event.eventType} of ${event.consumer}`}
                              onClick={() => setResolving(event)}
                            >
                              Resolve
                            </Button>
                          </>
                        )}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )}
            <MorePager label="Parked events pages" page={page} hasMore={data.hasMore} onPage={setPage} />
          </>
        )}
      </QueryView>
      {resolving && <ResolveDialog event={resolving} onClose={() => setResolving(null)} />}
    </Card>
  )
}
