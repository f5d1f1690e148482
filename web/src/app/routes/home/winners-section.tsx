import { css, useTheme } from '@emotion/react'
import { TrophyIcon } from '../../../components/icons'
import { Section } from '../../../components/layout'

/** Winners appear here once draws complete; until then the section says exactly that. */
export function WinnersSection() {
  const theme = useTheme()
  return (
    <Section id="winners" title="Winners">
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
          No draws have been completed yet. As soon as a competition is drawn, its winner will be announced
          here.
        </p>
      </div>
    </Section>
  )
}
