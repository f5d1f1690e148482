import { describe, expect, it } from 'vitest'
import {
  BackupDecryptionFailed,
  decryptBackup,
  encryptBackup,
  linesOf,
  PassphraseTooShort,
} from './backup-crypto'

const passphrase = 'correct horse battery staple'
const lines = Array.from(
  { length: 200 },
  (_, i) => `{"kind":"row","n":${i},"secret":"${'ab'.repeat(i % 7)}"}\n`,
)

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of source) parts.push(part)
  return Buffer.concat(parts)
}

async function* from(...parts: (string | Buffer)[]) {
  for (const part of parts) yield part
}

const encrypted = (chunkBytes = 256) => collect(encryptBackup(from(...lines), passphrase, { chunkBytes }))
const decrypted = (file: Buffer, with_ = passphrase) => collect(decryptBackup(from(file), with_))

describe('the encrypted backup file', () => {
  it('round-trips in chunks, and the file holds none of the plaintext', async () => {
    const file = await encrypted()
    expect((await decrypted(file)).toString()).toBe(lines.join(''))
    expect(file.includes(Buffer.from('"kind":"row"'))).toBe(false)
    expect(file.includes(Buffer.from('abab'))).toBe(false)
    const header = JSON.parse(file.subarray(0, file.indexOf(0x0a)).toString())
    expect(header).toMatchObject({
      format: 'prize-platform-backup-encrypted',
      kdf: { name: 'scrypt', N: 32768, r: 8, p: 1 },
      cipher: 'aes-256-gcm',
      chunkBytes: 256,
    })
    // Read back line by line, across chunk edges.
    const read: string[] = []
    for await (const line of linesOf(decryptBackup(from(file), passphrase))) read.push(line)
    expect(read).toEqual(lines.map((line) => line.trimEnd()))
  })

  it('an empty plaintext is one sealed, empty, last chunk', async () => {
    const file = await collect(encryptBackup(from(), passphrase))
    expect((await decrypted(file)).length).toBe(0)
  })

  it('refuses a wrong passphrase', async () => {
    await expect(decrypted(await encrypted(), 'not the passphrase at all')).rejects.toThrow(
      /passphrase is wrong/,
    )
  })

  it('refuses one flipped byte anywhere: header, chunk, or tag', async () => {
    const file = await encrypted()
    for (const at of [10, file.indexOf(0x0a) + 20, Math.floor(file.length / 2), file.length - 1]) {
      const altered = Buffer.from(file)
      altered[at] = (altered[at] ?? 0) ^ 0x01
      await expect(decrypted(altered)).rejects.toThrow(BackupDecryptionFailed)
    }
  })

  it('refuses a file cut short at a chunk edge, or with bytes after its last chunk', async () => {
    const file = await encrypted()
    const headerEnd = file.indexOf(0x0a) + 1
    const firstFrame = 4 + file.readUInt32BE(headerEnd) + 16
    await expect(decrypted(file.subarray(0, headerEnd + firstFrame))).rejects.toThrow(/cut short/)
    await expect(decrypted(Buffer.concat([file, Buffer.from('x')]))).rejects.toThrow(/after its last chunk/)
  })

  it('refuses an unencrypted backup and a short passphrase', async () => {
    await expect(
      decrypted(Buffer.from('{"kind":"header","format":"prize-platform-backup"}\n')),
    ).rejects.toThrow(/unencrypted backup is no longer accepted/)
    await expect(collect(encryptBackup(from('x'), 'short'))).rejects.toThrow(PassphraseTooShort)
  })
})
