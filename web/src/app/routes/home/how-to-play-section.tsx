import { css, useTheme } from '@emotion/react'
import { Section } from '../../../components/layout'

const steps = [
  {
    title: 'Choose a competition',
    text: 'Browse the live competitions and pick the prize you would love to win. Each card shows the entry price, tickets left and closing date.',
  },
  {
    title: 'Answer the question',
    text: 'You are given one of the competition’s skill questions when you enter. Only entries with the correct answer go into the draw.',
  },
  {
    title: 'Enter and win',
    text: 'Choose from 1 to 10 entries and pay securely by card. When the competition closes, the winner is drawn at random and contacted within 48 hours.',
  },
] as const

/** Home section 3 (SPEC section 2): three steps. */
export function HowToPlaySection() {
  const theme = useTheme()
  return (
    <Section id="how-to-play" title="How to Play" intro="Three steps from browsing to the draw." muted>
      <ol
        css={css`
          display: grid;
          gap: 20px;
          padding: 0;
          list-style: none;
          ${theme.mq.md} {
            grid-template-columns: repeat(3, minmax(0, 1fr));
            gap: 24px;
          }
        `}
      >
        {steps.map((step, i) => (
          <li
            key={step.title}
            css={css`
              padding: 28px;
              border-radius: ${theme.radius.lg};
              background: ${theme.palette.background.page};
              border: 1px solid ${theme.palette.border};
            `}
          >
            <span
              aria-hidden="true"
              css={css`
                display: grid;
                place-items: center;
                width: 44px;
                height: 44px;
                margin-bottom: 16px;
                border-radius: ${theme.radius.md};
                background: ${theme.palette.primary.main};
                color: ${theme.palette.primary.contrast};
                font-size: 1.25rem;
                font-weight: 800;
              `}
            >
              {i + 1}
            </span>
            <h3
              css={css`
                font-size: 1.1875rem;
                font-weight: 800;
              `}
            >
              {step.title}
            </h3>
            <p
              css={css`
                margin-top: 8px;
                color: ${theme.palette.text.secondary};
              `}
            >
              {step.text}
            </p>
          </li>
        ))}
      </ol>
    </Section>
  )
}
