import { css, useTheme } from '@emotion/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/button'
import { Dialog } from '../../components/dialog'
import { RefreshIcon } from '../../components/icons/refresh'
import { type TabItem, Tabs } from '../../components/tabs'
import { showSnackbar } from '../../stores/ui-store'
import { AnalyticsTab } from './analytics/components/analytics-tab'
import { CompetitionsTab } from './competitions/components/competitions-tab'
import { adminMessages } from './dashboard-messages'
import { EmailTab } from './email/components/email-tab'
import { EntriesTab } from './entries/components/entries-tab'
import { MessagesTab } from './messages/components/messages-tab'
import { SettingsTab } from './settings/components/settings-tab'
import { adminQueryKey } from './shared/api/query-keys'
import { DatabaseTools } from './system/components/database-tools'
import { SystemInfo } from './system/components/system-info'
import { UsersTab } from './users/components/users-tab'

type AdminTab = 'competitions' | 'users' | 'entries' | 'messages' | 'analytics' | 'email' | 'settings'

export interface AdminDashboardProps {
  readonly onClose: () => void
}

/** The admin dashboard (SPEC section 2), a full-screen overlay; every action is checked by the server. */
export function AdminDashboard({ onClose }: AdminDashboardProps) {
  const theme = useTheme()
  const queryClient = useQueryClient()
  const [tab, setTab] = useState<AdminTab>('competitions')
  const [refreshing, setRefreshing] = useState(false)
  const [infoOpen, setInfoOpen] = useState(false)

  async function refresh() {
    setRefreshing(true)
    try {
      await queryClient.invalidateQueries({ queryKey: adminQueryKey, refetchType: 'none' })
      await queryClient.refetchQueries({ queryKey: adminQueryKey, type: 'active' }, { throwOnError: true })
      showSnackbar(adminMessages.refreshed, { severity: 'success' })
    } catch (error) {
      console.error('Admin data refresh failed', error)
      showSnackbar(adminMessages.refreshFailed, { severity: 'warning' })
    } finally {
      setRefreshing(false)
    }
  }

  const tabs: TabItem<AdminTab>[] = [
    { id: 'competitions', label: 'Competitions', panel: <CompetitionsTab onLeaveDashboard={onClose} /> },
    { id: 'users', label: 'Users', panel: <UsersTab /> },
    { id: 'entries', label: 'Entries', panel: <EntriesTab /> },
    { id: 'analytics', label: 'Analytics', panel: <AnalyticsTab shown={tab === 'analytics'} /> },
    { id: 'email', label: 'Email System', panel: <EmailTab active={tab === 'email'} /> },
    {
      id: 'settings',
      label: 'Settings',
      panel: (
        <SettingsTab>
          <DatabaseTools />
        </SettingsTab>
      ),
    },
    // Ours, after SPEC's six in their order: messages from the contact form.
    { id: 'messages', label: 'Messages', panel: <MessagesTab /> },
  ]

  return (
    <Dialog open onClose={onClose} title="Admin Dashboard" placement="full">
      <div
        css={css`
          display: grid;
          grid-template-columns: minmax(0, 1fr);
          gap: 20px;
          width: 100%;
          max-width: ${theme.layout.maxWidth};
          margin: 0 auto;
          color: ${theme.palette.text.primary};
        `}
      >
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 12px;
            justify-content: flex-end;
          `}
        >
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setInfoOpen(true)}
            aria-haspopup="dialog"
          >
            System Info
          </Button>
          <Button type="button" size="sm" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshIcon size={16} />
            {refreshing ? 'Refreshing…' : 'Refresh Data'}
          </Button>
        </div>
        {infoOpen && <SystemInfo onClose={() => setInfoOpen(false)} />}
        <Tabs label="Admin sections" tabs={tabs} selected={tab} onSelect={setTab} />
      </div>
    </Dialog>
  )
}

export default AdminDashboard
