import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { ConfigError, loadConfig } from '@prizes/platform'
import { minimumPassphraseLength } from '../backup/backup-crypto'

/** The arguments with `--passphrase-file <path>` taken out, and that path. */
export function passphraseFileArgument(argv: readonly string[]): {
  readonly rest: string[]
  readonly file: string | undefined
} {
  const rest = [...argv]
  const at = rest.indexOf('--passphrase-file')
  if (at < 0) return { rest, file: undefined }
  const file = rest[at + 1]
  if (!file || file.startsWith('--')) throw new ConfigError(['--passphrase-file needs the path of a file'])
  rest.splice(at, 2)
  return { rest, file }
}

/** Reads a line from the terminal without echoing it. */
function prompt(question: string): Promise<string> {
  return new Promise((resolve) => {
    const output = process.stderr
    const lines = createInterface({ input: process.stdin, output, terminal: true })
    const write = (lines as unknown as { _writeToOutput: (text: string) => void })._writeToOutput
    ;(lines as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
      write.call(lines, text.startsWith(question) ? question : '')
    }
    lines.question(question, (answer) => {
      output.write('\n')
      lines.close()
      resolve(answer)
    })
  })
}

/**
 * The backup passphrase: from `--passphrase-file <path>` (the file's content, trimmed), else
 * BACKUP_PASSPHRASE, else asked on the terminal (twice when making a backup). Anything shorter
 * than the minimum is refused before the database is opened.
 */
export async function backupPassphrase(
  file: string | undefined,
  options: { confirm: boolean },
): Promise<string> {
  let passphrase: string | undefined
  if (file !== undefined) {
    passphrase = (
      await readFile(file, 'utf8').catch(() => {
        throw new ConfigError([`--passphrase-file: cannot read ${file}`])
      })
    ).trim()
  } else {
    passphrase = loadConfig().BACKUP_PASSPHRASE
  }
  if (passphrase === undefined) {
    if (!process.stdin.isTTY)
      throw new ConfigError([
        'give the backup passphrase: --passphrase-file <path>, BACKUP_PASSPHRASE, or run it on a terminal to be asked',
      ])
    passphrase = (await prompt('Backup passphrase: ')).trim()
    if (options.confirm && (await prompt('The same passphrase again: ')).trim() !== passphrase)
      throw new ConfigError(['the two passphrases differ'])
  }
  if (passphrase.length < minimumPassphraseLength)
    throw new ConfigError([`the backup passphrase must be at least ${minimumPassphraseLength} characters`])
  return passphrase
}
