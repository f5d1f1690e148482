import { css, useTheme } from '@emotion/react'
import type { HTMLAttributes, ReactNode } from 'react'
import { TrophyIcon } from '../../../components/icons/trophy'

type FrameProps = {
  readonly label?: string
  readonly busy?: boolean
  readonly children?: ReactNode
} & Pick<HTMLAttributes<HTMLElement>, 'onMouseEnter' | 'onMouseLeave' | 'onFocus' | 'onBlur'>

export function CarouselFrame({
  label = 'Featured prizes',
  busy = false,
  children,
  ...handlers
}: FrameProps) {
  const theme = useTheme()
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      aria-busy={busy}
      {...handlers}
      css={css`
        overflow: hidden;
        border-radius: ${theme.radius.lg};
        background: ${theme.palette.background.surface};
        color: ${theme.palette.text.primary};
        box-shadow: 0 24px 60px rgb(2 6 23 / 45%);
        min-height: ${busy ? '520px' : 'auto'};
      `}
    >
      {children}
    </section>
  )
}

/** What the hero shows instead of slides: nothing featured yet, or the featured list failed to load. */
export function CarouselFallback({
  title,
  text,
  action,
}: {
  title: string
  text: string
  action: ReactNode
}) {
  const theme = useTheme()
  return (
    <CarouselFrame>
      <div
        css={css`
          display: grid;
          justify-items: center;
          gap: 16px;
          padding: 56px 28px;
          text-align: center;
        `}
      >
        <span
          css={css`
            display: grid;
            place-items: center;
            width: 72px;
            height: 72px;
            border-radius: ${theme.radius.pill};
            background: ${theme.palette.accent.soft};
            color: ${theme.palette.accent.text};
          `}
        >
          <TrophyIcon size={36} />
        </span>
        <h2
          css={css`
            font-size: 1.625rem;
            font-weight: 800;
          `}
        >
          {title}
        </h2>
        <p
          css={css`
            max-width: 420px;
            color: ${theme.palette.text.secondary};
          `}
        >
          {text}
        </p>
        {action}
      </div>
    </CarouselFrame>
  )
}
