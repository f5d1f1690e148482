import type {
  CompetitionPageAnswers,
  HomePageAnswers,
  PublicCompetition,
  PublicCompetitionDetail,
} from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import { renderPage, withStylesFirst } from './entry-server'

const competition: PublicCompetition = {
  id: '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21',
  title: 'Win a campervan',
  description: 'A restored campervan',
  prize: 'VW T2 campervan',
  prize_value: 35000,
  entry_price: 2.5,
  total_tickets: 5000,
  sold_tickets: 1200,
  paid_entries: 1190,
  free_entries: 10,
  max_entries_per_person: 100,
  location: 'UK Wide',
  start_date: '2026-01-01T00:00:00Z',
  end_date: '2099-12-01T00:00:00Z',
  status: 'active',
  featured: true,
  image_url: '/media/campervan.webp',
  drawn_at: null,
  minimum_tickets: null,
  cash_alternative: null,
  skill_question: { question: 'Q?', options: ['a', 'b', 'c', 'd'] },
}
const other: PublicCompetition = {
  ...competition,
  id: '0b7e6f3c-1111-4c1e-9a7f-2b6d5e4c3a21',
  title: 'Win a kayak',
  featured: false,
}
const answers: HomePageAnswers = {
  page: 'home',
  renderedAt: '2026-11-28T12:00:00.000Z',
  listFeaturedCompetitions: { success: true, competitions: [competition] },
  listCompetitions: { success: true, competitions: [competition, other] },
  publicSettings: { success: true, settings: { maintenanceMode: false, allowRegistrations: true } },
  paymentConfig: {
    success: true,
    payments: { provider: 'stripe', publishableKey: 'pk_live_x', testMode: false },
  },
  contactDetails: {
    success: true,
    supportEmail: 'support@example.com',
    company: { name: 'Prize Platform Ltd', address: '1 Test Street, Leeds' },
    supportHours: 'Monday to Friday, 9am to 5pm',
    licence: null,
    complaintsBody: null,
    postalAddress: ['Free Entries Dept', '2 High Street', 'Leeds LS1 1AA'],
  },
}

describe("the home page's server render", () => {
  test('shows the featured prize and the grid from the answers, its styles gathered ahead of it', async () => {
    const html = await renderPage(answers)
    expect(html).toContain('Win a campervan')
    expect(html).toContain('Win a kayak')
    // The free route's address is in the footer of every page, with scripts off too (issue 24).
    expect(html).toContain('Free entry by post: Free Entries Dept, 2 High Street, Leeds LS1 1AA.')
    expect(html).toContain('src="/media/campervan.webp"')
    // One style element per Emotion key, before the first element it styles.
    const styles = [...html.matchAll(/<style data-emotion="([\w-]+) /g)].map((m) => m[1])
    expect(styles).toEqual(['css-global', 'css'])
    expect(html.lastIndexOf('</style>')).toBeLessThan(html.indexOf('<header'))
  })
})

test('in TEST MODE the server-rendered home page says so; with real payments it does not', async () => {
  const offline = { provider: 'offline', publishableKey: null, testMode: true } as const
  const html = await renderPage({ ...answers, paymentConfig: { success: true, payments: offline } })
  expect(html).toContain('data-testid="test-mode-banner"')
  expect(html).toContain('<strong>TEST MODE</strong>: this site takes no real payments')
  expect(await renderPage(answers)).not.toContain('TEST MODE')
})

test("an admin's text is escaped: a title cannot add markup to the page", async () => {
  const hostile = { ...other, title: '</script><img src=x onerror=alert(1)>' }
  const html = await renderPage({ ...answers, listCompetitions: { success: true, competitions: [hostile] } })
  expect(html).toContain('&lt;/script')
  expect(html).not.toContain('<img src=x')
})

describe("a competition page's server render", () => {
  const detail: PublicCompetitionDetail = {
    ...competition,
    title: 'Win a campervan <b>now</b>',
    skill_question: { question: 'Which of these is a prime number?', options: ['4', '6', '7', '9'] },
    draw: { seed_commitment: 'ab'.repeat(32), randomness_round: null, draw_date: '2099-12-01T00:00:00Z' },
  }
  // 1 day, 2 hours, 3 minutes and 4 seconds before the end.
  const renderedAt = '2099-11-29T21:56:56.000Z'
  const page: CompetitionPageAnswers = {
    page: 'competition',
    renderedAt,
    getCompetition: { success: true, competition: detail },
    publicSettings: answers.publicSettings,
    paymentConfig: answers.paymentConfig,
    contactDetails: answers.contactDetails,
  }

  test('is the whole page: details, picture, price, the countdown as at the render, the free route and the draw', async () => {
    const html = await renderPage(page)
    expect(html).toContain('Win a campervan &lt;b&gt;now&lt;/b&gt;</h1>')
    expect(html).not.toContain('<b>now')
    expect(html).toContain('src="/media/campervan.webp"')
    expect(html).toContain('£2.50')
    expect(html).toContain('Which of these is a prime number?')
    expect(html).toContain('Or enter free by post')
    // The free route's address, with scripts off too (issue 24).
    for (const line of ['Free Entries Dept', '2 High Street', 'Leeds LS1 1AA']) expect(html).toContain(line)
    expect(html).toContain('The draw')
    expect(html).toContain('ab'.repeat(32))
    // The countdown counts from the render's moment, so the browser's first render makes the same digits.
    const digits = [...html.matchAll(/data-unit="\w+"[^>]*><span[^>]*>(\d+)<\/span>/g)].map((m) => m[1])
    expect(digits).toEqual(['01', '02', '03', '04'])
    expect(html).toContain('dateTime="2099-12-01T00:00:00Z"')
    expect(html).not.toContain('Loading')
  })
})

describe('withStylesFirst', () => {
  test("gathers each key's style elements into one, in order, ahead of the markup", () => {
    const markup =
      '<style data-emotion="css-global g1">body{}</style><style data-emotion="css a1">.css-a1{color:red}</style><p class="css-a1">x</p>' +
      '<style data-emotion="css b2">.css-b2{color:blue}</style><p class="css-b2">y</p>'
    expect(withStylesFirst(markup)).toBe(
      '<style data-emotion="css-global g1">body{}</style>' +
        '<style data-emotion="css a1 b2">.css-a1{color:red}.css-b2{color:blue}</style>' +
        '<p class="css-a1">x</p><p class="css-b2">y</p>',
    )
  })

  test('markup without styles is left as it is', () => {
    expect(withStylesFirst('<p>x</p>')).toBe('<p>x</p>')
  })
})
