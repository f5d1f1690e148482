import { useSyncExternalStore } from 'react'

/**
 * Open modal dialogs, newest last. A modal <dialog> sits in the browser's top layer and makes the
 * rest of the page inert, so anything that must stay visible and usable above it (the snackbar)
 * renders inside the newest one.
 */
let stack: readonly HTMLElement[] = []
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

export function enterTopLayer(element: HTMLElement): void {
  stack = [...stack, element]
  emit()
}

export function leaveTopLayer(element: HTMLElement): void {
  stack = stack.filter((e) => e !== element)
  emit()
}

/** Whether `element` is the newest open modal dialog, the one Escape is for. */
export function isTopLayer(element: HTMLElement): boolean {
  return stack.at(-1) === element
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The newest open modal dialog, or null. */
export function useTopLayerElement(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => stack.at(-1) ?? null,
    () => null,
  )
}
