import { css, useTheme } from '@emotion/react'
import { sitePages } from '@prizes/contracts'
import { Link } from 'wouter'
import { TrophyIcon } from '../../../components/icons/trophy'
import { Section } from '../../../components/layout'
import { useWinners } from '../../../features/draws/api/get-winners'
import { WinnersList } from '../../../features/draws/components/winners-list'

/**
 * The newest winners from GET /api/winners, each with its draw certificate, and the way to every
 * past winner; until a draw completes, the section says so.
 */
export function WinnersSection() {
  const { data: winners, isPending, isError } = useWinners()
  return (
    <Section id="winners" title="Winners">
      {winners && winners.length > 0 ? (
        <>
          <WinnersList winners={winners} />
          <p
            css={css`
              margin-top: 20px;
              font-weight: 600;
            `}
          >
            <Link href={sitePages.pastWinners.path}>See every past winner</Link>
          </p>
        </>
      ) : (
        <WinnersMessage>
          {isPending
            ? 'Loading the latest winners…'
            : isError
              ? 'The winners could not be loaded just now. Please try again later.'
              : 'No draws have been completed yet. As soon as a competition is drawn, its winner will be announced here.'}
        </WinnersMessage>
      )}
    </Section>
  )
}

function WinnersMessage({ children }: { readonly children: string }) {
  const theme = useTheme()
  return (
    <div
      css={css`
          display: flex;
          align-items: center;
          gap: 20px;
          padding: 28px;
          border-radius: ${theme.radius.lg};
          background: ${theme.palette.background.surface};
          border: 1px solid ${theme.palette.border};
        `}
    >
      <span
        css={css`
            flex: none;
            display: grid;
            place-items: center;
            width: 56px;
            height: 56px;
            border-radius: ${theme.radius.pill};
            background: ${theme.palette.accent.soft};
            color: ${theme.palette.accent.text};
          `}
      >
        <TrophyIcon size={28} />
      </span>
      <p
        css={css`
            color: ${theme.palette.text.secondary};
          `}
      >
        {children}
      </p>
    </div>
  )
}
