import { css, useTheme } from '@emotion/react'
import type { AdminCompetition } from '@prizes/contracts'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { Switch } from '../../../../components/switch'
import { formatCount, formatDate, formatPrice } from '../../../../lib/format'
import { Td } from '../../shared/components/table'
import {
  canDelete,
  canEdit,
  canExtend,
  type StatusAction,
  statusActionsFor,
  statusLabels,
} from '../model/status-actions'

/** What a row asks its tab to open. */
export type RowRequest =
  | {
      readonly kind: 'edit' | 'entries' | 'history' | 'winner' | 'delete' | 'extend'
      readonly competition: AdminCompetition
    }
  | { readonly kind: 'status'; readonly competition: AdminCompetition; readonly action: StatusAction }

interface CompetitionRowProps {
  readonly competition: AdminCompetition
  /** The featured value being saved, shown until the server answers; null when none is. */
  readonly featuredPending: boolean | null
  readonly onFeatured: (featured: boolean) => void
  readonly onRequest: (request: RowRequest) => void
}

/** One competition: its figures, status chip, featured switch and the actions its status allows. */
export function CompetitionRow({ competition, featuredPending, onFeatured, onRequest }: CompetitionRowProps) {
  const theme = useTheme()
  const { status } = competition
  const open = (kind: Exclude<RowRequest['kind'], 'status'>) => () => onRequest({ kind, competition })
  return (
    <tr>
      <Td>
        <p
          css={css`
            font-weight: 700;
          `}
        >
          {competition.title}
        </p>
        <p
          css={css`
            font-size: 0.875rem;
            color: ${theme.palette.text.secondary};
          `}
        >
          {competition.prize}
        </p>
      </Td>
      <Td>{formatPrice(competition.entry_price)}</Td>
      <Td
        css={css`
          white-space: nowrap;
        `}
      >
        {formatCount(competition.sold_tickets)} / {formatCount(competition.total_tickets)}
        {competition.minimum_tickets !== null && (
          <p
            css={css`
              font-size: 0.8125rem;
              color: ${theme.palette.text.secondary};
            `}
          >
            Minimum {formatCount(competition.minimum_tickets)}
          </p>
        )}
      </Td>
      <Td
        css={css`
          white-space: nowrap;
        `}
      >
        {formatDate(competition.end_date)}
      </Td>
      <Td>
        <Chip tone={theme.statusTone[status]}>{statusLabels[status]}</Chip>
        {status === 'undersold' && (
          <p
            css={css`
              margin-top: 4px;
              font-size: 0.8125rem;
              color: ${theme.palette.error.text};
            `}
          >
            Minimum not reached: choose what happens
          </p>
        )}
      </Td>
      <Td>
        <Switch
          label={`Featured: ${competition.title}`}
          checked={featuredPending ?? competition.featured}
          disabled={featuredPending !== null}
          onCheckedChange={onFeatured}
        />
      </Td>
      <Td>
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 6px;
            min-width: 260px;
          `}
        >
          {canEdit(status) && (
            <Button type="button" size="sm" variant="outline" onClick={open('edit')}>
              Edit
            </Button>
          )}
          {statusActionsFor(status).map((action) => (
            <Button
              key={action.event}
              type="button"
              size="sm"
              variant={action.colour === 'error' ? 'outline' : 'primary'}
              onClick={() => onRequest({ kind: 'status', competition, action })}
            >
              {action.label}
            </Button>
          ))}
          {canExtend(competition) && (
            <Button type="button" size="sm" onClick={open('extend')}>
              Extend End Date
            </Button>
          )}
          {status === 'completed' && (
            <Button type="button" size="sm" onClick={open('winner')}>
              View Winner
            </Button>
          )}
          <Button type="button" size="sm" variant="ghost" onClick={open('entries')}>
            Entries
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={open('history')}>
            History
          </Button>
          {canDelete(status) && (
            <Button type="button" size="sm" variant="ghost" onClick={open('delete')}>
              Delete
            </Button>
          )}
        </div>
      </Td>
    </tr>
  )
}
