import { css } from '@emotion/react'
import type { HistoryActor } from '@prizes/contracts'
import type { ReactNode } from 'react'
import { formatDateTime } from '../../../../lib/format'
import { actorLabel } from '../model/history'
import { TableFrame, Td } from './table'

/** One line of an audit trail, as the query service answers it. */
interface HistoryLine {
  readonly revision: number
  readonly occurredAt: string
  readonly actor: HistoryActor
  readonly reason?: string | null
}

/** An audit trail as a table: when, who, what (`what` says it) and why. */
export function HistoryTable<Line extends HistoryLine>({
  label,
  lines,
  what,
}: {
  readonly label: string
  readonly lines: readonly Line[]
  readonly what: (line: Line) => ReactNode
}) {
  return (
    <TableFrame label={label} columns={['When', 'Who', 'What', 'Reason']}>
      <tbody>
        {lines.map((line) => (
          <tr key={line.revision}>
            <Td
              css={css`
                white-space: nowrap;
              `}
            >
              <time dateTime={line.occurredAt}>{formatDateTime(line.occurredAt)}</time>
            </Td>
            <Td>{actorLabel(line.actor)}</Td>
            <Td>{what(line)}</Td>
            <Td>{line.reason ?? '—'}</Td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  )
}
