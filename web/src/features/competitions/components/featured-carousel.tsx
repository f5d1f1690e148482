import { css, useTheme } from '@emotion/react'
import { type HTMLAttributes, type ReactNode, useState } from 'react'
import { useSnapshot } from 'valtio'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { PauseIcon, PlayIcon, TrophyIcon } from '../../../components/icons'
import { countdown, formatCount, formatDate, formatPrice, formatPrizeValue } from '../../../lib/format'
import { useNow } from '../../../lib/use-now'
import { openOverlay, uiStore } from '../../../stores/ui-store'
import { useFeaturedCompetitions } from '../api/get-featured-competitions'
import type { HomeCompetition } from '../model/home-competition'
import { CompetitionImage } from './competition-image'
import { useCarouselRotation } from './use-carousel-rotation'

interface FeaturedCarouselProps {
  /** Where "Get Notified" takes people when there is nothing to feature. */
  readonly onGetNotified: () => void
}

/** Home section 1 (SPEC section 4 "Featured carousel"): active, featured prizes, one at a time. */
export function FeaturedCarousel({ onGetNotified }: FeaturedCarouselProps) {
  const { data, isPending, isError, refetch } = useFeaturedCompetitions()

  if (isPending) return <CarouselFrame busy />
  if (data === undefined || data.length === 0) {
    return isError && data === undefined ? (
      <Fallback
        title="Featured prizes are unavailable"
        text="We could not load the featured prizes just now. The live competitions below may still be available."
        action={
          <Button type="button" variant="accent" size="lg" onClick={() => refetch()}>
            Try again
          </Button>
        }
      />
    ) : (
      <Fallback
        title="Amazing Prizes Coming Soon!"
        text="We are lining up our next featured prizes. Join the newsletter and we will tell you when they go live."
        action={
          <Button type="button" variant="accent" size="lg" onClick={onGetNotified}>
            Get Notified
          </Button>
        }
      />
    )
  }
  return <Slides competitions={data} />
}

function Slides({ competitions }: { competitions: readonly HomeCompetition[] }) {
  const theme = useTheme()
  const now = useNow()
  const { overlay } = useSnapshot(uiStore)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const count = competitions.length
  // Rotation waits while the visitor reads (hover or keyboard focus), after Pause, and while a dialog is open.
  const paused = stopped || hovered || focused || overlay !== null
  const { index, fading, fadeMs, goTo } = useCarouselRotation(count, { paused })
  const current = competitions[index]
  if (!current) return null
  const ends = countdown(current.endDate, now)

  return (
    <CarouselFrame
      label="Featured prizes"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
    >
      <div aria-live={paused ? 'polite' : 'off'}>
        {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group; a fieldset is for form controls */}
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          data-testid="featured-slide"
          css={css`
            opacity: ${fading ? 0 : 1};
            transition: opacity ${fadeMs}ms ease;
          `}
        >
          <div
            css={css`
              position: relative;
            `}
          >
            <CompetitionImage src={current.image_url} alt={current.prize} priority />
            <div
              css={css`
                position: absolute;
                top: 12px;
                left: 12px;
                display: flex;
                gap: 8px;
              `}
            >
              <Chip tone="accent" solid icon={<TrophyIcon size={14} />}>
                Featured
              </Chip>
              <Chip tone="primary" solid>
                Worth {formatPrizeValue(current.prizeValue)}
              </Chip>
            </div>
          </div>
          <div
            css={css`
              display: grid;
              gap: 12px;
              padding: 20px 20px 0;
              ${theme.mq.sm} {
                padding: 24px 24px 0;
              }
            `}
          >
            <h2
              css={css`
                font-size: clamp(1.375rem, 1.2rem + 0.8vw, 1.75rem);
                font-weight: 800;
              `}
            >
              {current.title}
            </h2>
            <p
              css={css`
                color: ${theme.palette.text.secondary};
              `}
            >
              {current.prize}
            </p>
            <dl
              css={css`
                display: grid;
                grid-template-columns: repeat(3, auto);
                justify-content: space-between;
                gap: 12px;
                font-size: 0.8125rem;
                ${theme.mq.sm} {
                  justify-content: start;
                  column-gap: 40px;
                }
                dt {
                  color: ${theme.palette.text.secondary};
                }
                dd {
                  font-size: 1rem;
                  font-weight: 800;
                  white-space: nowrap;
                }
              `}
            >
              <div>
                <dt>Entry price</dt>
                <dd>{formatPrice(current.price)}</dd>
              </div>
              <div>
                <dt>Tickets left</dt>
                <dd>{current.tickets === null ? 'Unlimited' : formatCount(current.tickets)}</dd>
              </div>
              <div>
                <dt>Ends</dt>
                <dd>
                  <time dateTime={current.endDate}>{formatDate(current.endDate)}</time>
                  <span
                    css={css`
                      display: block;
                      font-weight: 600;
                      font-size: 0.8125rem;
                      color: ${theme.palette.text.secondary};
                    `}
                  >
                    {ends}
                  </span>
                </dd>
              </div>
            </dl>
          </div>
        </div>
      </div>

      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          justify-content: space-between;
          gap: 16px;
          padding: 20px;
          ${theme.mq.sm} {
            padding: 20px 24px 24px;
          }
        `}
      >
        <Button
          type="button"
          variant="accent"
          size="lg"
          disabled={current.availabilityStatus === 'SOLD_OUT'}
          onClick={() => openOverlay({ kind: 'entry', competitionTitle: current.title })}
        >
          {current.availabilityStatus === 'SOLD_OUT' ? 'Sold Out' : 'Enter Competition'}
        </Button>
        {count > 1 && (
          <div
            css={css`
              display: flex;
              align-items: center;
              gap: 4px;
            `}
          >
            <IconButton
              label={stopped ? 'Start rotating featured prizes' : 'Stop rotating featured prizes'}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
            </IconButton>
            {competitions.map((c, i) => (
              <button
                key={c.id}
                type="button"
                aria-label={`Show featured prize ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => {
                  if (i !== index) goTo(i)
                }}
                css={css`
                  display: grid;
                  place-items: center;
                  width: 28px;
                  height: 28px;
                  padding: 0;
                  border: none;
                  border-radius: ${theme.radius.pill};
                  background: transparent;
                  cursor: pointer;
                  &::after {
                    content: '';
                    width: ${i === index ? '20px' : '10px'};
                    height: 10px;
                    border-radius: ${theme.radius.pill};
                    background: ${i === index ? theme.palette.primary.main : '#64748b'};
                    transition: width 200ms ease;
                  }
                  &:hover::after {
                    background: ${theme.palette.primary.dark};
                  }
                `}
              />
            ))}
          </div>
        )}
      </div>
    </CarouselFrame>
  )
}

type FrameProps = {
  readonly label?: string
  readonly busy?: boolean
  readonly children?: ReactNode
} & Pick<HTMLAttributes<HTMLElement>, 'onMouseEnter' | 'onMouseLeave' | 'onFocus' | 'onBlur'>

function CarouselFrame({ label = 'Featured prizes', busy = false, children, ...handlers }: FrameProps) {
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

function Fallback({ title, text, action }: { title: string; text: string; action: ReactNode }) {
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

function IconButton({
  label,
  onClick,
  children,
}: {
  label: string
  onClick: () => void
  children: ReactNode
}) {
  const theme = useTheme()
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      css={css`
        display: grid;
        place-items: center;
        width: 32px;
        height: 32px;
        margin-right: 4px;
        border: 1px solid ${theme.palette.border};
        border-radius: ${theme.radius.pill};
        background: ${theme.palette.background.surface};
        color: ${theme.palette.text.secondary};
        cursor: pointer;
        &:hover {
          background: ${theme.palette.background.muted};
        }
      `}
    >
      {children}
    </button>
  )
}
