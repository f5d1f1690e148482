import { useCallback, useEffect, useRef, useState } from 'react'
import { prefersReducedMotion } from '../../../lib/scroll'

interface RotationOptions {
  readonly paused: boolean
  /** SPEC section 9: 5 s per slide. */
  readonly intervalMs?: number
  /** SPEC section 9: 200 ms out, then 200 ms in (the fade-in is a CSS transition of the same length). */
  readonly fadeMs?: number
}

/**
 * Which slide shows, advancing every interval while there is more than one and nothing pauses it.
 * Reduced motion drops the fade, not the rotation.
 */
export function useCarouselRotation(
  count: number,
  { paused, intervalMs = 5000, fadeMs = 200 }: RotationOptions,
) {
  const [requested, setRequested] = useState(0)
  const [fading, setFading] = useState(false)
  const fadeTimer = useRef<number | undefined>(undefined)
  const index = count === 0 ? 0 : Math.min(requested, count - 1)

  const goTo = useCallback(
    (target: number) => {
      window.clearTimeout(fadeTimer.current)
      if (prefersReducedMotion()) {
        setFading(false)
        setRequested(target)
        return
      }
      setFading(true)
      fadeTimer.current = window.setTimeout(() => {
        setRequested(target)
        setFading(false)
      }, fadeMs)
    },
    [fadeMs],
  )

  useEffect(() => {
    if (count < 2 || paused) return
    const timer = window.setTimeout(() => goTo((index + 1) % count), intervalMs)
    return () => window.clearTimeout(timer)
  }, [count, paused, index, goTo, intervalMs])

  useEffect(() => () => window.clearTimeout(fadeTimer.current), [])

  return { index, fading, fadeMs, goTo }
}
