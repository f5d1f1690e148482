import { formatPence } from '../bounds'
import { formatUkMoment } from './limits'

/** What people read about limits and breaks: shared by the server's refusals and the web. */
export const responsiblePlayMessages = {
  overLimit: (limitPence: number, leftPence: number) =>
    `This would take you over your monthly spending limit of ${formatPence(limitPence)}. ` +
    `You have ${formatPence(leftPence)} left this month.`,
  onBreak: (endsAt: string | null) =>
    endsAt === null
      ? 'You have excluded yourself from entering competitions permanently.'
      : `You are taking a break from entering competitions until ${formatUkMoment(endsAt)}.`,
  heldForReview:
    'Your account is being checked by our team before you can enter competitions. We will be in touch by email; you can contact us meanwhile.',
  /** To the admin recording a postal entry for someone on a break (by account, inbox or details). */
  entrantOnBreak:
    'This person is taking a break from entering competitions, or has excluded themselves, so their entry cannot be recorded.',
  reviewCleared: 'The account is cleared: it may enter competitions again.',
  breakCannotBeShortened: (endsAt: string | null) =>
    endsAt === null
      ? 'You have already excluded yourself permanently. A break cannot be ended or shortened.'
      : `You are already on a break until ${formatUkMoment(endsAt)}. A break cannot be ended or shortened, only made longer.`,
  limitInvalid: 'Enter an amount in pounds and pence, from £0.00 to £100,000.00',
  limitSetAtOnce: (limitPence: number) => `Your monthly spending limit is now ${formatPence(limitPence)}.`,
  limitIncreasePending: (limitPence: number | null, effectiveAt: string) =>
    limitPence === null
      ? `Your limit will be removed on ${formatUkMoment(effectiveAt)}, 24 hours from now.`
      : `Your new limit of ${formatPence(limitPence)} applies from ${formatUkMoment(effectiveAt)}, 24 hours from now.`,
  /** Above the question before a first purchase, which the entry form waits for. */
  askBeforeFirstEntry: 'Before your first entry, please set a monthly spending limit or choose no limit.',
  limitSkipped: 'No monthly spending limit set. You can set one at any time in Account Settings.',
  breakTaken: (endsAt: string | null) =>
    endsAt === null
      ? 'You have excluded yourself from entering competitions permanently.'
      : `Your break has started. You cannot enter competitions until ${formatUkMoment(endsAt)}.`,
} as const

export const breakPeriodLabels = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
  permanent: 'Permanently',
} as const

/** What the confirmation says a break of `period` means. */
export const breakEndPreview = (period: keyof typeof breakPeriodLabels) =>
  period === 'permanent'
    ? 'You will not be able to enter competitions again.'
    : `You will not be able to enter competitions for ${breakPeriodLabels[period]}.`
