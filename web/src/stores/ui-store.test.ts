import { beforeEach, describe, expect, it } from 'vitest'
import { closeOverlay, dismissSnackbar, openOverlay, showSnackbar, uiStore } from './ui-store'

describe('ui store', () => {
  beforeEach(() => {
    uiStore.overlay = null
    uiStore.snackbar = null
  })

  it('keeps one overlay open at a time', () => {
    openOverlay({ kind: 'mobile-menu' })
    openOverlay({ kind: 'accounts', intent: 'sign-in' })
    expect(uiStore.overlay).toEqual({ kind: 'accounts', intent: 'sign-in' })
    closeOverlay()
    expect(uiStore.overlay).toBeNull()
  })

  it('shows a message for 6 seconds unless told otherwise', () => {
    showSnackbar('Saved')
    expect(uiStore.snackbar).toMatchObject({ message: 'Saved', severity: 'info', durationMs: 6000 })
    showSnackbar('Subscribed', { severity: 'success', durationMs: 4000 })
    expect(uiStore.snackbar).toMatchObject({ message: 'Subscribed', severity: 'success', durationMs: 4000 })
  })

  it('shows the newest message at once, replacing the one on screen', () => {
    showSnackbar('Password changed successfully!', { severity: 'success' })
    showSnackbar('Password reset link sent to your email address', { severity: 'success' })
    expect(uiStore.snackbar?.message).toBe('Password reset link sent to your email address')
  })

  it('shows the same message again as a new one, with its full time', () => {
    showSnackbar('Saved')
    const first = uiStore.snackbar?.id
    showSnackbar('Saved')
    expect(uiStore.snackbar?.message).toBe('Saved')
    expect(uiStore.snackbar?.id).not.toBe(first)
  })

  it('dismisses a message by id, never the newer one that replaced it', () => {
    showSnackbar('One')
    const one = uiStore.snackbar?.id ?? -1
    showSnackbar('Two')
    dismissSnackbar(one)
    expect(uiStore.snackbar?.message).toBe('Two')
    dismissSnackbar(uiStore.snackbar?.id ?? -1)
    expect(uiStore.snackbar).toBeNull()
  })
})
