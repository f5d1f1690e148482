import { css } from '@emotion/react'
import { Alert } from '../../../../components/alert'
import { Chip } from '../../../../components/chip'
import { Dialog } from '../../../../components/dialog'
import { formatCount, formatDateTime } from '../../../../lib/format'
import { LoadFailed } from '../../shared/components/load-state'
import { Facts, TableFrame, Td, Th } from '../../shared/components/table'
import { useHealth } from '../api/get-health'
import { useSystem } from '../api/get-system'
import { healthRows, healthSummary } from '../model/health'
import { ParkedEvents } from './parked-events'

/** SPEC section 2's System Info: static facts about this build, then the read side's health. */
const facts = [
  { term: 'Web app build', value: import.meta.env.MODE },
  { term: 'API', value: 'Same origin, /api' },
  { term: 'Draw randomness', value: 'drand beacon (quicknet)' },
  { term: 'Currency', value: 'GBP (£), 2 decimals' },
  { term: 'Dates', value: 'en-GB, UK time' },
  { term: 'Max image size', value: '5 MB' },
]

function uptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return days > 0
    ? `${days} d ${hours} h ${minutes} min`
    : hours > 0
      ? `${hours} h ${minutes} min`
      : `${minutes} min ${seconds % 60} s`
}

const storeNames = { postgres: 'PostgreSQL', eventstoredb: 'EventStoreDB' } as const

/** The running platform (`GET /api/admin/system`): version, uptime, the event store and its size. */
function Platform({ shown }: { readonly shown: boolean }) {
  const system = useSystem(shown)
  if (system.isPending) return <p>Loading the system information…</p>
  if (system.isError) {
    return (
      <LoadFailed
        message="Failed to load system information"
        error={system.error}
        onRetry={() => void system.refetch()}
      />
    )
  }
  const { data } = system
  return (
    <Facts
      facts={[
        { term: 'Version', value: data.version },
        { term: 'Uptime', value: uptime(data.uptimeSeconds) },
        { term: 'Node.js', value: data.nodeVersion },
        { term: 'Event store', value: storeNames[data.eventStore.kind] },
        {
          term: 'Events',
          value:
            data.eventStore.events === null
              ? 'Not counted on this store'
              : formatCount(data.eventStore.events),
        },
      ]}
    />
  )
}

/** Every projection and reactor (`GET /api/health`), measured while the panel is open; Refresh Data measures again. */
function Health({ shown }: { readonly shown: boolean }) {
  const health = useHealth(shown)
  if (health.isPending) return <p>Checking the projections and reactors…</p>
  if (health.isError) {
    return (
      <LoadFailed
        message="Failed to load system health"
        error={health.error}
        onRetry={() => void health.refetch()}
      />
    )
  }
  const summary = healthSummary(health.data)
  return (
    <>
      <Alert tone={summary.stuck ? 'error' : 'success'}>
        {summary.text} Checked {formatDateTime(health.data.checkedAt)}.
      </Alert>
      <TableFrame
        label="Projections and reactors"
        columns={['Name', 'Kind', 'Status', 'Position', 'Lag', 'Problem']}
      >
        <tbody>
          {healthRows(health.data).map((row) => (
            <tr key={row.key}>
              <Th scope="row">{row.name}</Th>
              <Td>{row.kind}</Td>
              <Td>
                <Chip tone={row.tone}>{row.status}</Chip>
              </Td>
              <Td>{row.position}</Td>
              <Td>{row.lag}</Td>
              <Td
                css={css`
                  overflow-wrap: anywhere;
                  min-width: 16rem;
                `}
              >
                {row.problem ?? 'None'}
              </Td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </>
  )
}

/**
 * System Info, a dialog over the dashboard: Escape closes it alone, as the topmost dialog,
 * and the dashboard stays. Measured only while open; Refresh Data measures again.
 */
export function SystemInfo({ onClose }: { readonly onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="System Info" size="xl">
      <div
        css={css`
          display: grid;
          grid-template-columns: minmax(0, 1fr);
          gap: 16px;
        `}
      >
        <Platform shown />
        <Facts facts={facts} />
        <Health shown />
        <ParkedEvents shown />
      </div>
    </Dialog>
  )
}
