import { css, keyframes, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import { AlertIcon } from '../../../components/icons/alert'
import { CheckCircleIcon } from '../../../components/icons/check-circle'
import { LockIcon } from '../../../components/icons/lock'
import { MailIcon } from '../../../components/icons/mail'

type PanelTone = 'busy' | 'success' | 'error' | 'info'

const spin = keyframes`
  to {
    transform: rotate(360deg);
  }
`

interface StatusPanelProps {
  readonly tone: PanelTone
  readonly title: string
  readonly children?: ReactNode
  readonly icon?: 'mail' | 'lock'
}

/** The head of a verification or reset page state: an icon, a heading and a few words. */
export function StatusPanel({ tone, title, children, icon }: StatusPanelProps) {
  const theme = useTheme()
  const colours =
    tone === 'busy' || tone === 'info'
      ? theme.palette.primary
      : tone === 'success'
        ? theme.palette.success
        : theme.palette.error
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      css={css`
        display: grid;
        justify-items: center;
        gap: 12px;
        text-align: center;
      `}
    >
      <span
        css={css`
          display: grid;
          place-items: center;
          width: 64px;
          height: 64px;
          border-radius: ${theme.radius.pill};
          background: ${colours.soft};
          color: ${colours.text};
        `}
      >
        {tone === 'busy' ? (
          <span
            aria-hidden="true"
            css={css`
              width: 30px;
              height: 30px;
              border: 4px solid ${theme.palette.background.surface};
              border-top-color: ${theme.palette.primary.main};
              border-radius: ${theme.radius.pill};
              animation: ${spin} 800ms linear infinite;
            `}
          />
        ) : tone === 'success' ? (
          <CheckCircleIcon size={32} />
        ) : tone === 'error' ? (
          <AlertIcon size={32} />
        ) : icon === 'lock' ? (
          <LockIcon size={30} />
        ) : (
          <MailIcon size={30} />
        )}
      </span>
      <h2
        css={css`
          font-size: 1.375rem;
          font-weight: 800;
        `}
      >
        {title}
      </h2>
      {children && (
        <div
          css={css`
            max-width: 460px;
            color: ${theme.palette.text.secondary};
          `}
        >
          {children}
        </div>
      )}
    </div>
  )
}
