import { css, useTheme } from '@emotion/react'
import type { PublicCompetitionDetail } from '@prizes/contracts'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { formatPrice } from '../../../lib/format'
import { useNow } from '../../../lib/use-now'
import { openOverlay } from '../../../stores/ui-store'
import { entryState, entryTarget, toHomeCompetition } from '../model/home-competition'

/** The id of the page's own Enter panel, which the bar gives way to. */
export const enterPanelId = 'enter-panel'

/**
 * The height the bar takes at the foot of the screen while shown, as a CSS variable on the
 * document, so what floats there too (the scroll-to-top button) sits above it.
 */
export const bottomBarVariable = '--bottom-bar-height'
const barHeightPx = 76

/**
 * Whether the Enter panel is still ahead, below the screen: the bar shows only then. Once the
 * panel is in view, or scrolled past, the bar steps aside, so it never covers the panel, the
 * end of the page or the footer for good.
 */
function usePanelAhead(): boolean {
  const [ahead, setAhead] = useState(true)
  useEffect(() => {
    const panel = document.getElementById(enterPanelId)
    if (!panel || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setAhead(!entry.isIntersecting && entry.boundingClientRect.top > 0)
    })
    observer.observe(panel)
    return () => observer.disconnect()
  }, [])
  return ahead
}

/**
 * On a phone the Enter panel comes after the whole description: this bar at the foot of the
 * screen (above the phone's home indicator) offers Enter from the first screen, while the
 * competition is open and the panel not yet in view. Wider screens show the panel beside the
 * description, and never this.
 */
export function MobileEnterBar({ competition }: { readonly competition: PublicCompetitionDetail }) {
  const theme = useTheme()
  const c = toHomeCompetition(competition)
  const open = entryState(c, useNow()) === 'open'
  const ahead = usePanelAhead()
  const shown = open && ahead

  useEffect(() => {
    if (!shown) return
    const root = document.documentElement.style
    const phone = window.matchMedia(`(max-width: ${theme.breakpoints.sm - 0.02}px)`)
    const update = () =>
      phone.matches
        ? root.setProperty(bottomBarVariable, `${barHeightPx}px`)
        : root.removeProperty(bottomBarVariable)
    update()
    phone.addEventListener('change', update)
    return () => {
      phone.removeEventListener('change', update)
      root.removeProperty(bottomBarVariable)
    }
  }, [shown, theme.breakpoints.sm])

  if (!open) return null
  return (
    <section
      aria-label="Quick entry"
      hidden={!shown}
      css={css`
        display: none;
        ${theme.below.sm} {
          position: fixed;
          left: 0;
          right: 0;
          bottom: 0;
          z-index: 30;
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: 12px;
          min-height: ${barHeightPx}px;
          padding: 12px 16px calc(12px + env(safe-area-inset-bottom, 0px));
          padding-left: calc(16px + env(safe-area-inset-left, 0px));
          padding-right: calc(16px + env(safe-area-inset-right, 0px));
          background: ${theme.palette.background.surface};
          border-top: 1px solid ${theme.palette.border};
          box-shadow: ${theme.shadow.raised};
          &[hidden] {
            display: none;
          }
        }
      `}
    >
      <p
        css={css`
          margin: 0;
          font-weight: 800;
          line-height: 1.2;
          span {
            display: block;
            font-size: 0.8125rem;
            font-weight: 600;
            color: ${theme.palette.text.secondary};
          }
        `}
      >
        {formatPrice(c.price)}
        <span>per entry</span>
      </p>
      <Button
        type="button"
        variant="primary"
        size="lg"
        onClick={() => openOverlay({ kind: 'entry', competition: entryTarget(c) })}
      >
        Enter now
      </Button>
    </section>
  )
}
