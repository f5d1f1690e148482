import { css, useTheme } from '@emotion/react'
import { contactTopicLabels } from '@prizes/contracts'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { TextField } from '../../../components/form-field'
import { MorePager } from '../../../components/pager'
import { formatDate } from '../../../lib/format'
import { useSettled } from '../../../lib/use-settled'
import { useContactMessage, useContactMessages } from '../api/get-contact-messages'
import { AdminStack, QueryView } from './load-state'
import { Facts, TableFrame, Td } from './table'

/** The Messages tab: what visitors sent with the contact form, ten a page, newest first. */
export function MessagesTab() {
  const theme = useTheme()
  const [searchInput, setSearchInput] = useState('')
  const search = useSettled(searchInput, 300)
  const [paging, setPaging] = useState({ search, page: 1 })
  const page = paging.search === search ? paging.page : 1
  const messages = useContactMessages({ page, search })
  const [open, setOpen] = useState<string | null>(null)

  return (
    <AdminStack>
      <TextField
        label="Search by reference or email address"
        type="search"
        value={searchInput}
        onValueChange={setSearchInput}
        maxLength={254}
      />
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
                {search.trim() === '' ? 'No messages yet.' : 'No messages match your search.'}
              </p>
            ) : (
              <TableFrame
                label="Contact messages"
                columns={['Reference', 'From', 'Topic', 'Subject', 'Received', '']}
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
                      <Td>{contactTopicLabels[message.topic]}</Td>
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
              onPage={(next) => setPaging({ search, page: next })}
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
                { term: 'Status', value: m.status === 'open' ? 'Open' : m.status },
              ]}
            />
            <h3>{m.subject}</h3>
            <p
              css={css`
                white-space: pre-wrap;
                overflow-wrap: anywhere;
              `}
            >
              {m.message}
            </p>
          </AdminStack>
        )}
      </QueryView>
    </Dialog>
  )
}
