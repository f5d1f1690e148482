import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import { AlertIcon } from './icons/alert'
import { CheckCircleIcon } from './icons/check-circle'
import { InfoIcon } from './icons/info'

type AlertTone = 'info' | 'success' | 'warning' | 'error'

interface AlertProps {
  readonly tone: AlertTone
  readonly children: ReactNode
  /** Buttons or links under the text. */
  readonly action?: ReactNode
}

/** An inline message inside a form or page; problems are announced as they appear. */
export function Alert({ tone, children, action }: AlertProps) {
  const theme = useTheme()
  const colours = theme.palette[tone]
  const Icon = tone === 'success' ? CheckCircleIcon : tone === 'info' ? InfoIcon : AlertIcon
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      css={css`
        display: flex;
        gap: 10px;
        padding: 12px 14px;
        border-radius: ${theme.radius.md};
        border: 1px solid ${colours.main};
        background: ${colours.soft};
        color: ${colours.text};
        font-size: 0.9375rem;
      `}
    >
      <Icon
        size={20}
        css={css`
          flex: none;
          margin-top: 1px;
        `}
      />
      <div
        css={css`
          display: grid;
          gap: 10px;
          justify-items: start;
        `}
      >
        <div>{children}</div>
        {action}
      </div>
    </div>
  )
}
