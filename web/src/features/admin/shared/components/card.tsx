import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'

/** A titled block of an admin tab, named by its title; `actions` stand at the right of the title. */
export function Card({
  title,
  actions,
  children,
}: {
  readonly title: string
  readonly actions?: ReactNode
  readonly children: ReactNode
}) {
  const theme = useTheme()
  const heading = (
    <h3
      css={css`
        font-size: 1.0625rem;
        font-weight: 700;
      `}
    >
      {title}
    </h3>
  )
  return (
    <section
      aria-label={title}
      css={css`
        display: grid;
        gap: 14px;
        padding: 18px;
        border: 1px solid ${theme.palette.border};
        border-radius: ${theme.radius.md};
        background: ${theme.palette.background.surface};
      `}
    >
      {actions ? (
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 12px;
            align-items: end;
            justify-content: space-between;
          `}
        >
          {heading}
          <div
            css={css`
              display: flex;
              gap: 12px;
              align-items: end;
            `}
          >
            {actions}
          </div>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  )
}
