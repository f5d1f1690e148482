import type { CompetitionDetails } from '@prizes/contracts'
import type { Artwork } from './artwork'

export interface DemoCompetition {
  /** Fixed id, so two seeds racing into one empty store make each competition once. */
  readonly id: string
  readonly artwork: Artwork
  readonly featured: boolean
  /** Days from the seed's start to the end date. */
  readonly endsInDays: number
  readonly details: Omit<CompetitionDetails, 'startDate' | 'endDate' | 'imageUrl'>
}

const question = (q: string, options: [string, string, string, string], correct: string) => ({
  question: q,
  options,
  correct,
})

export const demoCompetitions: readonly DemoCompetition[] = [
  {
    id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0001',
    featured: true,
    endsInDays: 21,
    artwork: {
      slug: 'electric-car',
      label: 'Tesla Model 3 Long Range',
      from: '#0f2027',
      to: '#2c5364',
      emblem: 'car',
    },
    details: {
      title: 'Win a Tesla Model 3 Long Range',
      description:
        'Drive away in a brand-new Tesla Model 3 Long Range in the colour of your choice, delivered to your door anywhere in the UK or Ireland.',
      prize: 'Tesla Model 3 Long Range (2026)',
      prizeValuePence: 4_299_000,
      entryPricePence: 499,
      totalTickets: 4999,
      location: 'UK Wide',
      skillQuestion: question('Which company makes the Model 3?', ['Tesla', 'Ford', 'BMW', 'Kia'], 'Tesla'),
    },
  },
  {
    id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0002',
    featured: true,
    endsInDays: 5,
    artwork: {
      slug: 'tax-free-cash',
      label: '£10,000 Tax-Free Cash',
      from: '#134e5e',
      to: '#71b280',
      emblem: 'cash',
    },
    details: {
      title: '£10,000 Tax-Free Cash',
      description: 'Ten thousand pounds paid straight into your bank account within 48 hours of the draw.',
      prize: '£10,000 cash',
      prizeValuePence: 1_000_000,
      entryPricePence: 199,
      totalTickets: 9999,
      location: 'UK Wide',
      skillQuestion: question('How many pence are there in one pound?', ['10', '50', '100', '1000'], '100'),
    },
  },
  {
    id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0003',
    featured: true,
    endsInDays: 14,
    artwork: {
      slug: 'maldives-holiday',
      label: 'Maldives Holiday for Two',
      from: '#2193b0',
      to: '#6dd5ed',
      emblem: 'palm',
    },
    details: {
      title: 'Luxury Maldives Holiday for Two',
      description:
        'Seven nights in an overwater villa with return flights from London or Dublin and all meals included.',
      prize: '7-night Maldives holiday for two',
      prizeValuePence: 750_000,
      entryPricePence: 249,
      totalTickets: 2500,
      location: 'Departing London or Dublin',
      skillQuestion: question(
        'In which ocean are the Maldives?',
        ['Atlantic', 'Indian', 'Arctic', 'Pacific'],
        'Indian',
      ),
    },
  },
  {
    id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0004',
    featured: false,
    endsInDays: 3,
    artwork: {
      slug: 'games-console',
      label: 'Games Console Bundle',
      from: '#41295a',
      to: '#2f0743',
      emblem: 'console',
    },
    details: {
      title: 'Games Console Pro Bundle',
      description: 'The latest games console with two controllers and five top titles.',
      prize: 'Games console, two controllers and five games',
      prizeValuePence: 89_900,
      entryPricePence: 99,
      totalTickets: 999,
      location: 'UK Wide',
      skillQuestion: question('How many players can a standard chess game have?', ['1', '2', '3', '4'], '2'),
    },
  },
  {
    id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0005',
    featured: false,
    endsInDays: 28,
    artwork: {
      slug: 'dive-watch',
      label: 'Swiss Dive Watch',
      from: '#232526',
      to: '#414345',
      emblem: 'watch',
    },
    details: {
      title: 'Swiss Automatic Dive Watch',
      description:
        'A stainless-steel Swiss automatic dive watch, water resistant to 300 metres, with box and papers.',
      prize: 'Swiss automatic dive watch',
      prizeValuePence: 1_150_000,
      entryPricePence: 399,
      totalTickets: 3000,
      location: 'UK Wide',
      skillQuestion: question('How many minutes are in one hour?', ['30', '60', '90', '100'], '60'),
    },
  },
  {
    id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0006',
    featured: false,
    endsInDays: 45,
    artwork: {
      slug: 'dream-kitchen',
      label: 'Dream Kitchen Makeover',
      from: '#c79081',
      to: '#dfa579',
      emblem: 'kitchen',
    },
    details: {
      title: 'Dream Kitchen Makeover',
      description: 'A fully fitted designer kitchen worth £20,000, including appliances and installation.',
      prize: 'Fitted designer kitchen',
      prizeValuePence: 2_000_000,
      entryPricePence: 299,
      totalTickets: 1000,
      location: 'Manchester',
      skillQuestion: question(
        'Which room is usually used for cooking?',
        ['Bathroom', 'Kitchen', 'Garage', 'Attic'],
        'Kitchen',
      ),
    },
  },
  {
    id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0007',
    featured: false,
    endsInDays: 9,
    artwork: { slug: 'laptop', label: 'Ultrabook Laptop', from: '#485563', to: '#29323c', emblem: 'laptop' },
    details: {
      title: 'Ultrabook Laptop, 100 Tickets Only',
      description: 'A 14-inch ultrabook laptop. Only 100 tickets, so the odds are on your side.',
      prize: '14-inch ultrabook laptop',
      prizeValuePence: 149_900,
      entryPricePence: 1_000,
      totalTickets: 100,
      location: 'Dublin, Ireland',
      skillQuestion: question(
        'What does the "U" in USB stand for?',
        ['Universal', 'Unified', 'Ultra', 'United'],
        'Universal',
      ),
    },
  },
  {
    id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0008',
    featured: false,
    endsInDays: 60,
    artwork: {
      slug: 'e-bike',
      label: 'Electric Mountain Bike',
      from: '#11998e',
      to: '#38ef7d',
      emblem: 'bike',
    },
    details: {
      title: 'Electric Mountain Bike',
      description: 'A full-suspension electric mountain bike. Opens soon: this one is still being prepared.',
      prize: 'Full-suspension e-MTB',
      prizeValuePence: 450_000,
      entryPricePence: 149,
      totalTickets: 1500,
      location: 'UK Wide',
      skillQuestion: question('How many wheels does a bicycle have?', ['1', '2', '3', '4'], '2'),
    },
  },
]

/** Left in draft, so the demo shows that unpublished competitions stay private. */
export const demoDraftIds: ReadonlySet<string> = new Set(['5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0008'])
