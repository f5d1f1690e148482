import type { ResumePayment } from '@prizes/domain'
import { proxy } from 'valtio'

/** What the entry modal needs to know about the competition it was opened for. */
export interface EntryTarget {
  readonly id: string
  readonly title: string
  readonly prize: string
  /** Entry price in pounds; the server charges its own, this is what the entrant is shown. */
  readonly price: number
  /** Tickets still available, null when unlimited. */
  readonly remaining: number | null
  /** total_tickets, null when unlimited. */
  readonly maxEntries: number | null
  /** The most entries one person may hold in it, paid and postal together. */
  readonly perPerson: number
  /** What that cap still allows the signed-in entrant (the modal works it out); absent when unknown. */
  readonly personRemaining?: number | null
  readonly endDate: string
}

/** Overlays have no route (SPEC section 2); at most one is open at a time. */
export type Overlay =
  /** The auth modal; `email` fills in the login form (after registering, from a reset). */
  | { readonly kind: 'accounts'; readonly intent: 'sign-in' | 'sign-up'; readonly email?: string }
  /** The Reset Password email dialog. */
  | { readonly kind: 'forgot-password'; readonly email?: string }
  /** `returnTo`: the overlay it was opened from, shown again when it closes. */
  | { readonly kind: 'profile-settings'; readonly returnTo?: 'dashboard' }
  | { readonly kind: 'dashboard' }
  | { readonly kind: 'admin-dashboard' }
  | { readonly kind: 'mobile-menu' }
  | {
      readonly kind: 'entry'
      readonly competition: EntryTarget
      /** A payment authorised before a redirect to the bank: the flow resumes by confirming it. */
      readonly resume?: ResumePayment
    }

export type SnackbarSeverity = 'info' | 'success' | 'warning' | 'error'

export interface Snackbar {
  readonly id: number
  readonly message: string
  readonly severity: SnackbarSeverity
  readonly durationMs: number
}

export const defaultSnackbarMs = 6000

interface UiState {
  overlay: Overlay | null
  /** The message on screen. A new one replaces it at once: nothing waits behind an old message. */
  snackbar: Snackbar | null
}

export const uiStore = proxy<UiState>({ overlay: null, snackbar: null })

let nextSnackbarId = 1

export function openOverlay(overlay: Overlay): void {
  uiStore.overlay = overlay
}

export function closeOverlay(): void {
  uiStore.overlay = null
}

export function showSnackbar(
  message: string,
  {
    severity = 'info',
    durationMs = defaultSnackbarMs,
  }: { severity?: SnackbarSeverity; durationMs?: number } = {},
): void {
  // Shown now, for its full time; whatever was on screen is out of date and goes.
  uiStore.snackbar = { id: nextSnackbarId++, message, severity, durationMs }
}

/** Hides the message `id`; one that has already been replaced is left alone. */
export function dismissSnackbar(id: number): void {
  if (uiStore.snackbar?.id === id) uiStore.snackbar = null
}
