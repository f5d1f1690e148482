import { newsletterMessages } from '@prizes/contracts'

/** SPEC section 5 "Other forms" (newsletter), shared with the server. */
export { newsletterMessages }

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The message to show for this input, or null when it can be sent. */
export function validateNewsletterEmail(value: string): string | null {
  const email = value.trim()
  if (email === '') return newsletterMessages.empty
  if (!emailPattern.test(email)) return newsletterMessages.invalid
  return null
}
