import { defaultSettings } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { describeChange } from './settings'

describe('settings history lines', () => {
  it('name each changed setting with its new value', () => {
    expect(
      describeChange({ ...defaultSettings, maintenanceMode: true, allowRegistrations: false }, [
        'maintenanceMode',
        'allowRegistrations',
      ]),
    ).toBe('Maintenance mode on, Allow registrations off')
  })

  it('say so when nothing changed', () => {
    expect(describeChange(defaultSettings, [])).toBe('No change')
  })
})
