import { beforeEach, describe, expect, it } from 'vitest'
import { closeOverlay, dismissSnackbar, openOverlay, showSnackbar, uiStore } from './ui-store'

describe('ui store', () => {
  beforeEach(() => {
    uiStore.overlay = null
    uiStore.snackbars = []
  })

  it('keeps one overlay open at a time', () => {
    openOverlay({ kind: 'mobile-menu' })
    openOverlay({ kind: 'accounts', intent: 'sign-in' })
    expect(uiStore.overlay).toEqual({ kind: 'accounts', intent: 'sign-in' })
    closeOverlay()
    expect(uiStore.overlay).toBeNull()
  })

  it('queues snackbars for 6 seconds by default and drops repeats', () => {
    showSnackbar('Saved')
    showSnackbar('Saved')
    showSnackbar('Subscribed', { severity: 'success', durationMs: 4000 })
    expect(
      uiStore.snackbars.map(({ message, severity, durationMs }) => ({ message, severity, durationMs })),
    ).toEqual([
      { message: 'Saved', severity: 'info', durationMs: 6000 },
      { message: 'Subscribed', severity: 'success', durationMs: 4000 },
    ])
  })

  it('dismisses a snackbar by id', () => {
    showSnackbar('One')
    showSnackbar('Two')
    const first = uiStore.snackbars[0]
    expect(first).toBeDefined()
    if (first) dismissSnackbar(first.id)
    expect(uiStore.snackbars.map((s) => s.message)).toEqual(['Two'])
  })
})
