import { readFileSync } from 'node:fs'
import type { EnvironmentKeys } from '../auth/secrets'
import { type Config, ConfigError } from './config'

/** Production: `NODE_ENV=production`, or a site served over https. */
export function keysRequired(config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https://')
}

/** 32 bytes from 64 hex digits or base64 (or base64url). */
function keyBytes(name: string, text: string): Buffer {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64')
  if (bytes.length !== 32)
    throw new ConfigError([`${name}: must be 32 bytes, as 64 hex digits or base64 (got a value not shown)`])
  return bytes
}

/** `NAME`, else the trimmed content of the file `NAME_FILE` names, else undefined. */
function fromEnvironment(
  name: string,
  value: string | undefined,
  file: string | undefined,
): Buffer | undefined {
  if (value !== undefined && file !== undefined)
    throw new ConfigError([`${name} and ${name}_FILE: give one of them, not both`])
  if (value !== undefined) return keyBytes(name, value)
  if (file === undefined) return undefined
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch {
    throw new ConfigError([`${name}_FILE: cannot read ${file}`])
  }
  return keyBytes(`${name}_FILE`, text)
}

/**
 * The keys the environment gives (issue 23): DRAW_SEED_KEY or DRAW_SEED_KEY_FILE. In production
 * each is required, so the database (and a backup of it) alone never holds them; elsewhere a
 * missing one is generated and kept in the database, as `npm start` needs.
 */
export function environmentKeys(
  config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL' | 'DRAW_SEED_KEY' | 'DRAW_SEED_KEY_FILE'>,
): EnvironmentKeys {
  const drawSeeds = fromEnvironment('DRAW_SEED_KEY', config.DRAW_SEED_KEY, config.DRAW_SEED_KEY_FILE)
  if (drawSeeds === undefined && keysRequired(config))
    throw new ConfigError([
      'DRAW_SEED_KEY (or DRAW_SEED_KEY_FILE): required in production (NODE_ENV=production or an https PUBLIC_URL), so the draw seeds are sealed under a key the database does not hold; make one with: openssl rand -hex 32',
    ])
  return { drawSeeds }
}
