import { competitionStream } from '@prizes/contracts'
import { createInMemoryEventStore } from '@prizes/event-store/testing'
import { describe, expect, it } from 'vitest'
import { createCommandHandler } from '../command-handler'
import { adminContext, details, silentLogger } from '../testing/fixtures'
import { createCompetition, publishCompetition, reviseCompetition, setCompetitionFeatured } from './commands'
import { createInMemoryDrawSeeds } from './draw-seeds'

function setup() {
  const store = createInMemoryEventStore()
  return { store, handler: createCommandHandler({ store, logger: silentLogger }) }
}

describe('competition commands', () => {
  it('creates a competition under a fresh UUID, not featured unless asked', async () => {
    const { store, handler } = setup()
    const created = await createCompetition(handler, { details }, adminContext)
    expect(created.competitionId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(created.state).toMatchObject({ exists: true, featured: false, status: 'draft' })
    expect(store.all[0]?.streamId).toBe(competitionStream(created.competitionId))
  })

  it('uses a given id, so a repeated seed finds its competition', async () => {
    const { handler } = setup()
    await createCompetition(handler, { details, competitionId: 'demo-1', featured: true }, adminContext)
    await expect(
      createCompetition(handler, { details, competitionId: 'demo-1' }, adminContext),
    ).rejects.toThrow(expect.objectContaining({ code: 'COMPETITION_ALREADY_EXISTS' }))
  })

  it('revises, features and publishes through the same stream', async () => {
    const { store, handler } = setup()
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    await reviseCompetition(
      handler,
      { competitionId, details: { ...details, title: 'New title' } },
      adminContext,
    )
    await setCompetitionFeatured(handler, { competitionId, featured: true }, adminContext)
    const published = await publishCompetition(
      handler,
      { competitionId },
      adminContext,
      createInMemoryDrawSeeds(),
    )

    expect(published.state).toMatchObject({
      status: 'active',
      featured: true,
      details: { title: 'New title' },
    })
    expect(published.position).toEqual(store.all.at(-1)?.position)
    expect(store.all.map((e) => e.type)).toEqual([
      'CompetitionCreated',
      'CompetitionRevised',
      'CompetitionFeaturedSet',
      'CompetitionPublished',
    ])
  })

  it('passes the context time to the rules: publishing after the end date is refused', async () => {
    const { handler } = setup()
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    const late = { ...adminContext, now: new Date('2030-03-01T00:00:00.000Z') }
    await expect(
      publishCompetition(handler, { competitionId }, late, createInMemoryDrawSeeds()),
    ).rejects.toThrow(expect.objectContaining({ code: 'COMPETITION_END_DATE_PASSED' }))
  })
})
