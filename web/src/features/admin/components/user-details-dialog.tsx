import type { AdminUserRow } from '@prizes/contracts'
import { Dialog } from '../../../components/dialog'
import { formatDate, formatPrice } from '../../../lib/format'
import { useAdminUser } from '../api/get-admin-user'
import { fullName } from '../model/user-actions'
import { AdminStack, QueryView } from './load-state'
import { Facts } from './table'

/** A valid date as the list shows dates, else 'Unknown'. */
const dateOrUnknown = (iso: string | null | undefined) =>
  iso && !Number.isNaN(Date.parse(iso)) ? formatDate(iso) : 'Unknown'

/** SPEC section 3 "User details": contact details and the entry stats, from the server. */
export function UserDetailsDialog({
  user,
  onClose,
}: {
  readonly user: AdminUserRow
  readonly onClose: () => void
}) {
  const details = useAdminUser(user.id)
  return (
    <Dialog open onClose={onClose} title={`User: ${fullName(user) || user.email}`} size="md">
      <QueryView query={details} loading="Loading user…" failed="Failed to load user" stale="quiet">
        {(shown) => (
          <AdminStack>
            <Facts
              facts={[
                { term: 'Email', value: shown.email },
                { term: 'Phone', value: shown.phone || 'N/A' },
                { term: 'Address', value: shown.address || 'Not given' },
                { term: 'Role', value: shown.role === 'admin' ? 'Admin' : 'User' },
                { term: 'Email verified', value: shown.email_verified ? 'Yes' : 'No' },
                { term: 'Status', value: shown.banned ? 'Banned' : 'Active' },
                { term: 'Total entries', value: String(shown.total_entries) },
                { term: 'Total spent', value: formatPrice(shown.total_spent) },
                {
                  term: 'Last entry',
                  value: shown.last_entry_date ? dateOrUnknown(shown.last_entry_date) : 'None yet',
                },
                { term: 'Member since', value: dateOrUnknown(shown.created_at) },
              ]}
            />
          </AdminStack>
        )}
      </QueryView>
    </Dialog>
  )
}
