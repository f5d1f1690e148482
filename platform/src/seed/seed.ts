import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CompetitionDetails } from '@prizes/contracts'
import type { Position } from '@prizes/event-store'
import type { Logger } from '../logger'
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

/**
 * Demo competitions for a new platform, created and published through the command handlers.
 * Ids are fixed, so it takes effect on the first start only: later starts find the competitions
 * and change nothing, and a seed cut off half-way finishes what it missed.
 */
export async function seedDemoData(options: {
  commands: SeedCommands
  mediaDir: string
  now: Date
  logger: Logger
}): Promise<{ created: number; position: Position | undefined }> {
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
  return { created, position }
}
