import type { CompetitionDetails, SkillQuestion } from '@prizes/contracts'
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

const question = (q: string, options: [string, string, string, string], correct: string): SkillQuestion => ({
  question: q,
  options,
  correct,
})

/**
 * A competition's pool (issue 24): questions that need a moment's thought, arithmetic or
 * general knowledge that has nothing to do with the prize, so no title, prize or description
 * gives an answer away (`seed.test.ts` checks with the admin form's own warning).
 */
const pool = (first: SkillQuestion, ...extraSkillQuestions: SkillQuestion[]) => ({
  skillQuestion: first,
  extraSkillQuestions,
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
      ...pool(
        question('What is 144 ÷ 12 + 7?', ['17', '19', '21', '24'], '19'),
        question('Which planet is closest to the Sun?', ['Venus', 'Mercury', 'Mars', 'Earth'], 'Mercury'),
        question('How many sides does a heptagon have?', ['5', '6', '7', '8'], '7'),
      ),
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
      ...pool(
        question('What is 15% of 240?', ['24', '32', '36', '42'], '36'),
        question('Which is the longest river in the UK?', ['Thames', 'Severn', 'Trent', 'Tay'], 'Severn'),
        question(
          'In which year did the Battle of Hastings take place?',
          ['1066', '1215', '1415', '1588'],
          '1066',
        ),
      ),
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
      ...pool(
        question('What is 23 + 48 − 19?', ['50', '52', '54', '56'], '52'),
        question('Which element has the chemical symbol Fe?', ['Lead', 'Iron', 'Tin', 'Fluorine'], 'Iron'),
        question('How many bones are in the adult human body?', ['186', '206', '226', '246'], '206'),
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
      ...pool(
        question('What is 9 × 8 − 13?', ['57', '59', '61', '63'], '59'),
        question(
          'Who painted the Mona Lisa?',
          ['Michelangelo', 'Leonardo da Vinci', 'Raphael', 'Rembrandt'],
          'Leonardo da Vinci',
        ),
        question(
          'What is the capital of Australia?',
          ['Sydney', 'Melbourne', 'Canberra', 'Perth'],
          'Canberra',
        ),
      ),
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
      ...pool(
        question('What is 7 squared minus 12?', ['35', '37', '39', '41'], '37'),
        question(
          'Which gas do plants take from the air to make their food?',
          ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Hydrogen'],
          'Carbon dioxide',
        ),
        question(
          'Which is the largest planet in the Solar System?',
          ['Saturn', 'Jupiter', 'Neptune', 'Uranus'],
          'Jupiter',
        ),
      ),
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
      ...pool(
        question('What is three quarters of 96?', ['64', '68', '72', '76'], '72'),
        question(
          'In which Shakespeare play does Shylock appear?',
          ['Hamlet', 'The Merchant of Venice', 'Macbeth', 'Othello'],
          'The Merchant of Venice',
        ),
        question('What is the smallest prime number greater than 20?', ['21', '23', '25', '27'], '23'),
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
      ...pool(
        question('What is 250 ÷ 5 × 3?', ['130', '140', '150', '160'], '150'),
        question('What is the capital of Canada?', ['Toronto', 'Vancouver', 'Ottawa', 'Montreal'], 'Ottawa'),
        question('How many minutes are there in a full day?', ['1240', '1340', '1440', '1540'], '1440'),
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
      ...pool(
        question('What is 11 × 11 − 21?', ['90', '100', '110', '121'], '100'),
        question(
          'Which is the highest mountain in the British Isles?',
          ['Snowdon', 'Scafell Pike', 'Ben Nevis', 'Carrauntoohil'],
          'Ben Nevis',
        ),
        question('How many sides does a dodecagon have?', ['10', '11', '12', '14'], '12'),
      ),
    },
  },
]

/** Left in draft, so the demo shows that unpublished competitions stay private. */
export const demoDraftIds: ReadonlySet<string> = new Set(['5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0008'])
