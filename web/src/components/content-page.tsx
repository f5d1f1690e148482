import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import { usePageTitle } from '../lib/use-page-title'
import { Container } from './layout'

interface ContentPageProps {
  readonly title: string
  readonly lead?: ReactNode
  readonly children: ReactNode
}

/** A page of prose (legal pages, about, placeholders) with one h1 and readable measure. */
export function ContentPage({ title, lead, children }: ContentPageProps) {
  const theme = useTheme()
  usePageTitle(title)
  return (
    <div
      css={css`
        padding: 48px 0 80px;
        ${theme.mq.md} {
          padding: 72px 0 96px;
        }
      `}
    >
      <Container>
        <article
          css={css`
            max-width: 760px;
            margin: 0 auto;
            padding: 32px 24px;
            border-radius: ${theme.radius.lg};
            background: ${theme.palette.background.surface};
            border: 1px solid ${theme.palette.border};
            ${theme.mq.sm} {
              padding: 48px;
            }
            h1 {
              font-size: clamp(2rem, 1.6rem + 1.4vw, 2.5rem);
              font-weight: 800;
            }
            h2 {
              margin-top: 32px;
              font-size: 1.3125rem;
            }
            p,
            ul {
              margin-top: 12px;
              color: ${theme.palette.text.secondary};
            }
            li + li {
              margin-top: 6px;
            }
          `}
        >
          <h1>{title}</h1>
          {lead && (
            <p
              css={css`
                font-size: 1.125rem;
              `}
            >
              {lead}
            </p>
          )}
          {children}
        </article>
      </Container>
    </div>
  )
}
