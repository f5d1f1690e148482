import { randomBytes } from 'node:crypto'
import {
  aesKeyFromFile,
  type Config,
  ConfigError,
  environmentPersonalDataKey,
  keysRequired,
  personalDataSecret,
  rewrapUserKeys,
} from '@prizes/platform'
import type { Knex } from 'knex'

export const personalDataUsage = `npm run rotate-keys -- personal-data [--old-key-file <file>] [--new-key-file <file>]

Rewraps every user's personal-data key under a new PERSONAL_DATA_KEY, in one transaction (stop
the services first: they hold the old key). The personal data itself is not touched.
  --old-key-file  the key they are wrapped under now; default: PERSONAL_DATA_KEY (or its _FILE),
                  else, outside production, the one kept in the database
  --new-key-file  the new key (32 bytes as hex or base64: openssl rand -hex 32 > file); then
                  start the services with PERSONAL_DATA_KEY (or _FILE) set to it. Outside
                  production, without it, a new key is generated and kept in the database`

interface Options {
  readonly oldKeyFile?: string
  readonly newKeyFile?: string
}

/** `--old-key-file` and `--new-key-file`, each once; anything else is refused with the usage. */
export function personalDataOptions(args: readonly string[]): Options {
  const options: Record<string, string> = {}
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i], args[i + 1]]
    if ((name !== '--old-key-file' && name !== '--new-key-file') || !value || name in options)
      throw new ConfigError([`unexpected ${JSON.stringify(name)}\n\n${personalDataUsage}`])
    options[name] = value
  }
  return {
    ...(options['--old-key-file'] ? { oldKeyFile: options['--old-key-file'] } : {}),
    ...(options['--new-key-file'] ? { newKeyFile: options['--new-key-file'] } : {}),
  }
}

const databaseKept = (knex: Knex) =>
  knex('platform_secrets').where({ name: personalDataSecret }).first<{ value: Buffer } | undefined>('value')

/**
 * Rewraps the users' keys from the old PERSONAL_DATA_KEY to the new one. A key kept in the
 * database (outside production) is replaced in the same transaction: by the new one when it is
 * generated here, removed when the new one is the operator's (the environment holds it from now).
 */
export async function rotatePersonalDataKey(knex: Knex, config: Config, options: Options): Promise<string> {
  const kept = await databaseKept(knex)
  const old = options.oldKeyFile
    ? aesKeyFromFile('--old-key-file', options.oldKeyFile)
    : (environmentPersonalDataKey(config) ?? kept?.value)
  if (!old) throw new ConfigError(['no key to rotate from: give --old-key-file, or PERSONAL_DATA_KEY'])
  if (!options.newKeyFile && keysRequired(config))
    throw new ConfigError([`--new-key-file: required in production\n\n${personalDataUsage}`])
  const next = options.newKeyFile ? aesKeyFromFile('--new-key-file', options.newKeyFile) : randomBytes(32)
  if (next.equals(old)) throw new ConfigError(['--new-key-file: that is the key in use now'])
  const keptWasOld = kept?.value.equals(old) ?? false
  const rewrapped = await knex.transaction(async (trx) => {
    const count = await rewrapUserKeys(trx, { old, new: next })
    if (!options.newKeyFile) {
      await trx('platform_secrets')
        .insert({ name: personalDataSecret, value: next, created_at: new Date() })
        .onConflict('name')
        .merge()
    } else if (keptWasOld) {
      await trx('platform_secrets').where({ name: personalDataSecret }).delete()
    }
    return count
  })
  const then = options.newKeyFile
    ? 'start the services with PERSONAL_DATA_KEY (or PERSONAL_DATA_KEY_FILE) set to the new key'
    : 'the new key is kept in the database; start the platform again'
  return `${rewrapped} personal-data keys rewrapped under the new key: ${then}. The old key opens none of them now.`
}
