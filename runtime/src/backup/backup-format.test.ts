import { describe, expect, it } from 'vitest'
import { writeBackup } from './backup'
import { BackupDigest, backupFileName, decodeRow, encodeRow } from './backup-format'
import { InvalidBackup, verifyBackup } from './restore'

describe('backup lines', () => {
  it('bytes and times survive the round trip; jsonb columns go back as JSON text', () => {
    const row = {
      user_id: 'u-1',
      key: Buffer.from([0, 1, 254, 255]),
      created_at: new Date('2026-01-02T03:04:05.678Z'),
    }
    const line = JSON.parse(JSON.stringify(encodeRow(row))) as Record<string, unknown>
    expect(decodeRow('user_keys', line)).toEqual(row)
    expect(decodeRow('idempotency_keys', { scope: 's', key: 'k', response: { a: [1] } }).response).toBe(
      '{"a":[1]}',
    )
    expect(decodeRow('idempotency_keys', { scope: 's', key: 'k', response: null }).response).toBeNull()
  })

  it('names the file by the time it was taken, safe on every file system', () => {
    expect(backupFileName(new Date('2026-11-24T12:30:05.123Z'))).toBe(
      'prize-platform-backup-2026-11-24T12-30-05Z.ndjson.enc',
    )
  })
})

/** A backup of a two-event log with one row, as lines without their newline. */
async function sampleLines(): Promise<string[]> {
  const events = [0, 1].map((n) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: 'Happened',
    data: { n },
    metadata: { actor: 'test' },
    streamId: 's-1',
    revision: BigInt(n),
    position: { commit: 10n, prepare: BigInt(n + 1) },
    recordedAt: new Date('2026-01-01T00:00:00Z'),
  }))
  const store = { readAll: async ({ from }: { from: unknown }) => (from === 'start' ? events : []) }
  // A query builder that resolves to the table's rows, whatever is chained on it.
  const knex = (table: string) => {
    const rows = table === 'user_keys' ? [{ user_id: 'u-1', key: Buffer.from('k') }] : []
    const chain = { select: () => query, orderBy: () => query, limit: () => query, whereRaw: () => query }
    const query: Promise<unknown[]> & typeof chain = Object.assign(Promise.resolve(rows), chain)
    return query
  }
  let text = ''
  for await (const chunk of writeBackup({
    store,
    knex: knex as never,
    eventStore: 'postgres',
    batchSize: 10,
  }))
    text += chunk
  return text.trimEnd().split('\n')
}

const linesOf = (lines: readonly string[]) => () =>
  (async function* () {
    yield* lines
  })()

describe('verifyBackup', () => {
  it('accepts a whole file and counts its events and rows', async () => {
    const lines = await sampleLines()
    expect(lines).toHaveLength(5)
    expect(await verifyBackup(linesOf(lines))).toMatchObject({ events: 2, rows: 1 })
  })

  it('refuses a file with a changed byte, a missing end line, a dropped line or extra content', async () => {
    const lines = await sampleLines()
    const edited = lines.map((line) => line.replace('"n":1', '"n":2'))
    await expect(verifyBackup(linesOf(edited))).rejects.toThrow(/checksum does not match/)
    await expect(verifyBackup(linesOf(lines.slice(0, -1)))).rejects.toThrow(/cut short/)
    const dropped = [...lines.slice(0, 1), ...lines.slice(2)]
    await expect(verifyBackup(linesOf(dropped))).rejects.toThrow(InvalidBackup)
    await expect(verifyBackup(linesOf([...lines, '{}']))).rejects.toThrow(/extra content/)
    await expect(verifyBackup(linesOf(['{"kind":"event"}']))).rejects.toThrow(/not a prize platform backup/)
    await expect(verifyBackup(linesOf([]))).rejects.toThrow(/empty/)
  })

  it('the trailer is the SHA-256 of every line before it', () => {
    const digest = new BackupDigest()
    const header = digest.line({
      kind: 'header',
      format: 'prize-platform-backup',
      version: 1,
      createdAt: 'x',
      eventStore: 'postgres',
    })
    const trailer = JSON.parse(digest.trailer()) as { sha256: string; events: number }
    expect(trailer.events).toBe(0)
    expect(trailer.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(header.endsWith('\n')).toBe(true)
  })
})
