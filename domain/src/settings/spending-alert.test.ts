import { defaultSpendingAlertPence } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { decideSpendingAlert, spendingAlertDecider } from './spending-alert'

const metadata = { now: new Date('2030-01-01T00:00:00.000Z') }

describe('spending alert threshold', () => {
  it('starts at the default and records a change, but not the same value again', () => {
    const { initialState, evolve } = spendingAlertDecider
    expect(initialState.thresholdPence).toBe(defaultSpendingAlertPence)
    const changed = decideSpendingAlert(
      { type: 'SetSpendingAlert', data: { thresholdPence: 20_000 }, metadata },
      initialState,
    )
    expect(changed).toEqual([{ type: 'SpendingAlertThresholdChanged', data: { thresholdPence: 20_000 } }])
    const [event] = changed
    if (!event) throw new Error('an event expected')
    const state = evolve(initialState, event)
    expect(
      decideSpendingAlert({ type: 'SetSpendingAlert', data: { thresholdPence: 20_000 }, metadata }, state),
    ).toEqual([])
  })
})
