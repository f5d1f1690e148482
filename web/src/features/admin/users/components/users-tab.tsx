import { css, useTheme } from '@emotion/react'
import type { AdminUserRow } from '@prizes/contracts'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { SelectField, TextField } from '../../../../components/form-field'
import { MorePager } from '../../../../components/pager'
import { formatDate, formatPrice } from '../../../../lib/format'
import { useSettled } from '../../../../lib/use-settled'
import { sessionStore } from '../../../../stores/session-store'
import { AdminStack, QueryView } from '../../shared/components/load-state'
import { TableFrame, Td } from '../../shared/components/table'
import { type AdminUsersParams, useAdminUsers } from '../api/get-admin-users'
import { actionsFor, fullName, type UserAction, userActions } from '../model/user-actions'
import { ResponsiblePlayCell } from './responsible-play-cell'
import { UserActionDialog } from './user-action-dialog'
import { UserDetailsDialog } from './user-details-dialog'
import { UserEditDialog } from './user-edit-dialog'

/** How long typing rests before the search is sent. */
const searchDelayMs = 300

type Filters = Pick<AdminUsersParams, 'role' | 'verified' | 'banned'>
type Open =
  | { readonly kind: 'view' | 'edit'; readonly user: AdminUserRow }
  | { readonly kind: 'action'; readonly user: AdminUserRow; readonly action: UserAction }
  | null

const roleOptions = [
  { value: '', label: 'All roles' },
  { value: 'user', label: 'Users' },
  { value: 'admin', label: 'Admins' },
]
const verifiedOptions = [
  { value: '', label: 'Verified or not' },
  { value: 'true', label: 'Verified' },
  { value: 'false', label: 'Not verified' },
]
const bannedOptions = [
  { value: '', label: 'Banned or not' },
  { value: 'true', label: 'Banned' },
  { value: 'false', label: 'Not banned' },
]

/** The Users tab (SPEC section 2): ten a page from the server, searched and filtered there. */
export function UsersTab() {
  const theme = useTheme()
  const me = useSnapshot(sessionStore).user
  const [searchInput, setSearchInput] = useState('')
  const search = useSettled(searchInput, searchDelayMs)
  const [filters, setFilters] = useState<Filters>({ role: '', verified: '', banned: '' })
  // The page belongs to the search it was chosen for: a new search starts from its first page.
  const [paging, setPaging] = useState({ search, page: 1 })
  const page = paging.search === search ? paging.page : 1
  const setPage = (next: number) => setPaging({ search, page: next })
  const [open, setOpen] = useState<Open>(null)
  const users = useAdminUsers({ page, search, ...filters })
  const filter = <K extends keyof Filters>(key: K, value: string) => {
    setFilters((current) => ({ ...current, [key]: value as Filters[K] }))
    setPage(1)
  }
  const close = () => setOpen(null)

  return (
    <AdminStack>
      <div
        css={css`
          display: grid;
          gap: 12px;
          grid-template-columns: minmax(0, 1fr);
          ${theme.mq.sm} {
            grid-template-columns: minmax(220px, 2fr) repeat(3, minmax(140px, 1fr));
          }
          align-items: end;
        `}
      >
        <TextField
          label="Search users by name or email"
          type="search"
          value={searchInput}
          onValueChange={setSearchInput}
          maxLength={100}
        />
        <SelectField
          label="Role"
          value={filters.role}
          onValueChange={(value) => filter('role', value)}
          options={roleOptions}
        />
        <SelectField
          label="Verified"
          value={filters.verified}
          onValueChange={(value) => filter('verified', value)}
          options={verifiedOptions}
        />
        <SelectField
          label="Banned"
          value={filters.banned}
          onValueChange={(value) => filter('banned', value)}
          options={bannedOptions}
        />
      </div>
      <QueryView
        query={users}
        loading="Loading users…"
        failed="Failed to load users"
        stale={{ message: 'Failed to load users', retry: true }}
      >
        {(list) => (
          <>
            {list.users.length === 0 ? (
              <p role="status">
                {search.trim() === '' && Object.values(filters).every((value) => value === '')
                  ? 'No users yet.'
                  : 'No users match your search.'}
              </p>
            ) : (
              <TableFrame
                label="Users"
                columns={['User', 'Role', 'Status', 'Entries', 'Spent', 'Limits', 'Joined', 'Actions']}
              >
                <tbody>
                  {list.users.map((user) => (
                    <tr key={user.id}>
                      <Td>
                        <p
                          css={css`
                          font-weight: 700;
                        `}
                        >
                          {fullName(user) || 'No name'}
                        </p>
                        <p
                          css={css`
                          font-size: 0.875rem;
                          color: ${theme.palette.text.secondary};
                          overflow-wrap: anywhere;
                        `}
                        >
                          {user.email}
                        </p>
                      </Td>
                      <Td>
                        <Chip tone={user.role === 'admin' ? 'accent' : 'neutral'}>
                          {user.role === 'admin' ? 'Admin' : 'User'}
                        </Chip>
                      </Td>
                      <Td>
                        <div
                          css={css`
                          display: flex;
                          flex-wrap: wrap;
                          gap: 4px;
                        `}
                        >
                          {user.banned ? (
                            <Chip tone="error">Banned</Chip>
                          ) : (
                            <Chip tone="success">Active</Chip>
                          )}
                          {user.email_verified ? (
                            <Chip tone="neutral">Verified</Chip>
                          ) : (
                            <Chip tone="warning">Unverified</Chip>
                          )}
                        </div>
                      </Td>
                      <Td>{user.total_entries}</Td>
                      <Td>{formatPrice(user.total_spent)}</Td>
                      <Td>
                        <ResponsiblePlayCell play={user.responsible_play} />
                      </Td>
                      <Td
                        css={css`
                        white-space: nowrap;
                      `}
                      >
                        {Number.isNaN(Date.parse(user.created_at)) ? 'Unknown' : formatDate(user.created_at)}
                      </Td>
                      <Td>
                        <div
                          css={css`
                          display: flex;
                          flex-wrap: wrap;
                          gap: 6px;
                          min-width: 240px;
                        `}
                        >
                          <Button
                            type="button"
                            size="sm"
                            variant="ghost"
                            aria-label={`View ${user.email}`}
                            onClick={() => setOpen({ kind: 'view', user })}
                          >
                            View
                          </Button>
                          <Button
                            type="button"
                            size="sm"
                            variant="outline"
                            aria-label={`Edit ${user.email}`}
                            onClick={() => setOpen({ kind: 'edit', user })}
                          >
                            Edit
                          </Button>
                          {actionsFor(user, me?.id ?? null).map((action) => (
                            <Button
                              key={action}
                              type="button"
                              size="sm"
                              variant={userActions[action].colour === 'error' ? 'outline' : 'primary'}
                              aria-label={`${userActions[action].confirmLabel} ${user.email}`}
                              onClick={() => setOpen({ kind: 'action', user, action })}
                            >
                              {userActions[action].confirmLabel}
                            </Button>
                          ))}
                        </div>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )}
            <MorePager
              label="Users pages"
              page={page}
              hasMore={list.hasMore}
              onPage={setPage}
              busy={users.isFetching}
            />
          </>
        )}
      </QueryView>

      {open?.kind === 'view' && <UserDetailsDialog user={open.user} onClose={close} />}
      {open?.kind === 'edit' && <UserEditDialog user={open.user} onClose={close} />}
      {open?.kind === 'action' && <UserActionDialog user={open.user} action={open.action} onClose={close} />}
    </AdminStack>
  )
}
