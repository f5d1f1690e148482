import { type ComponentType, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { closeOverlay, showSnackbar, uiStore } from '../../stores/ui-store'
import type * as Overlays from './overlays'
import { useResumeAfterRedirect } from './resume-after-redirect'

/**
 * The overlays' chunk, asked for on the visitor's first tap or key press (so it is there by the
 * time a click opens one), or when an overlay opens without one (a link, a session that expired).
 * A failed load is tried again on the next open.
 */
let overlays: Promise<typeof Overlays> | undefined
/** The chunk once it has arrived: an overlay opened after that renders at once. */
let arrived: typeof Overlays | undefined
function loadOverlays(): Promise<typeof Overlays> {
  overlays ??= import('./overlays').then(
    (module) => {
      arrived = module
      return module
    },
    (error: unknown) => {
      overlays = undefined
      throw error
    },
  )
  return overlays
}

const firstTouch = ['pointerdown', 'keydown'] as const

/** One of the chunk's components, rendered from the first time an overlay it holds is opened. */
function useOverlays<P>(pick: (loaded: typeof Overlays) => ComponentType<P>): ComponentType<P> | undefined {
  const { overlay } = useSnapshot(uiStore)
  // The mobile menu is a chunk of its own (`app-shell.tsx`).
  const wanted = overlay !== null && overlay.kind !== 'mobile-menu'
  const [kept, setLoaded] = useState<typeof Overlays>()
  const loaded = kept ?? arrived
  useEffect(() => {
    if (loaded) return
    const preload = () => void loadOverlays().catch(() => undefined)
    for (const type of firstTouch) document.addEventListener(type, preload, { capture: true, once: true })
    return () => {
      for (const type of firstTouch) document.removeEventListener(type, preload, { capture: true })
    }
  }, [loaded])
  useEffect(() => {
    if (loaded || !wanted) return
    let live = true
    loadOverlays().then(
      (module) => {
        if (live) setLoaded(module)
      },
      () => {
        if (!live) return
        showSnackbar('This could not be opened. Please try again.', { severity: 'error' })
        closeOverlay()
      },
    )
    return () => {
      live = false
    }
  }, [loaded, wanted])
  return loaded && pick(loaded)
}

/** The dashboards and the entry modal (they give way to the maintenance page). */
export function LazySiteOverlays() {
  useResumeAfterRedirect()
  const SiteOverlays = useOverlays((m) => m.SiteOverlays)
  return SiteOverlays ? <SiteOverlays /> : null
}

/** The account dialogs (there in maintenance too). */
export function LazyAccountOverlays() {
  const AccountOverlays = useOverlays((m) => m.AccountOverlays)
  return AccountOverlays ? <AccountOverlays /> : null
}
