import { readFileSync } from 'node:fs'
import type { EnvironmentKeys, EnvironmentSessionKeys } from '../auth/secrets'
import { type Config, ConfigError } from './config'

/** Production: `NODE_ENV=production`, or a site served over https. */
export function keysRequired(config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https://')
}

/** `exactly`: an AES key (32 bytes); `at least`: an HMAC key (32 bytes or more). */
type KeySize = 'exactly' | 'at least'

/** 32 bytes (or, `at least`, more) from hex digits or base64 (or base64url). */
function keyBytes(name: string, text: string, size: KeySize): Buffer {
  const bytes = /^(?:[0-9a-fA-F]{2}){32,}$/.test(text)
    ? Buffer.from(text, 'hex')
    : Buffer.from(text, 'base64')
  if (size === 'exactly' ? bytes.length !== 32 : bytes.length < 32)
    throw new ConfigError([
      `${name}: must be ${size === 'exactly' ? '' : 'at least '}32 bytes, as hex digits or base64 (got a value not shown)`,
    ])
  return bytes
}

/** `NAME`, else the trimmed content of the file `NAME_FILE` names, else undefined; and which. */
function textFromEnvironment(
  name: string,
  value: string | undefined,
  file: string | undefined,
): { readonly from: string; readonly text: string } | undefined {
  if (value !== undefined && file !== undefined)
    throw new ConfigError([`${name} and ${name}_FILE: give one of them, not both`])
  if (value !== undefined) return { from: name, text: value }
  if (file === undefined) return undefined
  try {
    return { from: `${name}_FILE`, text: readFileSync(file, 'utf8').trim() }
  } catch {
    throw new ConfigError([`${name}_FILE: cannot read ${file}`])
  }
}

function fromEnvironment(
  name: string,
  value: string | undefined,
  file: string | undefined,
  size: KeySize,
): Buffer | undefined {
  const given = textFromEnvironment(name, value, file)
  return given && keyBytes(given.from, given.text, size)
}

/** An AES key (32 bytes, hex digits or base64) from the file `file`, as an operator's CLI is given one. */
export function aesKeyFromFile(option: string, file: string): Buffer {
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch {
    throw new ConfigError([`${option}: cannot read ${file}`])
  }
  return keyBytes(option, text, 'exactly')
}

/** JWT_PREVIOUS_SECRETS keeps a few keys at most: a rotation's old key lives 7 days. */
const maxPreviousJwtSecrets = 4

const required = (name: string, why: string) =>
  `${name} (or ${name}_FILE): required in production (NODE_ENV=production or an https PUBLIC_URL), so ${why}; make one with: openssl rand -hex 32`

type SessionConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'PUBLIC_URL'
  | 'JWT_SECRET'
  | 'JWT_SECRET_FILE'
  | 'JWT_PREVIOUS_SECRETS'
  | 'JWT_PREVIOUS_SECRETS_FILE'
>

/** JWT_SECRET and JWT_PREVIOUS_SECRETS (comma-separated), each or its `_FILE`, when given. */
function sessionKeysOf(config: SessionConfig): EnvironmentSessionKeys {
  const jwt = fromEnvironment('JWT_SECRET', config.JWT_SECRET, config.JWT_SECRET_FILE, 'at least')
  const previous = textFromEnvironment(
    'JWT_PREVIOUS_SECRETS',
    config.JWT_PREVIOUS_SECRETS,
    config.JWT_PREVIOUS_SECRETS_FILE,
  )
  if (previous === undefined) return { jwt, jwtPrevious: [] }
  const texts = previous.text.split(',').map((text) => text.trim())
  if (texts.length > maxPreviousJwtSecrets)
    throw new ConfigError([
      `${previous.from}: at most ${maxPreviousJwtSecrets} keys; drop those rotated out more than 7 days ago`,
    ])
  return { jwt, jwtPrevious: texts.map((text) => keyBytes(previous.from, text, 'at least')) }
}

const jwtRequired = required('JWT_SECRET', 'the database (and a backup of it) cannot sign sessions')

/**
 * The session tokens' keys the environment gives (issue 23): JWT_SECRET, required in production,
 * and after a rotation JWT_PREVIOUS_SECRETS (verifying only). All the query service needs.
 */
export function environmentSessionKeys(config: SessionConfig): EnvironmentSessionKeys {
  const keys = sessionKeysOf(config)
  if (keys.jwt === undefined && keysRequired(config)) throw new ConfigError([jwtRequired])
  return keys
}

type PersonalDataConfig = Pick<
  Config,
  'NODE_ENV' | 'PUBLIC_URL' | 'PERSONAL_DATA_KEY' | 'PERSONAL_DATA_KEY_FILE'
>

const personalDataRequired = required(
  'PERSONAL_DATA_KEY',
  "every user's personal-data key is wrapped under a key the database (and a backup of it) does not hold",
)

const personalDataKeyOf = (config: PersonalDataConfig) =>
  fromEnvironment('PERSONAL_DATA_KEY', config.PERSONAL_DATA_KEY, config.PERSONAL_DATA_KEY_FILE, 'exactly')

/**
 * PERSONAL_DATA_KEY (or its `_FILE`), which the users' keys are wrapped under: required in
 * production. For a process that shows personal data but needs no other key (the query service).
 */
export function environmentPersonalDataKey(config: PersonalDataConfig): Buffer | undefined {
  const key = personalDataKeyOf(config)
  if (key === undefined && keysRequired(config)) throw new ConfigError([personalDataRequired])
  return key
}

/**
 * The keys the environment gives (issue 23): the session tokens' (`environmentSessionKeys`),
 * TOKEN_SECRET (one-time links), DRAW_SEED_KEY and PERSONAL_DATA_KEY, each also as a `_FILE`. In production each
 * is required, so the database (and a backup of it) alone never holds them; elsewhere a missing
 * one is generated and kept in the database, as `npm start` needs.
 */
export function environmentKeys(
  config: SessionConfig &
    PersonalDataConfig &
    Pick<Config, 'DRAW_SEED_KEY' | 'DRAW_SEED_KEY_FILE' | 'TOKEN_SECRET' | 'TOKEN_SECRET_FILE'>,
): EnvironmentKeys {
  const drawSeeds = fromEnvironment(
    'DRAW_SEED_KEY',
    config.DRAW_SEED_KEY,
    config.DRAW_SEED_KEY_FILE,
    'exactly',
  )
  const oneTimeTokens = fromEnvironment(
    'TOKEN_SECRET',
    config.TOKEN_SECRET,
    config.TOKEN_SECRET_FILE,
    'at least',
  )
  const session = sessionKeysOf(config)
  const personalData = personalDataKeyOf(config)
  const missing = [
    ...(drawSeeds
      ? []
      : [required('DRAW_SEED_KEY', 'the draw seeds are sealed under a key the database does not hold')]),
    ...(session.jwt ? [] : [jwtRequired]),
    ...(oneTimeTokens
      ? []
      : [required('TOKEN_SECRET', 'the database (and a backup of it) cannot make sign-in links')]),
    ...(personalData ? [] : [personalDataRequired]),
  ]
  if (missing.length > 0 && keysRequired(config)) throw new ConfigError(missing)
  return { ...session, drawSeeds, oneTimeTokens, personalData }
}
