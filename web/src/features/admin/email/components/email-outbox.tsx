import { css } from '@emotion/react'
import { emailToolMessages, type OutboxEmail, type OutboxStatus } from '@prizes/contracts'
import { useState } from 'react'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { SelectField } from '../../../../components/form-field'
import { MorePager } from '../../../../components/pager'
import { formatDateTime } from '../../../../lib/format'
import { showSnackbar } from '../../../../stores/ui-store'
import { Card } from '../../shared/components/card'
import { QueryView } from '../../shared/components/load-state'
import { TableFrame, Td } from '../../shared/components/table'
import { failureMessage } from '../../shared/model/errors'
import { useEmailOutbox } from '../api/get-email-outbox'
import { useResendEmail } from '../api/resend-email'

const statusOptions = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'suppressed', label: 'Suppressed' },
] as const

const statusChip = (email: OutboxEmail) => {
  if (email.status === 'sent') return <Chip tone="success">Sent</Chip>
  if (email.status === 'failed') return <Chip tone="error">Failed</Chip>
  if (email.status === 'suppressed') return <Chip tone="neutral">Suppressed</Chip>
  return <Chip tone="warning">{email.sending ? 'Sending' : 'Pending'}</Chip>
}

/** When it went, gave up, or will be tried next. */
const when = (email: OutboxEmail) => {
  if (email.sentAt) return `Sent ${formatDateTime(email.sentAt)}`
  if (email.failedAt) return `Failed ${formatDateTime(email.failedAt)}`
  if (email.nextAttemptAt) return `Next try ${formatDateTime(email.nextAttemptAt)}`
  return '—'
}

/** The mail outbox, newest first, 20 a page: every email with its attempts and last error; Resend for a failed one. */
export function EmailOutbox({ active }: { readonly active: boolean }) {
  const [status, setStatus] = useState<OutboxStatus | undefined>(undefined)
  const [page, setPage] = useState(1)
  const outbox = useEmailOutbox(status, page, active)
  const resend = useResendEmail()
  const [resending, setResending] = useState<string | null>(null)

  async function resendOne(email: OutboxEmail) {
    setResending(email.id)
    try {
      const answer = await resend.mutateAsync(email.id)
      showSnackbar(answer.message, { severity: 'success' })
    } catch (error) {
      showSnackbar(failureMessage(emailToolMessages.resendFailed, error), { severity: 'error' })
    } finally {
      setResending(null)
    }
  }

  return (
    <Card
      title="Email outbox"
      actions={
        <>
          <SelectField
            label="Outbox status"
            value={status ?? ''}
            options={statusOptions}
            onValueChange={(value) => {
              setStatus(value === '' ? undefined : (value as OutboxStatus))
              setPage(1)
            }}
          />
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void outbox.refetch()}
            disabled={outbox.isFetching}
          >
            {outbox.isFetching ? 'Loading…' : 'Reload'}
          </Button>
        </>
      }
    >
      <QueryView
        query={outbox}
        loading="Loading the outbox…"
        failed={emailToolMessages.outboxFailed}
        stale={{ message: 'Showing the last page loaded' }}
      >
        {(data) => (
          <>
            {data.emails.length === 0 ? (
              <p>No emails{status ? ` ${status}` : ''} on this page.</p>
            ) : (
              <TableFrame
                label="Outbox emails"
                columns={[
                  'Queued',
                  'Recipient',
                  'Template',
                  'Subject',
                  'Status',
                  'Attempts',
                  'When',
                  'Last error',
                  'Actions',
                ]}
              >
                <tbody>
                  {data.emails.map((email) => (
                    <tr key={email.id}>
                      <Td
                        css={css`
                        white-space: nowrap;
                      `}
                      >
                        {formatDateTime(email.createdAt)}
                      </Td>
                      <Td>{email.recipient}</Td>
                      <Td>
                        {email.template} {email.test && <Chip tone="info">Test</Chip>}
                      </Td>
                      <Td>{email.subject}</Td>
                      <Td>{statusChip(email)}</Td>
                      <Td>
                        {email.attempts}
                        {email.resendCount > 0 ? ` (resent ${email.resendCount}×)` : ''}
                      </Td>
                      <Td
                        css={css`
                        white-space: nowrap;
                      `}
                      >
                        {when(email)}
                      </Td>
                      <Td
                        css={css`
                        max-width: 320px;
                        overflow-wrap: anywhere;
                      `}
                      >
                        {email.lastError ?? '—'}
                      </Td>
                      <Td>
                        {email.resendable && (
                          <Button
                            type="button"
                            size="sm"
                            variant="outline"
                            disabled={resending !== null}
                            aria-label={`Resend ${email.subject} to ${email.recipient}`}
                            onClick={() => void resendOne(email)}
                          >
                            {resending === email.id ? 'Resending…' : 'Resend'}
                          </Button>
                        )}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )}
            <MorePager label="Outbox pages" page={page} hasMore={data.hasMore} onPage={setPage} />
          </>
        )}
      </QueryView>
    </Card>
  )
}
