import { createHash } from 'node:crypto'
import { competitionEvents } from '@prizes/contracts'
import { roundTime } from '@prizes/domain'
import { loadSecrets } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDrawSeedStore } from '../competitions/draw-seeds'
import { type AdminHarness, startAdminHarness } from './test-harness'

/**
 * Issue 23 part 9: a double click on Publish lost the draw seed (one request stored it, another
 * published with it, the first then failed and deleted it), so the competition sold tickets and
 * could never be drawn. Publishing is idempotent and the seed is written with the event.
 */
let harness: AdminHarness
let admin: string

beforeAll(async () => {
  harness = await startAdminHarness('admin-publish-race')
  admin = await harness.admin()
})
afterAll(() => harness.close())

const route = '/api/admin/competitions'
const publish = (id: string) => harness.call('PUT', `${route}/${id}/status`, { status: 'active' }, admin)

/** The seed rows kept for the competition, as the draw would find them: by the commitment. */
async function keptSeedFor(id: string): Promise<{ commitment: string; seeds: Buffer[] }> {
  const published = (await harness.events(id)).filter((event) => event.type === 'CompetitionPublished')
  expect(published).toHaveLength(1)
  const { seedCommitment } = competitionEvents.CompetitionPublished.parse(published[0]?.data)
  const rows: { commitment: string }[] = await harness
    .knex('draw_seeds')
    .where({ competition_id: id })
    .select('commitment')
  // Every row kept for the competition, opened with the platform's seed key.
  const store = createDrawSeedStore(harness.knex, (await loadSecrets(harness.knex, {})).drawSeeds)
  const seeds: Buffer[] = []
  for (const row of rows) {
    const seed = await store.load(id, row.commitment)
    if (seed && createHash('sha256').update(seed).digest('hex') === seedCommitment)
      seeds.push(Buffer.from(seed))
  }
  return { commitment: String(seedCommitment), seeds }
}

describe('publishing twice at once', () => {
  it('8 concurrent publishes, 5 times over: every answer is success, one commitment, its seed kept', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await harness.competition(admin, { status: 'draft' })
      const answers = await Promise.all(Array.from({ length: 8 }, () => publish(id)))
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200))
      for (const answer of answers) expect(answer.body).toMatchObject({ competition: { status: 'active' } })
      const { seeds } = await keptSeedFor(id)
      expect(seeds).toHaveLength(1)
    }
  })

  it('a competition published by a double click is drawn with its seed', async () => {
    const id = await harness.competition(admin, { status: 'draft' })
    await Promise.all([publish(id), publish(id)])
    await harness.paidEntry(id, 2)
    expect((await harness.call('PUT', `${route}/${id}/status`, { status: 'closed' }, admin)).status).toBe(200)
    expect((await harness.call('PUT', `${route}/${id}/status`, { status: 'drawing' }, admin)).status).toBe(
      200,
    )
    const closed = (await harness.events(id)).find((event) => event.type === 'CompetitionClosed')
    const { round } = competitionEvents.CompetitionClosed.parse(closed?.data).randomness
    const wait = roundTime(round).getTime() + 1000 - harness.clock.now().getTime()
    if (wait > 0) harness.clock.advance(wait)
    const completed = await harness.call(
      'PUT',
      `${route}/${id}/status`,
      { status: 'completed', publicRandomness: { source: 'drand', round, value: 'ab'.repeat(32) } },
      admin,
    )
    expect(completed).toMatchObject({ status: 200, body: { competition: { status: 'completed' } } })
    const drawn = (await harness.events(id)).find((event) => event.type === 'DrawCompleted')
    const { seeds } = await keptSeedFor(id)
    expect(drawn?.data.seed).toBe(seeds[0]?.toString('hex'))
  })
})
