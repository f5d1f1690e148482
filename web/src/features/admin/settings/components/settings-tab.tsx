import { css, useTheme } from '@emotion/react'
import type { AdminSettingsRequest, PlatformSettings } from '@prizes/contracts'
import { type ReactNode, useState } from 'react'
import { Alert } from '../../../../components/alert'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { TextField } from '../../../../components/form-field'
import { MorePager } from '../../../../components/pager'
import { Switch } from '../../../../components/switch'
import { showSnackbar } from '../../../../stores/ui-store'
import { HistoryTable } from '../../shared/components/history-table'
import { AdminStack, QueryView } from '../../shared/components/load-state'
import { failureMessage } from '../../shared/model/errors'
import { useSettings } from '../api/get-settings'
import { useSettingsHistory } from '../api/get-settings-history'
import { useUpdateSettings } from '../api/update-settings'
import { describeChange, type SettingKey, settingControls, settingsFailures } from '../model/settings'
import { SpendingAlertSection } from './spending-alert-section'

/**
 * The Settings tab: the three platform settings, saved to the server and shown as the server
 * stored them, and their history. `children`: further sections (the database tools).
 */
export function SettingsTab({ children }: { readonly children?: ReactNode }) {
  return (
    <AdminStack>
      <PlatformSettingsSection />
      <SpendingAlertSection />
      <SettingsHistorySection />
      {children}
    </AdminStack>
  )
}

/** A part of the tab, named by its heading (`id` joins them). */
function TitledSection({
  id,
  title,
  children,
}: {
  readonly id: string
  readonly title: string
  readonly children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <h3
        id={id}
        css={css`
          margin: 0 0 12px;
        `}
      >
        {title}
      </h3>
      {children}
    </section>
  )
}

function PlatformSettingsSection() {
  const theme = useTheme()
  const settings = useSettings()
  const update = useUpdateSettings()
  const [failure, setFailure] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [reason, setReason] = useState('')

  function save(changes: AdminSettingsRequest, after?: () => void) {
    setFailure(null)
    update.mutate(changes, {
      onSuccess: ({ message }) => {
        showSnackbar(message, { severity: 'success' })
        after?.()
      },
      onError: (error) => setFailure(failureMessage(settingsFailures.save, error)),
    })
  }

  function toggle(key: SettingKey, value: boolean) {
    // Closing the site to the public is asked about first.
    if (key === 'maintenanceMode' && value) return setConfirming(true)
    save({ [key]: value })
  }

  return (
    <TitledSection id="platform-settings-title" title="Platform settings">
      <QueryView query={settings} loading="Loading settings…" failed={settingsFailures.load}>
        {(current) => (
          <div
            css={css`
            display: grid;
            gap: 12px;
          `}
          >
            {failure && <Alert tone="error">{failure}</Alert>}
            {current.maintenanceMode && (
              <Alert tone="warning">Maintenance mode is on: the public site is closed.</Alert>
            )}
            {settingControls.map(({ key, label, description }) => (
              <SettingRow
                key={key}
                label={label}
                description={description}
                settings={current}
                setting={key}
                pending={update.isPending}
                onChange={(value) => toggle(key, value)}
                muted={theme.palette.text.secondary}
              />
            ))}
          </div>
        )}
      </QueryView>
      <ConfirmDialog
        open={confirming}
        title="Turn on maintenance mode?"
        message="The public site and API close to everyone but admins until you turn it off again. Visitors see the maintenance page."
        colour="warning"
        confirmLabel="Turn on maintenance"
        pending={update.isPending}
        error={failure}
        onCancel={() => {
          setConfirming(false)
          setFailure(null)
        }}
        onConfirm={() => {
          const why = reason.trim()
          save({ maintenanceMode: true, ...(why ? { reason: why } : {}) }, () => {
            setConfirming(false)
            setReason('')
          })
        }}
      >
        <TextField
          label="Reason (optional)"
          name="reason"
          value={reason}
          onValueChange={setReason}
          maxLength={500}
        />
      </ConfirmDialog>
    </TitledSection>
  )
}

function SettingRow({
  label,
  description,
  settings,
  setting,
  pending,
  onChange,
  muted,
}: {
  readonly label: string
  readonly description: string
  readonly settings: PlatformSettings
  readonly setting: SettingKey
  readonly pending: boolean
  readonly onChange: (value: boolean) => void
  readonly muted: string
}) {
  return (
    <div
      css={css`
        display: flex;
        gap: 16px;
        align-items: center;
        justify-content: space-between;
      `}
    >
      <div>
        <div
          css={css`
            font-weight: 600;
          `}
        >
          {label}
        </div>
        <div
          css={css`
            color: ${muted};
            font-size: 0.875rem;
          `}
        >
          {description}
        </div>
      </div>
      <Switch label={label} checked={settings[setting]} disabled={pending} onCheckedChange={onChange} />
    </div>
  )
}

function SettingsHistorySection() {
  const [page, setPage] = useState(1)
  const history = useSettingsHistory(page)
  return (
    <TitledSection id="settings-history-title" title="Settings history">
      <QueryView query={history} loading="Loading settings history…" failed={settingsFailures.history}>
        {(data) =>
          data.changes.length === 0 && page === 1 ? (
            <p>The settings have never been changed.</p>
          ) : (
            <HistoryTable
              label="Settings history"
              lines={data.changes}
              what={(change) => describeChange(change.settings, change.changed)}
            />
          )
        }
      </QueryView>
      {history.data && (
        <MorePager
          label="Settings history pages"
          page={page}
          hasMore={history.data.hasMore}
          onPage={setPage}
          css={css`
            margin-top: 12px;
          `}
        />
      )}
    </TitledSection>
  )
}
