import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import type { Tone } from '../theme/theme'

interface ChipProps {
  readonly tone: Tone | 'neutral' | 'accent'
  readonly children: ReactNode
  /** Solid chips sit on images; soft chips on plain surfaces. */
  readonly solid?: boolean
  readonly icon?: ReactNode
}

export function Chip({ tone, children, solid = false, icon }: ChipProps) {
  const { palette, radius } = useTheme()
  const colours =
    tone === 'neutral'
      ? { background: palette.background.muted, color: palette.text.secondary }
      : solid
        ? { background: palette[tone].main, color: palette[tone].contrast }
        : { background: palette[tone].soft, color: palette[tone].text }
  return (
    <span
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 6px;
        padding: 4px 10px;
        border-radius: ${radius.pill};
        font-size: 0.8125rem;
        font-weight: 700;
        line-height: 1.3;
        white-space: nowrap;
        background: ${colours.background};
        color: ${colours.color};
      `}
    >
      {icon}
      {children}
    </span>
  )
}
