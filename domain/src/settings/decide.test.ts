import { defaultSettings } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { type ChangeSettings, decideSettings, evolveSettings, initialSettingsState } from './decide'
import { decodeSettingsEvent, type SettingsEvent } from './events'

const metadata = { now: new Date('2030-01-01T00:00:00Z') }
const change = (data: ChangeSettings['data']): ChangeSettings => ({ type: 'ChangeSettings', data, metadata })
const given = (...events: SettingsEvent[]) => events.reduce(evolveSettings, initialSettingsState)

describe('settings', () => {
  it('start with maintenance off and registrations and notifications on', () => {
    expect(given()).toEqual({ maintenanceMode: false, allowRegistrations: true, emailNotifications: true })
  })

  it('record a full snapshot when something changes', () => {
    expect(decideSettings(change({ allowRegistrations: false }), given())).toEqual([
      { type: 'SettingsChanged', data: { ...defaultSettings, allowRegistrations: false } },
    ])
  })

  it('record nothing when nothing changes, including "not given" fields', () => {
    const closed: SettingsEvent = {
      type: 'SettingsChanged',
      data: { ...defaultSettings, allowRegistrations: false },
    }
    expect(
      decideSettings(change({ allowRegistrations: false, maintenanceMode: undefined }), given(closed)),
    ).toEqual([])
  })

  it('decode their stored event and ignore unknown ones', () => {
    expect(decodeSettingsEvent({ type: 'SettingsChanged', data: defaultSettings })).toEqual({
      type: 'SettingsChanged',
      data: defaultSettings,
    })
    expect(decodeSettingsEvent({ type: 'ThemeChanged', data: {} })).toBeUndefined()
    expect(() => decodeSettingsEvent({ type: 'SettingsChanged', data: {} })).toThrow()
  })
})
