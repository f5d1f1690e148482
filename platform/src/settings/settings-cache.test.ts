import { defaultSettings, type PlatformSettings } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { createSettingsCache } from './settings-cache'

function source(initial: PlatformSettings = defaultSettings) {
  let stored = initial
  let loads = 0
  let now = 0
  return {
    store: (settings: PlatformSettings) => {
      stored = settings
    },
    loads: () => loads,
    advance: (ms: number) => {
      now += ms
    },
    options: {
      load: async () => {
        loads += 1
        return stored
      },
      ttlMs: 2000,
      clock: () => new Date(now),
    },
  }
}

describe('the settings cache', () => {
  it('loads once per TTL however many ask, and sees a change once the TTL has passed', async () => {
    const s = source()
    const cache = createSettingsCache(s.options)
    await Promise.all([cache.get(), cache.get(), cache.get()])
    expect(s.loads()).toBe(1)
    s.store({ ...defaultSettings, maintenanceMode: true })
    s.advance(1999)
    expect((await cache.get()).maintenanceMode).toBe(false)
    s.advance(1)
    expect((await cache.get()).maintenanceMode).toBe(true)
    expect(s.loads()).toBe(2)
  })

  it('uses what this process wrote at once', async () => {
    const s = source()
    const cache = createSettingsCache(s.options)
    await cache.get()
    cache.set({ ...defaultSettings, allowRegistrations: false })
    expect((await cache.get()).allowRegistrations).toBe(false)
    expect(s.loads()).toBe(1)
  })

  it('does not keep a failed load: the next request tries again', async () => {
    let fail = true
    const cache = createSettingsCache({
      load: async () => {
        if (fail) throw new Error('database down')
        return defaultSettings
      },
    })
    await expect(cache.get()).rejects.toThrow('database down')
    fail = false
    await expect(cache.get()).resolves.toEqual(defaultSettings)
  })
})
