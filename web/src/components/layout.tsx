import { css, useTheme } from '@emotion/react'
import type { ComponentProps, ReactNode } from 'react'

/**
 * The page's measure. Only the side padding is set, so the vertical padding a user of it adds
 * survives the wider breakpoint (a `padding` shorthand there reset it to 0 from 600 px up).
 * A plain component with the css prop: @emotion/styled would add its runtime to the first script.
 */
export function Container(props: ComponentProps<'div'>) {
  const theme = useTheme()
  return (
    <div
      css={css`
        width: 100%;
        max-width: ${theme.layout.maxWidth};
        margin-left: auto;
        margin-right: auto;
        padding-left: 16px;
        padding-right: 16px;
        ${theme.mq.sm} {
          padding-left: 24px;
          padding-right: 24px;
        }
      `}
      {...props}
    />
  )
}

const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`

/** Read by screen readers, not shown. */
export function VisuallyHidden(props: ComponentProps<'span'>) {
  return <span css={visuallyHidden} {...props} />
}

interface SectionProps {
  readonly id: string
  readonly title: string
  readonly intro?: ReactNode
  /** Shown at the right of the heading on wide screens (status chips, actions). */
  readonly aside?: ReactNode
  readonly children: ReactNode
  readonly muted?: boolean
}

/** A home-page section: an id to scroll to, one h2 and its content. */
export function Section({ id, title, intro, aside, children, muted = false }: SectionProps) {
  const theme = useTheme()
  const headingId = `${id}-heading`
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      css={css`
        padding: 56px 0;
        scroll-margin-top: ${theme.layout.sectionOffset}px;
        background: ${muted ? theme.palette.background.surface : 'transparent'};
        ${theme.mq.md} {
          padding: 80px 0;
        }
      `}
    >
      <Container>
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: flex-end;
            justify-content: space-between;
            gap: 16px;
            margin-bottom: 32px;
          `}
        >
          <div
            css={css`
              max-width: 680px;
            `}
          >
            <h2
              id={headingId}
              css={css`
                font-size: clamp(1.75rem, 1.4rem + 1.2vw, 2.25rem);
                font-weight: 800;
              `}
            >
              {title}
            </h2>
            {intro && (
              <p
                css={css`
                  margin-top: 8px;
                  color: ${theme.palette.text.secondary};
                  font-size: 1.0625rem;
                `}
              >
                {intro}
              </p>
            )}
          </div>
          {aside}
        </div>
        {children}
      </Container>
    </section>
  )
}
