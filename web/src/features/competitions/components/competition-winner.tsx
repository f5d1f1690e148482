import { css, useTheme } from '@emotion/react'
import type { PublicCompetitionDetail } from '@prizes/contracts'
import { Link } from 'wouter'
import { TrophyIcon } from '../../../components/icons/trophy'

interface CompetitionWinnerProps {
  readonly competition: Pick<PublicCompetitionDetail, 'id' | 'status' | 'winner'>
}

/**
 * Once drawn, the winner as they chose to be named (issue 24), with their town or county, the
 * winning ticket and the certificate that lets anyone check the draw.
 */
export function CompetitionWinner({ competition: { id, status, winner } }: CompetitionWinnerProps) {
  const theme = useTheme()
  if (status !== 'completed' || !winner) return null
  const who = [winner.name ?? 'A winner whose account has been deleted', winner.town]
    .filter((part): part is string => part !== null && part !== '')
    .join(', ')
  return (
    <section
      aria-labelledby="competition-winner-heading"
      data-testid="competition-winner"
      css={css`
        display: grid;
        gap: 6px;
        padding: 16px 20px;
        border-radius: ${theme.radius.lg};
        border: 1px solid ${theme.palette.border};
        background: ${theme.palette.background.surface};
      `}
    >
      <h3
        id="competition-winner-heading"
        css={css`
          display: flex;
          align-items: center;
          gap: 8px;
          font-size: 1.0625rem;
          font-weight: 800;
        `}
      >
        <TrophyIcon size={20} />
        The winner
      </h3>
      <p
        css={css`
          font-weight: 700;
          color: ${theme.palette.text.primary};
        `}
      >
        {who}
      </p>
      <p>Winning ticket #{winner.ticket_number}</p>
      <p>
        <Link href={`/draws/${encodeURIComponent(id)}`}>See the draw certificate</Link>
      </p>
    </section>
  )
}
