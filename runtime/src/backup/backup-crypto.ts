import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto'

/**
 * The backup file as it leaves the platform (issue 23): the NDJSON of `backup-format.ts`,
 * encrypted with a key derived from the operator's passphrase, so the file holds no key, seed
 * or session in clear and whoever holds it without the passphrase learns nothing.
 *
 *   {"format":"prize-platform-backup-encrypted","version":1,"kdf":{...},"cipher":"aes-256-gcm",...}\n
 *   frame*  = u32 big-endian length ‖ ciphertext (length bytes) ‖ 16-byte GCM tag
 *
 * - The key is scrypt(passphrase, random 16-byte salt, N, r, p), all named in the header line.
 * - Plaintext is cut into chunks of at most `chunkBytes`, each sealed on its own (so a backup of
 *   any size streams through bounded memory), with the nonce `chunk index` (96 bits) and as
 *   additional data the header line's sha256, the chunk index and whether it is the last chunk.
 *   Every tag then checks the header (its KDF parameters), the chunk's place and the end: a
 *   flipped byte anywhere, chunks swapped, dropped or a file cut short are refused, and the
 *   checksum is keyed: nobody without the passphrase can forge a row that restores.
 * - A wrong passphrase fails the first tag: refused before anything is read from the file.
 */
export const encryptedBackupFormat = 'prize-platform-backup-encrypted'
export const encryptedBackupVersion = 1

/** The shortest passphrase a backup is made or read with. */
export const minimumPassphraseLength = 12
/** The longest: a bound on what a request carries. */
export const maximumPassphraseLength = 1024

/** scrypt's cost: 2^15 × 8 × 128 bytes = 32 MiB and about a tenth of a second per backup. */
const defaultKdf = { name: 'scrypt', N: 2 ** 15, r: 8, p: 1 } as const
/** The most a header may ask of the reader (a hostile file must not take the machine's memory). */
const maxKdfMemory = 256 * 1024 * 1024
const defaultChunkBytes = 64 * 1024
const maxChunkBytes = 4 * 1024 * 1024
const tagBytes = 16

export interface EncryptedBackupHeader {
  readonly format: typeof encryptedBackupFormat
  readonly version: number
  readonly kdf: {
    readonly name: 'scrypt'
    readonly N: number
    readonly r: number
    readonly p: number
    readonly salt: string
  }
  readonly cipher: 'aes-256-gcm'
  readonly chunkBytes: number
}

/** The file is not an encrypted backup this platform reads, its passphrase is wrong, or it was altered. */
export class BackupDecryptionFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupDecryptionFailed'
  }
}

/** The passphrase is shorter than `minimumPassphraseLength`. */
export class PassphraseTooShort extends Error {
  constructor() {
    super(`The backup passphrase must be at least ${minimumPassphraseLength} characters`)
    this.name = 'PassphraseTooShort'
  }
}

export function checkPassphrase(passphrase: string): void {
  if (passphrase.length < minimumPassphraseLength) throw new PassphraseTooShort()
  if (passphrase.length > maximumPassphraseLength)
    throw new BackupDecryptionFailed(
      `The backup passphrase is longer than ${maximumPassphraseLength} characters`,
    )
}

function deriveKey(passphrase: string, kdf: EncryptedBackupHeader['kdf']): Promise<Buffer> {
  const maxmem = 128 * kdf.N * kdf.r * kdf.p + 1024 * 1024
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.salt, 'base64'),
      32,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  )
}

function nonce(index: number): Buffer {
  const bytes = Buffer.alloc(12)
  bytes.writeBigUInt64BE(BigInt(index), 4)
  return bytes
}

function additionalData(headerHash: Buffer, index: number, last: boolean): Buffer {
  const place = Buffer.alloc(9)
  place.writeBigUInt64BE(BigInt(index))
  place[8] = last ? 1 : 0
  return Buffer.concat([headerHash, place])
}

/** Cuts `source` into chunks of exactly `size` bytes (the last one shorter). */
async function* chunksOf(
  source: AsyncIterable<string | Buffer | Uint8Array>,
  size: number,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = []
  let length = 0
  for await (const piece of source) {
    let bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.from(piece)
    while (length + bytes.length >= size) {
      const take = size - length
      pending.push(bytes.subarray(0, take))
      yield Buffer.concat(pending)
      pending = []
      length = 0
      bytes = bytes.subarray(take)
    }
    if (bytes.length > 0) {
      pending.push(bytes)
      length += bytes.length
    }
  }
  yield Buffer.concat(pending)
}

/**
 * The encrypted file of `plaintext` (the NDJSON lines), a frame at a time. The last frame is
 * marked last (it may be empty); anything after it, or a missing one, is refused on reading.
 */
export async function* encryptBackup(
  plaintext: AsyncIterable<string | Buffer>,
  passphrase: string,
  options: { readonly chunkBytes?: number } = {},
): AsyncGenerator<Buffer> {
  checkPassphrase(passphrase)
  const chunkBytes = options.chunkBytes ?? defaultChunkBytes
  const header: EncryptedBackupHeader = {
    format: encryptedBackupFormat,
    version: encryptedBackupVersion,
    kdf: { ...defaultKdf, salt: randomBytes(16).toString('base64') },
    cipher: 'aes-256-gcm',
    chunkBytes,
  }
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8')
  const headerHash = createHash('sha256').update(headerLine).digest()
  const key = await deriveKey(passphrase, header.kdf)
  yield headerLine
  let index = 0
  let previous: Buffer | undefined
  const seal = (chunk: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(index))
    cipher.setAAD(additionalData(headerHash, index, last))
    const sealed = Buffer.concat([cipher.update(chunk), cipher.final()])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(sealed.length)
    index += 1
    return Buffer.concat([length, sealed, cipher.getAuthTag()])
  }
  // One chunk behind, so the last one is known to be last when it is sealed.
  for await (const chunk of chunksOf(plaintext, chunkBytes)) {
    if (previous !== undefined) yield seal(previous, false)
    previous = chunk
  }
  yield seal(previous ?? Buffer.alloc(0), true)
}

/** Reads exactly what is asked of a byte stream, or less at its end. */
function byteReader(source: AsyncIterable<Buffer | Uint8Array | string>) {
  const iterator = source[Symbol.asyncIterator]()
  let buffered = Buffer.alloc(0)
  let done = false
  return {
    async read(count: number): Promise<Buffer> {
      while (buffered.length < count && !done) {
        const next = await iterator.next()
        if (next.done) done = true
        else buffered = Buffer.concat([buffered, Buffer.from(next.value)])
      }
      const taken = buffered.subarray(0, count)
      buffered = buffered.subarray(taken.length)
      return taken
    },
    /** The header line: up to the first newline, bounded. */
    async line(limit: number): Promise<Buffer | undefined> {
      for (;;) {
        const end = buffered.indexOf(0x0a)
        if (end >= 0) {
          const line = buffered.subarray(0, end + 1)
          buffered = buffered.subarray(end + 1)
          return line
        }
        if (buffered.length > limit || done) return undefined
        const next = await iterator.next()
        if (next.done) done = true
        else buffered = Buffer.concat([buffered, Buffer.from(next.value)])
      }
    },
    async close() {
      await iterator.return?.()
    },
  }
}

function parseHeader(line: Buffer | undefined): EncryptedBackupHeader {
  const refuse = (why: string) => new BackupDecryptionFailed(why)
  if (!line) throw refuse('This file is not an encrypted prize platform backup (it has no header line)')
  let header: Partial<EncryptedBackupHeader>
  try {
    header = JSON.parse(line.toString('utf8'))
  } catch {
    throw refuse('This file is not an encrypted prize platform backup (its header is not JSON)')
  }
  if (header.format !== encryptedBackupFormat)
    throw refuse(
      'This file is not an encrypted prize platform backup (an unencrypted backup is no longer accepted)',
    )
  if (header.version !== encryptedBackupVersion)
    throw refuse(
      `This backup is encrypted in format version ${String(header.version)}; this platform reads ${encryptedBackupVersion}`,
    )
  const kdf = header.kdf
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0
  if (
    header.cipher !== 'aes-256-gcm' ||
    kdf?.name !== 'scrypt' ||
    !whole(kdf.N) ||
    !whole(kdf.r) ||
    !whole(kdf.p) ||
    typeof kdf.salt !== 'string' ||
    128 * kdf.N * kdf.r * kdf.p > maxKdfMemory ||
    !whole(header.chunkBytes) ||
    header.chunkBytes > maxChunkBytes
  )
    throw refuse('The backup header names a cipher or key derivation this platform does not read')
  return header as EncryptedBackupHeader
}

/**
 * The plaintext of an encrypted backup, a checked chunk at a time: no byte is given out before
 * its tag has been checked, so whatever reads it only ever sees what the passphrase's holder wrote.
 */
export async function* decryptBackup(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  passphrase: string,
): AsyncGenerator<Buffer> {
  checkPassphrase(passphrase)
  const reader = byteReader(source)
  try {
    const headerLine = await reader.line(4096)
    const header = parseHeader(headerLine)
    const headerHash = createHash('sha256')
      .update(headerLine as Buffer)
      .digest()
    const key = await deriveKey(passphrase, header.kdf)
    for (let index = 0; ; index += 1) {
      const lengthBytes = await reader.read(4)
      if (lengthBytes.length < 4)
        throw new BackupDecryptionFailed(
          'The backup is incomplete: it ends before its last chunk (the file was cut short)',
        )
      const length = lengthBytes.readUInt32BE()
      if (length > header.chunkBytes)
        throw new BackupDecryptionFailed('The backup is damaged: a chunk is too long')
      const sealed = await reader.read(length + tagBytes)
      if (sealed.length < length + tagBytes)
        throw new BackupDecryptionFailed('The backup is incomplete: the file was cut short')
      const open = (last: boolean) => {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce(index))
        decipher.setAAD(additionalData(headerHash, index, last))
        decipher.setAuthTag(sealed.subarray(length))
        return Buffer.concat([decipher.update(sealed.subarray(0, length)), decipher.final()])
      }
      let plain: Buffer | undefined
      let last = false
      for (const asLast of [false, true]) {
        try {
          plain = open(asLast)
          last = asLast
          break
        } catch {
          // Not this way; tried as the last chunk next.
        }
      }
      if (plain === undefined)
        throw new BackupDecryptionFailed(
          index === 0
            ? 'The passphrase is wrong, or the backup was altered: it cannot be decrypted'
            : 'The backup was altered or damaged: a chunk fails its check',
        )
      if (plain.length > 0) yield plain
      if (last) {
        if ((await reader.read(1)).length > 0)
          throw new BackupDecryptionFailed('The backup has content after its last chunk: it was altered')
        return
      }
    }
  } finally {
    await reader.close()
  }
}

/** Lines of a byte stream, without their `\n` (the last one may lack it). */
export async function* linesOf(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest = ''
  const decoder = new TextDecoder('utf-8')
  for await (const bytes of source) {
    rest += decoder.decode(bytes, { stream: true })
    const parts = rest.split('\n')
    rest = parts.pop() ?? ''
    for (const part of parts) yield part
  }
  rest += decoder.decode()
  if (rest !== '') yield rest
}
