import { css, useTheme } from '@emotion/react'
import type { Winner } from '@prizes/contracts'
import { Link } from 'wouter'
import { TrophyIcon } from '../../../components/icons/trophy'
import { VisuallyHidden } from '../../../components/layout'
import { formatDate } from '../../../lib/format'
import { certificatePath, winnerIdentity } from '../model/winners'

/** Winners, each linking to its draw certificate; name and town only when published. */
export function WinnersList({
  winners,
  label = 'Recent winners',
}: {
  readonly winners: readonly Winner[]
  readonly label?: string
}) {
  const theme = useTheme()
  return (
    <ul
      aria-label={label}
      css={css`
        list-style: none;
        padding: 0;
        display: grid;
        gap: 16px;
        grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr));
      `}
    >
      {winners.map((winner) => {
        const identity = winnerIdentity(winner)
        return (
          <li
            key={winner.competitionId}
            css={css`
              display: flex;
              flex-direction: column;
              gap: 6px;
              padding: 20px;
              border-radius: ${theme.radius.lg};
              background: ${theme.palette.background.surface};
              border: 1px solid ${theme.palette.border};
            `}
          >
            <span
              css={css`
                display: flex;
                align-items: center;
                gap: 8px;
                font-weight: 700;
                color: ${theme.palette.text.primary};
              `}
            >
              <TrophyIcon size={20} />
              {winner.prize}
            </span>
            <span
              css={css`
                color: ${theme.palette.text.secondary};
              `}
            >
              {winner.title}
            </span>
            <span>Winning ticket #{winner.ticketNumber}</span>
            {identity && <span>{identity}</span>}
            <span
              css={css`
                color: ${theme.palette.text.secondary};
                font-size: 0.875rem;
              `}
            >
              Drawn {formatDate(winner.drawnAt)}
            </span>
            <Link
              href={certificatePath(winner.competitionId)}
              css={css`
                margin-top: 4px;
                font-weight: 600;
                color: ${theme.palette.primary.text};
              `}
            >
              Verify the draw<VisuallyHidden> for {winner.title}</VisuallyHidden>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
