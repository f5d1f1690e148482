import { css, useTheme } from '@emotion/react'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { Button } from '../../../components/button'
import { useNow } from '../../../lib/use-now'
import { openOverlay, uiStore } from '../../../stores/ui-store'
import { useFeaturedCompetitions } from '../api/get-featured-competitions'
import { entryState, entryTarget, type HomeCompetition } from '../model/home-competition'
import { enterLabel } from './availability'
import { CarouselControls } from './carousel-controls'
import { CarouselFallback, CarouselFrame } from './carousel-frame'
import { FeaturedSlide } from './featured-slide'
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
      <CarouselFallback
        title="Featured prizes are unavailable"
        text="We could not load the featured prizes just now. The live competitions below may still be available."
        action={
          <Button type="button" variant="accent" size="lg" onClick={() => refetch()}>
            Try again
          </Button>
        }
      />
    ) : (
      <CarouselFallback
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
  const state = entryState(current, now)

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
        <FeaturedSlide
          competition={current}
          index={index}
          count={count}
          fading={fading}
          fadeMs={fadeMs}
          now={now}
        />
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
          disabled={state !== 'open'}
          onClick={() => openOverlay({ kind: 'entry', competition: entryTarget(current) })}
        >
          {enterLabel[state]}
        </Button>
        {count > 1 && (
          <CarouselControls
            competitions={competitions}
            index={index}
            stopped={stopped}
            onToggleStopped={() => setStopped((s) => !s)}
            onGoTo={goTo}
          />
        )}
      </div>
    </CarouselFrame>
  )
}
