import { competitionStream } from '@prizes/contracts'
import type { CompetitionCommand } from '@prizes/domain'
import type { InMemoryEventStore } from '@prizes/event-store/testing'
import { details, now } from './fixtures'

/** One competition's commands, for the handler's tests. */
export const id = 'c-1'
export const stream = competitionStream(id)
const metadata = { now }

export const create: CompetitionCommand = {
  type: 'CreateCompetition',
  data: { competitionId: id, details, featured: false },
  metadata,
}
export const publish: CompetitionCommand = {
  type: 'PublishCompetition',
  data: { competitionId: id, seedCommitment: 'c0'.repeat(32) },
  metadata,
}
export const feature = (featured: boolean): CompetitionCommand => ({
  type: 'SetCompetitionFeatured',
  data: { competitionId: id, featured },
  metadata,
})
export const revise = (title: string): CompetitionCommand => ({
  type: 'ReviseCompetition',
  data: { competitionId: id, details: { ...details, title } },
  metadata,
})

/** Another process's write, straight to the store. */
export const external = (store: InMemoryEventStore, type: string, data: object) =>
  store.append(stream, [{ type, data }], { expectedRevision: 'any' })
