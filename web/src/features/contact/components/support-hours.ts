import { ukTimeZoneName } from '@prizes/domain'
import { useContactDetails } from '../../../lib/contact-details'

/**
 * The configured support hours (SUPPORT_HOURS) in UK time, naming the clock the UK keeps today:
 * "Monday to Friday, 9am to 5pm UK time (BST)" in summer, GMT in winter. Undefined until known.
 */
export function useSupportHours(now: Date = new Date()): string | undefined {
  const details = useContactDetails()
  const hours = details.data?.supportHours
  return hours ? `${hours} UK time (${ukTimeZoneName(now)})` : undefined
}
