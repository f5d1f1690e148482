import type { CompetitionDetails } from '@prizes/contracts'
import { createLogger } from '@prizes/platform'
import type { CommandContext } from '../event-metadata'

/** Shared by this package's tests: valid details, a fixed clock and an admin actor. */
export const now = new Date('2030-01-10T12:00:00.000Z')

export const details: CompetitionDetails = {
  title: 'Win a campervan',
  description: 'A restored 1972 campervan.',
  prize: 'VW T2 campervan',
  prizeValuePence: 3_500_000,
  entryPricePence: 250,
  totalTickets: 5000,
  location: 'UK Wide',
  startDate: '2030-01-01T00:00:00.000Z',
  endDate: '2030-02-01T00:00:00.000Z',
  imageUrl: null,
  skillQuestion: { question: '2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
}

export const adminContext: CommandContext = {
  actor: { userId: 'admin-1', role: 'admin' },
  now,
  correlationId: 'request-1',
}

export const silentLogger = createLogger({ level: 'silent' })
