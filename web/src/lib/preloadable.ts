import { type ComponentType, createElement, lazy } from 'react'

/**
 * `lazy`, with `preload()` to fetch the chunk ahead: once it has arrived the component renders
 * at once instead of suspending. A server render cannot wait for a chunk, and the browser's
 * first render over the server's markup must make that markup, so both load it first.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined
  const Lazy = lazy(load)
  function Preloadable(props: P) {
    return createElement(loaded ?? Lazy, props)
  }
  return Object.assign(Preloadable, {
    async preload(): Promise<void> {
      loaded = (await load()).default
    },
  })
}
