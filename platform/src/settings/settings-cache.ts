import type { PlatformSettings } from '@prizes/contracts'

/** The platform settings as one process sees them: at most `ttlMs` old, one load at a time. */
export interface SettingsCache {
  get(): Promise<PlatformSettings>
  /** What this process has just written: seen at once here, by other processes within their TTL. */
  set(settings: PlatformSettings): void
}

export interface SettingsCacheOptions {
  /** Reads the current settings (the last event of the stream, or the read model's last row). */
  readonly load: () => Promise<PlatformSettings>
  /** How long a loaded value is used before it is loaded again; default 2 seconds. */
  readonly ttlMs?: number
  /** Tests move time; the real clock unless given. */
  readonly clock?: () => Date
}

export const defaultSettingsTtlMs = 2000

/**
 * The settings every request consults (maintenance, registrations, email), cached so that a
 * request costs no query: one indexed read per process every `ttlMs`, however busy. Concurrent
 * requests after expiry share one load. A failed load is not cached: the request fails (503
 * from the error handler) and the next one tries again.
 */
export function createSettingsCache(options: SettingsCacheOptions): SettingsCache {
  const ttlMs = options.ttlMs ?? defaultSettingsTtlMs
  const clock = options.clock ?? (() => new Date())
  let value: { settings: PlatformSettings; loadedAt: number } | undefined
  let loading: Promise<PlatformSettings> | undefined
  return {
    async get() {
      const now = clock().getTime()
      if (value && now - value.loadedAt < ttlMs && now >= value.loadedAt) return value.settings
      loading ??= options
        .load()
        .then((settings) => {
          value = { settings, loadedAt: clock().getTime() }
          return settings
        })
        .finally(() => {
          loading = undefined
        })
      return loading
    },
    set(settings) {
      value = { settings, loadedAt: clock().getTime() }
    },
  }
}
