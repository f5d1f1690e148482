import { css, useTheme } from '@emotion/react'
import { Section } from '../../../components/layout'

/**
 * SPEC section 2 asks for static figures here. They are the operator's published numbers, kept
 * in this one list; whoever publishes new ones changes them here (the newsletter's "45,000+
 * members" is the same figure).
 */
const figures = [
  { value: '45,000+', label: 'members' },
  { value: '£1.2M+', label: 'in prizes won' },
  { value: '900+', label: 'winners' },
  { value: '48 hours', label: 'to contact every winner' },
] as const

/** Home section 5 (SPEC section 2): success-story figures. */
export function SuccessStatsSection() {
  const theme = useTheme()
  return (
    <Section id="success-stories" title="Success stories" intro="Real prizes, won by real entrants." muted>
      <dl
        css={css`
          display: grid;
          grid-template-columns: repeat(2, minmax(0, 1fr));
          gap: 16px;
          ${theme.mq.md} {
            grid-template-columns: repeat(4, minmax(0, 1fr));
          }
        `}
      >
        {figures.map((figure) => (
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
