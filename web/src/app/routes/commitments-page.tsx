import { creditCardMonthlyLimitPence, formatPence, minimumAge } from '@prizes/contracts'
import { complaintAcknowledgeWorkingDays, complaintFinalAnswerWeeks } from '@prizes/domain'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ContentPage } from '../../components/content-page'

interface Commitment {
  readonly title: string
  /** How this platform meets it: only what its code does. */
  readonly how: ReactNode
  readonly link: { readonly href: string; readonly label: string }
}

const creditCap = formatPence(creditCardMonthlyLimitPence).replace(/\.00$/, '')

/**
 * Each commitment of the DCMS Code of Good Practice for prize draw operators (2025) this
 * platform meets, how, and where to see it (issue 24). Every sentence is backed by the code:
 * the age check at sign-up, the spending limits and breaks (responsible play), the credit card
 * cap, the postal route, the committed and verifiable draws, and the complaint deadlines.
 */
const commitments: readonly Commitment[] = [
  {
    title: `Adults only (${minimumAge}+)`,
    how: `Signing up asks for your date of birth, and the server refuses anyone under ${minimumAge}. Every entry asks you to confirm you are ${minimumAge} or over.`,
    link: { href: '/terms-and-conditions', label: 'Who can enter' },
  },
  {
    title: 'Spending limits',
    how: 'Set a monthly limit on what you spend on entries in Account Settings, under Limits & breaks. A purchase that would pass it is refused before any payment. Lowering a limit applies at once; raising or removing it waits 24 hours.',
    link: { href: '/responsible-gaming#spending-limits', label: 'Monthly spending limits' },
  },
  {
    title: 'A cap on credit cards',
    how: `Payments by credit card are capped at ${creditCap} per person per calendar month. A card payment that would pass the cap is cancelled before any money is taken; debit cards are not capped.`,
    link: { href: '/responsible-gaming#spending-limits', label: 'Spending and payments' },
  },
  {
    title: 'Breaks and self-exclusion',
    how: 'Take a break from entering for 1 day, 7 days, 30 days or 6 months, or exclude yourself permanently, from Account Settings. A break cannot be shortened, and it holds for you across accounts with the same inbox.',
    link: { href: '/responsible-gaming#breaks', label: 'Taking a break' },
  },
  {
    title: 'A free way to enter',
    how: 'Every competition can be entered free by post. A postal entry answers the same question, counts towards the same cap, gets its own entry reference and has the same chance in the same draw as a paid one.',
    link: { href: '/terms-and-conditions#free-entry', label: 'Free entry by post' },
  },
  {
    title: 'Draws anyone can check',
    how: "When a competition is published we commit to a secret seed by publishing its hash. The close seals the list of eligible tickets and names a future round of drand's public randomness; the draw combines the seed, that round and the list, so no one can choose the winner. Each completed draw has a public certificate that re-runs the check in your browser, and says so plainly when the randomness was not verified.",
    link: { href: '/winners', label: 'Winners and their draw certificates' },
  },
  {
    title: 'Complaints handled on time',
    how: `Every complaint gets a reference at once, is acknowledged within ${complaintAcknowledgeWorkingDays} working days and answered finally within ${complaintFinalAnswerWeeks} weeks; the page says where to go next.`,
    link: { href: '/complaints', label: 'Our complaints procedure' },
  },
  {
    title: 'Help when play stops being fun',
    how: 'Free, confidential support services in the UK and Ireland, listed with how to reach them.',
    link: { href: '/responsible-gaming', label: 'Responsible gaming' },
  },
]

/** Our commitments under the Code (issue 24 point 7), each linked to the page or setting that shows it. */
export function CommitmentsPage() {
  return (
    <ContentPage
      title="Our Commitments"
      lead="The Code of Good Practice for prize draw operators sets out how participants should be protected. This is how we meet each of its commitments, and where you can see it for yourself."
    >
      {commitments.map((commitment) => (
        <section key={commitment.title} aria-label={commitment.title}>
          <h2>{commitment.title}</h2>
          <p>{commitment.how}</p>
          <p>
            <Link href={commitment.link.href}>{commitment.link.label}</Link>
          </p>
        </section>
      ))}
    </ContentPage>
  )
}
