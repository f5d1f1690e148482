import { readFileSync } from 'node:fs'

/** The platform's version: the root package.json's, read once. */
export const platformVersion: string = (() => {
  const file = new URL('../../package.json', import.meta.url)
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }
  return typeof parsed.version === 'string' ? parsed.version : 'unknown'
})()
