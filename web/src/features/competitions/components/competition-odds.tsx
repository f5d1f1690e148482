import { css, useTheme } from '@emotion/react'
import { oddsOf } from '../model/odds'
import { EntriesSoFar } from './entries-so-far'

interface CompetitionOddsProps {
  /** The most tickets the competition can sell; 0 for no limit. */
  readonly totalTickets: number
  readonly soldTickets: number
  /** The card shows the headline; the competition page explains it too. */
  readonly explained?: boolean
}

/** The odds, stated (issue 24: "1 in N per ticket, at most N tickets"), and the entries so far. */
export function CompetitionOdds({ totalTickets, soldTickets, explained = false }: CompetitionOddsProps) {
  const theme = useTheme()
  const odds = oddsOf(totalTickets)
  return (
    <div
      data-testid="competition-odds"
      css={css`
        display: grid;
        gap: 2px;
        font-size: 0.875rem;
      `}
    >
      <p>
        <strong>Odds: </strong>
        <span data-testid="odds-headline">{odds.headline}</span>
        <span
          css={css`
            color: ${theme.palette.text.secondary};
          `}
        >
          {' · '}
          <EntriesSoFar soldTickets={soldTickets} />
        </span>
      </p>
      {explained && (
        <p
          css={css`
            color: ${theme.palette.text.secondary};
          `}
        >
          {odds.detail}
        </p>
      )}
    </div>
  )
}
