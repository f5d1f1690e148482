import { css, useTheme } from '@emotion/react'
import type { SuccessFigures } from '@prizes/contracts'
import { Section } from '../../../components/layout'
import { useSuccessFigures } from '../../../features/draws/api/get-success-figures'
import { formatCount, formatPrizeValue } from '../../../lib/format'

/** What the platform's own records show (issue 24): nothing is rounded up or made up. */
export function figuresOf(figures: SuccessFigures): readonly { value: string; label: string }[] {
  return [
    { value: formatCount(figures.members), label: figures.members === 1 ? 'member' : 'members' },
    { value: formatPrizeValue(figures.prizesWonPence / 100), label: 'in prizes won' },
    { value: formatCount(figures.winners), label: figures.winners === 1 ? 'winner' : 'winners' },
  ]
}

/**
 * Home section 5 (SPEC section 2): success figures from the platform's own data, shown only
 * once a draw has been completed (until then there is no success to report), and not while
 * they cannot be read.
 */
export function SuccessStatsSection() {
  const theme = useTheme()
  const figures = useSuccessFigures()
  if (!figures.data || figures.data.winners === 0) return null
  return (
    <Section id="success-stories" title="Success stories" intro="Real prizes, won by real entrants." muted>
      <dl
        css={css`
          display: grid;
          grid-template-columns: repeat(1, minmax(0, 1fr));
          gap: 16px;
          ${theme.mq.sm} {
            grid-template-columns: repeat(3, minmax(0, 1fr));
          }
        `}
      >
        {figuresOf(figures.data).map((figure) => (
          <div
            key={figure.label}
            css={css`
              display: flex;
              flex-direction: column-reverse;
              gap: 4px;
              padding: 24px 16px;
              border-radius: ${theme.radius.lg};
              text-align: center;
              background: ${theme.palette.background.hero};
              color: ${theme.palette.text.inverse};
            `}
          >
            <dt
              css={css`
                color: ${theme.palette.text.inverseMuted};
                font-weight: 600;
              `}
            >
              {figure.label}
            </dt>
            <dd
              css={css`
                font-size: clamp(1.5rem, 1.2rem + 1.2vw, 2.25rem);
                font-weight: 900;
                color: ${theme.palette.accent.main};
              `}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  )
}
