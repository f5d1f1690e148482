/** SPEC section 5 "Other forms" (newsletter) and section 9: the sign-up is simulated with a 1-second delay. */
export const newsletterMessages = {
  empty: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
  success: 'Thanks for subscribing to our newsletter!',
  failure: 'Failed to subscribe. Please try again.',
} as const

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The message to show for this input, or null when it can be sent. */
export function validateNewsletterEmail(value: string): string | null {
  const email = value.trim()
  if (email === '') return newsletterMessages.empty
  if (!emailPattern.test(email)) return newsletterMessages.invalid
  return null
}

export const simulatedDelayMs = 1000

/** No call is made yet (SPEC section 1); the wait keeps the form honest about taking a moment. */
export function subscribeToNewsletter(_email: string, delayMs = simulatedDelayMs): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, delayMs))
}
