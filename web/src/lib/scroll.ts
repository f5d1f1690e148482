/** Section scrolling from the app shell leaves room for the sticky header (SPEC section 2). */
export const sectionOffsetPx = 80

/**
 * Following the layout ends once the page has not changed size for this long (the home page's
 * data has arrived and pushed sections down), or at the latest after `followLayoutMaxMs`: a slow
 * phone or a busy server can take longer than any fixed window.
 */
const followLayoutQuietMs = 1500
const followLayoutMaxMs = 20_000

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

function behavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth'
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: behavior() })
}

function targetTop(element: Element): number {
  return Math.max(0, element.getBoundingClientRect().top + window.scrollY - sectionOffsetPx)
}

let stopFollowing: (() => void) | undefined

/** Any of these means the user has taken over scrolling. */
const userScrollEvents = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const

/**
 * Smoothly scrolls to the element with this id, 80 px below the top. While content above it is
 * still loading (competition cards arriving), it keeps the section in place as the page grows,
 * until the layout settles or the user scrolls themselves. Resolves false when no such element appears.
 */
export async function scrollToSection(id: string): Promise<boolean> {
  stopFollowing?.()
  const element = await waitForElement(id)
  if (!element) return false

  window.scrollTo({ top: targetTop(element), behavior: behavior() })

  let quiet = window.setTimeout(() => stop(), followLayoutQuietMs)
  const observer = new ResizeObserver(() => {
    window.clearTimeout(quiet)
    quiet = window.setTimeout(() => stop(), followLayoutQuietMs)
    const top = targetTop(element)
    if (Math.abs(top - window.scrollY) > 2) window.scrollTo({ top, behavior: behavior() })
  })
  const stop = () => {
    observer.disconnect()
    window.clearTimeout(timer)
    window.clearTimeout(quiet)
    for (const type of userScrollEvents) window.removeEventListener(type, stop)
    if (stopFollowing === stop) stopFollowing = undefined
  }
  const timer = window.setTimeout(stop, followLayoutMaxMs)
  for (const type of userScrollEvents) window.addEventListener(type, stop, { passive: true })
  observer.observe(document.body)
  stopFollowing = stop
  return true
}

/** Lazily loaded pages render a moment after navigation, so look for the target for a short while. */
function waitForElement(id: string, timeoutMs = 2000): Promise<HTMLElement | null> {
  return new Promise((resolve) => {
    const started = performance.now()
    const look = () => {
      const element = document.getElementById(id)
      if (element || performance.now() - started > timeoutMs) resolve(element)
      else requestAnimationFrame(look)
    }
    look()
  })
}
