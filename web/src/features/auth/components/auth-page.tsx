import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import { Container } from '../../../components/layout'
import { usePageTitle } from '../../../lib/use-page-title'

/** The verification and reset pages: one narrow card under the header. */
export function AuthPage({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const theme = useTheme()
  usePageTitle(title)
  return (
    <div
      css={css`
        padding: 40px 0 72px;
        ${theme.mq.md} {
          padding: 72px 0 96px;
        }
      `}
    >
      <Container>
        <article
          css={css`
            display: grid;
            gap: 24px;
            max-width: 520px;
            margin: 0 auto;
            padding: 32px 20px;
            border-radius: ${theme.radius.lg};
            border: 1px solid ${theme.palette.border};
            background: ${theme.palette.background.surface};
            box-shadow: ${theme.shadow.card};
            ${theme.mq.sm} {
              padding: 40px;
            }
          `}
        >
          <h1
            css={css`
              font-size: 0.875rem;
              font-weight: 700;
              letter-spacing: 0.08em;
              text-transform: uppercase;
              text-align: center;
              color: ${theme.palette.primary.text};
            `}
          >
            {title}
          </h1>
          {children}
        </article>
      </Container>
    </div>
  )
}
