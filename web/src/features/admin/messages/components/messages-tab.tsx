import { css, useTheme } from '@emotion/react'
import {
  adminContactAnswerRequest,
  type ContactHistoryEntry,
  type ContactMessageStatus,
  contactAnswerMessages,
  contactBounds,
  contactStatusLabels,
  contactTopicLabels,
  longDate,
} from '@prizes/contracts'
import { useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { Dialog } from '../../../../components/dialog'
import { FieldRow, SelectField, TextAreaField, TextField } from '../../../../components/form-field'
import { MorePager } from '../../../../components/pager'
import { formatDate, formatDateTime } from '../../../../lib/format'
import { useSettled } from '../../../../lib/use-settled'
import { showSnackbar } from '../../../../stores/ui-store'
import { AdminStack, QueryView } from '../../shared/components/load-state'
import { Facts, TableFrame, Td } from '../../shared/components/table'
import { failureMessage } from '../../shared/model/errors'
import { type ContactStep, useContactStep } from '../api/answer-contact-message'
import { useContactMessage, useContactMessages } from '../api/get-contact-messages'
import { ComplaintDue } from './complaint-due'

const statusTones: Record<ContactMessageStatus, 'warning' | 'info' | 'success'> = {
  open: 'warning',
  answered: 'info',
  closed: 'success',
}

/**
 * The Messages tab: what visitors sent with the contact form, ten a page, newest first;
 * complaints marked and filterable (then ordered by the deadline due next, the overdue first),
 * each message answered and closed from its details.
 */
export function MessagesTab() {
  const theme = useTheme()
  const [searchInput, setSearchInput] = useState('')
  const search = useSettled(searchInput, 300)
  const [complaintsOnly, setComplaintsOnly] = useState(false)
  const [paging, setPaging] = useState({ search, complaintsOnly, page: 1 })
  const page = paging.search === search && paging.complaintsOnly === complaintsOnly ? paging.page : 1
  const messages = useContactMessages({ page, search, complaintsOnly })
  const [open, setOpen] = useState<string | null>(null)

  return (
    <AdminStack>
      <FieldRow>
        <TextField
          label="Search by reference or email address"
          type="search"
          value={searchInput}
          onValueChange={setSearchInput}
          maxLength={254}
        />
        <SelectField
          label="Show"
          value={complaintsOnly ? 'complaints' : 'all'}
          onValueChange={(value) => setComplaintsOnly(value === 'complaints')}
          options={[
            { value: 'all', label: 'All messages' },
            { value: 'complaints', label: 'Complaints by deadline' },
          ]}
        />
      </FieldRow>
      <QueryView
        query={messages}
        loading="Loading messages…"
        failed="Failed to load messages"
        stale={{ message: 'Failed to load messages', retry: true }}
      >
        {(list) => (
          <>
            <p>
              Confirmed newsletter subscribers:{' '}
              <strong>{list.newsletterSubscribers.toLocaleString('en-GB')}</strong>
            </p>
            {list.messages.length === 0 ? (
              <p role="status">
                {search.trim() === '' && !complaintsOnly ? 'No messages yet.' : 'No messages match.'}
              </p>
            ) : (
              <TableFrame
                label="Contact messages"
                columns={['Reference', 'From', 'Topic', 'Subject', 'Received', 'Status', 'Due', '']}
              >
                <tbody>
                  {list.messages.map((message) => (
                    <tr key={message.reference}>
                      <Td
                        css={css`
                          font-weight: 700;
                          white-space: nowrap;
                        `}
                      >
                        {message.reference}
                      </Td>
                      <Td>
                        <p>{message.name || 'Erased'}</p>
                        <p
                          css={css`
                            font-size: 0.875rem;
                            color: ${theme.palette.text.secondary};
                            overflow-wrap: anywhere;
                          `}
                        >
                          {message.email}
                        </p>
                      </Td>
                      <Td>
                        {message.topic === 'complaint' ? (
                          <Chip tone="error">{contactTopicLabels.complaint}</Chip>
                        ) : (
                          contactTopicLabels[message.topic]
                        )}
                      </Td>
                      <Td
                        css={css`
                          overflow-wrap: anywhere;
                        `}
                      >
                        {message.subject}
                      </Td>
                      <Td
                        css={css`
                          white-space: nowrap;
                        `}
                      >
                        {formatDate(message.receivedAt)}
                      </Td>
                      <Td>
                        <Chip tone={statusTones[message.status]}>{contactStatusLabels[message.status]}</Chip>
                      </Td>
                      <Td>
                        <ComplaintDue message={message} />
                      </Td>
                      <Td>
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          aria-label={`View message ${message.reference}`}
                          onClick={() => setOpen(message.reference)}
                        >
                          View
                        </Button>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )}
            <MorePager
              label="Messages pages"
              page={page}
              hasMore={list.hasMore}
              onPage={(next) => setPaging({ search, complaintsOnly, page: next })}
              busy={messages.isFetching}
            />
          </>
        )}
      </QueryView>
      {open && <MessageDialog reference={open} onClose={() => setOpen(null)} />}
    </AdminStack>
  )
}

function MessageDialog({ reference, onClose }: { readonly reference: string; readonly onClose: () => void }) {
  const message = useContactMessage(reference)
  return (
    <Dialog open onClose={onClose} title={`Message ${reference}`} size="lg">
      <QueryView query={message} loading="Loading the message…" failed="Failed to load the message">
        {({ message: m }) => (
          <AdminStack>
            <Facts
              facts={[
                { term: 'From', value: m.name || 'Erased' },
                { term: 'Email', value: m.email },
                { term: 'Topic', value: contactTopicLabels[m.topic] },
                { term: 'Received', value: formatDate(m.receivedAt) },
                { term: 'Status', value: contactStatusLabels[m.status] },
                ...(m.deadlines
                  ? [
                      { term: 'Acknowledge by', value: longDate(m.deadlines.acknowledgeBy) },
                      { term: 'Final answer by', value: longDate(m.deadlines.finalAnswerBy) },
                    ]
                  : []),
              ]}
            />
            <h3>{m.subject}</h3>
            <Prose>{m.message}</Prose>
            <Trail history={m.history} />
            {m.status === 'closed' ? (
              <p role="status">This message is closed: it cannot be answered again.</p>
            ) : (
              <Steps reference={reference} />
            )}
          </AdminStack>
        )}
      </QueryView>
    </Dialog>
  )
}

function Prose({ children }: { readonly children: string }) {
  return (
    <p
      css={css`
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      `}
    >
      {children}
    </p>
  )
}

/** Each step of the message's life: what, who and when, with the answer or note given. */
function Trail({ history }: { readonly history: readonly ContactHistoryEntry[] }) {
  const theme = useTheme()
  return (
    <section aria-label="Message history">
      <h3>History</h3>
      <ol
        css={css`
          display: grid;
          gap: 8px;
          margin: 8px 0 0;
          padding-left: 20px;
        `}
      >
        {history.map((step) => (
          <li key={`${step.type}-${step.occurredAt}`}>
            <p>
              <strong>{step.summary}</strong>{' '}
              <span
                css={css`
                  color: ${theme.palette.text.secondary};
                `}
              >
                {formatDateTime(step.occurredAt)} · {step.actor.name ?? step.actor.email ?? step.actor.id}
              </span>
            </p>
            {step.text && <Prose>{step.text}</Prose>}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Answer (emailed to the sender, quoting the reference) or close, with an optional note. */
function Steps({ reference }: { readonly reference: string }) {
  const step = useContactStep()
  const [answer, setAnswer] = useState('')
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const parsed = adminContactAnswerRequest.safeParse({ answer })
  const answerError = answer === '' ? undefined : parsed.error?.issues[0]?.message

  async function take(input: ContactStep, done: string) {
    setError(null)
    try {
      await step.mutateAsync(input)
      showSnackbar(done, { severity: 'success' })
      setAnswer('')
      setNote('')
    } catch (failure) {
      setError(failureMessage('Failed to update the message', failure))
    }
  }

  return (
    <AdminStack>
      <TextAreaField
        label="Answer"
        name="answer"
        maxLength={contactBounds.answer}
        hint="Emailed to the sender with the reference."
        value={answer}
        onValueChange={setAnswer}
        error={answerError}
      />
      <div>
        <Button
          type="button"
          disabled={!parsed.success || step.isPending}
          onClick={() => void take({ kind: 'answer', reference, answer }, contactAnswerMessages.answered)}
        >
          Send Answer
        </Button>
      </div>
      <TextField
        label="Closing note (optional)"
        name="note"
        maxLength={contactBounds.note}
        value={note}
        onValueChange={setNote}
      />
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={step.isPending}
          onClick={() => void take({ kind: 'close', reference, note }, contactAnswerMessages.closedNow)}
        >
          Close Message
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </AdminStack>
  )
}
