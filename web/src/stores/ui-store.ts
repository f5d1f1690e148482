import { proxy } from 'valtio'

/** Overlays have no route (SPEC section 2); at most one is open at a time. */
export type Overlay =
  /** The auth modal; `email` fills in the login form (after registering, from a reset). */
  | { readonly kind: 'accounts'; readonly intent: 'sign-in' | 'sign-up'; readonly email?: string }
  /** The Reset Password email dialog. */
  | { readonly kind: 'forgot-password'; readonly email?: string }
  | { readonly kind: 'profile-settings' }
  | { readonly kind: 'dashboard' }
  | { readonly kind: 'admin-dashboard' }
  | { readonly kind: 'mobile-menu' }
  | { readonly kind: 'entry'; readonly competitionTitle: string }

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
  /** The first one is on screen; the rest wait their turn. */
  snackbars: Snackbar[]
}

export const uiStore = proxy<UiState>({ overlay: null, snackbars: [] })

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
  // The same message twice in a row tells the user nothing new.
  if (uiStore.snackbars.some((s) => s.message === message)) return
  uiStore.snackbars.push({ id: nextSnackbarId++, message, severity, durationMs })
}

export function dismissSnackbar(id: number): void {
  uiStore.snackbars = uiStore.snackbars.filter((s) => s.id !== id)
}
