import type { ContactDetailsResponse, PublicCompetitionDetail } from '@prizes/contracts'

/** A published competition as `GET /api/competitions/:id` answers it, for the gateway's tests. */
export const testCompetition = (
  overrides: Partial<PublicCompetitionDetail> & Pick<PublicCompetitionDetail, 'id'>,
): PublicCompetitionDetail => ({
  title: `Competition ${overrides.id}`,
  description: 'A prize',
  prize: 'A prize',
  prize_value: 1000,
  entry_price: 2.5,
  total_tickets: 5000,
  sold_tickets: 1200,
  paid_entries: 1150,
  free_entries: 50,
  max_entries_per_person: 100,
  location: 'UK Wide',
  start_date: '2026-11-01T00:00:00.000Z',
  end_date: '2026-12-01T00:00:00.000Z',
  status: 'active',
  featured: false,
  image_url: null,
  drawn_at: null,
  minimum_tickets: null,
  cash_alternative: null,
  skill_question: { question: 'Which is a prime number?', options: ['4', '6', '7', '9'] },
  draw: { seed_commitment: null, randomness_round: null, draw_date: '2026-12-01T00:00:00.000Z' },
  ...overrides,
})

/** `GET /api/contact-details` as a platform with a postal address answers it. */
export const testContactDetails: ContactDetailsResponse = {
  success: true,
  supportEmail: 'support@example.com',
  company: { name: 'Prize Platform Ltd', address: '1 Test Street, Leeds' },
  supportHours: 'Monday to Friday, 9am to 5pm',
  licence: null,
  complaintsBody: null,
  postalAddress: ['Free Entries', '2 High Street', 'Leeds LS1 1AA'],
}
