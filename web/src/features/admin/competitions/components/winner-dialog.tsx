import { css, useTheme } from '@emotion/react'
import type { AdminCompetition } from '@prizes/contracts'
import { Link } from 'wouter'
import { Alert } from '../../../../components/alert'
import { Button, buttonStyles } from '../../../../components/button'
import { Dialog } from '../../../../components/dialog'
import { formatDateTime } from '../../../../lib/format'
import { Facts } from '../../shared/components/table'

interface WinnerDialogProps {
  readonly competition: AdminCompetition
  readonly onClose: () => void
  /** Closes the admin dashboard as the certificate page (`/draws/<id>`) opens. */
  readonly onLeaveDashboard: () => void
}

const orNotGiven = (value: string | null | undefined) => value ?? 'Not available (erased)'

/** "View Winner" of a completed competition, with the way to its public certificate. */
export function WinnerDialog({ competition, onClose, onLeaveDashboard }: WinnerDialogProps) {
  const theme = useTheme()
  const winner = competition.winner ?? null
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Winner: ${competition.title}`}
      size="md"
      actions={
        <>
          <Button type="button" variant="outline" onClick={onClose}>
            Done
          </Button>
          <Link
            href={`/draws/${encodeURIComponent(competition.id)}`}
            onClick={onLeaveDashboard}
            css={buttonStyles(theme, {})}
          >
            View Draw Certificate
          </Link>
        </>
      }
    >
      <div
        css={css`
          display: grid;
          gap: 16px;
          color: ${theme.palette.text.primary};
        `}
      >
        <p>
          Prize: <strong>{competition.prize}</strong>
          {competition.drawn_at ? ` · drawn ${formatDateTime(competition.drawn_at)}` : ''}
        </p>
        {winner ? (
          <Facts
            facts={[
              { term: 'Ticket number', value: String(winner.ticket_number) },
              { term: 'Entry reference', value: winner.entry_reference ?? '—' },
              { term: 'Name', value: orNotGiven(winner.name) },
              { term: 'Email', value: orNotGiven(winner.email) },
              { term: 'Phone', value: winner.phone ?? 'N/A' },
            ]}
          />
        ) : (
          <Alert tone="info">
            The winner’s details are not available from the server yet. The draw certificate shows the winning
            ticket.
          </Alert>
        )}
      </div>
    </Dialog>
  )
}
