import { css, useTheme } from '@emotion/react'
import { ChevronDownIcon } from '../../../components/icons/chevron-down'
import { Section } from '../../../components/layout'

const faqs = [
  {
    q: 'Who can enter?',
    a: 'Anyone aged 18 or over who lives in the UK or Ireland.',
  },
  {
    q: 'Why is there a question?',
    a: 'These are skill-based competitions. Each one has a pool of multiple-choice questions, you are given one of them when you enter, and only entries with the correct answer go into the draw. We tell you by email when the competition closes.',
  },
  {
    q: 'How many entries can I buy?',
    a: 'From 1 to 10 entries per purchase, or fewer if fewer tickets remain in that competition.',
  },
  {
    q: 'How is the winner chosen?',
    a: 'When a competition closes, the winner is drawn at random from all eligible entries. Every draw is audited.',
  },
  {
    q: 'How will I know if I have won?',
    a: 'We contact winners within 48 hours of the draw, using the details given with the entry.',
  },
  {
    q: 'How do I pay?',
    a: 'By debit or credit card through our payment provider. Your card details go straight to the provider and are never stored by us.',
  },
] as const

/** Home section 6 (SPEC section 2): the FAQ as native disclosure widgets, which work without script. */
export function FaqsSection() {
  const theme = useTheme()
  return (
    <Section id="faqs" title="Frequently Asked Questions" muted>
      <div
        css={css`
          display: grid;
          gap: 12px;
          max-width: 840px;
        `}
      >
        {faqs.map((faq) => (
          <details
            key={faq.q}
            css={css`
              border-radius: ${theme.radius.md};
              background: ${theme.palette.background.page};
              border: 1px solid ${theme.palette.border};
              &[open] summary svg {
                transform: rotate(180deg);
              }
            `}
          >
            <summary
              css={css`
                display: flex;
                align-items: center;
                justify-content: space-between;
                gap: 16px;
                padding: 18px 20px;
                font-weight: 700;
                cursor: pointer;
                list-style: none;
                border-radius: ${theme.radius.md};
                &::-webkit-details-marker {
                  display: none;
                }
                svg {
                  flex: none;
                  transition: transform 200ms ease;
                }
              `}
            >
              {faq.q}
              <ChevronDownIcon />
            </summary>
            <p
              css={css`
                padding: 0 20px 18px;
                color: ${theme.palette.text.secondary};
              `}
            >
              {faq.a}
            </p>
          </details>
        ))}
      </div>
    </Section>
  )
}
