import { useEffect } from 'react'
import { scrollToSection, scrollToTop } from '../lib/scroll'

type Navigation = 'push' | 'replace' | 'pop'

const urlKey = () => `${location.pathname}${location.search}`

/** Two frames: one for React to commit the new route, one for the browser to lay it out. */
const afterRender = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn))

/**
 * Scroll restoration for history-mode routing (SPEC section 2): a hash scrolls smoothly to its
 * section; going back or forward restores the position the page was left at; anything else
 * starts at the top.
 */
export function ScrollManager() {
  useEffect(() => {
    history.scrollRestoration = 'manual'
    const saved = new Map<string, number>()
    let current = urlKey()
    let path = location.pathname
    let pending = 0

    const remember = () => {
      if (pending) return
      pending = requestAnimationFrame(() => {
        pending = 0
        saved.set(current, window.scrollY)
      })
    }

    const navigated = (kind: Navigation) => {
      const samePage = location.pathname === path
      current = urlKey()
      path = location.pathname
      const hash = decodeURIComponent(location.hash.slice(1))
      if (hash) {
        void scrollToSection(hash)
        return
      }
      if (kind === 'replace') return
      if (kind === 'push' && samePage) {
        scrollToTop()
        return
      }
      const top = kind === 'pop' ? (saved.get(current) ?? 0) : 0
      afterRender(() => window.scrollTo({ top, behavior: 'instant' }))
    }

    const onPush = () => navigated('push')
    const onReplace = () => navigated('replace')
    const onPop = () => navigated('pop')
    addEventListener('scroll', remember, { passive: true })
    addEventListener('pushState', onPush)
    addEventListener('replaceState', onReplace)
    addEventListener('popstate', onPop)

    // A first load (or a redirect that ran before this effect) may already carry a hash.
    const initialHash = decodeURIComponent(location.hash.slice(1))
    if (initialHash) void scrollToSection(initialHash)

    return () => {
      cancelAnimationFrame(pending)
      removeEventListener('scroll', remember)
      removeEventListener('pushState', onPush)
      removeEventListener('replaceState', onReplace)
      removeEventListener('popstate', onPop)
    }
  }, [])
  return null
}
