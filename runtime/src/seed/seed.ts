import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CompetitionDetails } from '@prizes/contracts'
import type { EventStore, Position } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import { renderArtwork } from './artwork'
import { demoCompetitions, demoDraftIds } from './demo-competitions'

/** What the seed needs from the command side: the real handlers, nothing else. */
export interface SeedCommands {
  /** Creates the competition; resolves `false` when one with this id already exists. */
  create(id: string, details: CompetitionDetails, featured: boolean): Promise<boolean>
  /** Publishes it; resolves `undefined` when it is past draft already. */
  publish(id: string): Promise<Position | undefined>
}

const dayMs = 24 * 60 * 60 * 1000

/** Whether nothing at all has been written: no account, no competition, no setting. */
export async function logIsEmpty(store: Pick<EventStore, 'readAll'>): Promise<boolean> {
  return (await store.readAll({ from: 'start', limit: 1 })).length === 0
}

/**
 * Demo competitions for a new platform, created and published through the command handlers,
 * only into an empty event store. A platform that has been used is left as its admins made it:
 * a demo competition they deleted, cancelled or changed is never made or published again (on
 * every start it once was, and a deleted one stopped the platform from starting). Ids are
 * fixed, so two seeds racing into one empty store still make each competition once.
 */
export async function seedDemoData(options: {
  store: Pick<EventStore, 'readAll'>
  commands: SeedCommands
  mediaDir: string
  now: Date
  logger: Logger
}): Promise<{ created: number; position: Position | undefined; skipped: boolean }> {
  if (!(await logIsEmpty(options.store))) {
    options.logger.info('The event store already holds events: no demo competitions seeded')
    return { created: 0, position: undefined, skipped: true }
  }
  const imageDir = path.join(options.mediaDir, 'seed')
  await mkdir(imageDir, { recursive: true })
  let created = 0
  let position: Position | undefined
  for (const demo of demoCompetitions) {
    const imageUrl = `/media/seed/${demo.artwork.slug}.svg`
    await writeFile(path.join(imageDir, `${demo.artwork.slug}.svg`), renderArtwork(demo.artwork))
    const details: CompetitionDetails = {
      ...demo.details,
      imageUrl,
      startDate: options.now.toISOString(),
      endDate: new Date(options.now.getTime() + demo.endsInDays * dayMs).toISOString(),
    }
    if (await options.commands.create(demo.id, details, demo.featured)) created += 1
    if (!demoDraftIds.has(demo.id)) position = (await options.commands.publish(demo.id)) ?? position
  }
  if (created > 0) options.logger.info(`Seeded ${created} demo competitions`)
  return { created, position, skipped: false }
}
