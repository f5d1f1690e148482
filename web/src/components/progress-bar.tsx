import { css, useTheme } from '@emotion/react'
import type { Tone } from '../theme/theme'

interface ProgressBarProps {
  /** 0 to 100. */
  readonly value: number
  readonly label: string
  readonly valueText: string
  readonly tone?: Tone
}

export function ProgressBar({ value, label, valueText, tone = 'primary' }: ProgressBarProps) {
  const { palette, radius } = useTheme()
  const clamped = Math.min(100, Math.max(0, value))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      css={css`
        height: 8px;
        border-radius: ${radius.pill};
        background: ${palette.background.muted};
        overflow: hidden;
      `}
    >
      <div
        css={css`
          height: 100%;
          width: ${clamped}%;
          min-width: ${clamped > 0 ? '8px' : '0'};
          border-radius: inherit;
          background: ${palette[tone].main};
          transition: width 400ms ease;
        `}
      />
    </div>
  )
}
