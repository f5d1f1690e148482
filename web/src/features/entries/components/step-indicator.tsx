import { css, useTheme } from '@emotion/react'

const steps = ['Entry Details', 'Payment', 'Confirmation'] as const

/** Out of sight but still read out: on a phone only the current step's name fits. */
const hidden = `
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
`

/** Where the entrant is in the three steps; the current one is announced as such. */
export function StepIndicator({ step }: { readonly step: 1 | 2 | 3 }) {
  const theme = useTheme()
  return (
    <ol
      aria-label="Entry steps"
      css={css`
        display: grid;
        grid-template-columns: repeat(3, 1fr);
        gap: 8px;
        margin: 0 0 20px;
        padding: 0;
        list-style: none;
        font-size: 0.8125rem;
      `}
    >
      {steps.map((label, i) => {
        const n = i + 1
        const current = n === step
        const done = n < step
        return (
          <li
            key={label}
            aria-current={current ? 'step' : undefined}
            css={css`
              display: grid;
              gap: 6px;
              color: ${current ? theme.palette.primary.text : theme.palette.text.secondary};
              font-weight: ${current ? 700 : 500};
            `}
          >
            <span
              aria-hidden="true"
              css={css`
                height: 4px;
                border-radius: ${theme.radius.pill};
                background: ${current || done ? theme.palette.primary.main : theme.palette.border};
              `}
            />
            <span
              css={css`
                ${theme.below.sm} {
                  white-space: nowrap;
                  ${current ? '' : hidden}
                }
              `}
            >
              {n}. {label}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
