import { readFileSync } from 'node:fs'

/** Set by the production build (runtime/src/build), whose bundles have no package.json two folders up. */
declare const PRIZES_PLATFORM_VERSION: string | undefined

/** The platform's version: the root package.json's, read once, or the one built in. */
export const platformVersion: string =
  typeof PRIZES_PLATFORM_VERSION === 'string'
    ? PRIZES_PLATFORM_VERSION
    : (() => {
        const file = new URL('../../package.json', import.meta.url)
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }
        return typeof parsed.version === 'string' ? parsed.version : 'unknown'
      })()
