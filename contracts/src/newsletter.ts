import { z } from 'zod'
import { maxLength } from './bounds'
import { text } from './text'

/** SPEC section 5 "Other forms" (newsletter) and section 8, and what the double opt-in adds. */
export const newsletterMessages = {
  empty: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
  success: 'Thanks for subscribing to our newsletter!',
  /**
   * The same answer whether the address is new, waiting for its confirmation or subscribed
   * already, so the form cannot be used to find out who subscribes.
   */
  checkInbox:
    'Thanks for subscribing to our newsletter! Please check your inbox and click the link to confirm.',
  failure: 'Failed to subscribe. Please try again.',
  confirmed: 'Your subscription is confirmed. Thank you for joining us!',
  alreadyConfirmed: 'Your subscription was already confirmed.',
  unsubscribed: 'You have been unsubscribed and will not receive our newsletter any more.',
  noToken: 'No token provided. Please use the link from your email.',
  unknownToken: 'This link is not valid. Please check that you used the whole link from the email.',
  expiredToken: 'This confirmation link has expired. Please subscribe again to get a new link.',
} as const

/** The token from a newsletter email link; only its hash is ever looked up. */
const token = text(maxLength.identifier, newsletterMessages.unknownToken, {
  error: newsletterMessages.noToken,
})
  .trim()
  .min(1, newsletterMessages.noToken)

export const newsletterSubscribeRequest = z.object({
  email: text(maxLength.email, newsletterMessages.invalid, { error: newsletterMessages.empty })
    .trim()
    .min(1, newsletterMessages.empty)
    .pipe(z.email(newsletterMessages.invalid))
    .transform((v) => v.toLowerCase()),
})
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequest>

export const newsletterTokenRequest = z.object({ token })
export type NewsletterTokenRequest = z.infer<typeof newsletterTokenRequest>

/** One-click unsubscribe (RFC 8058): the token is in the URL, the body is a form a mail client posts. */
export const newsletterOneClickQuery = z.object({ token })

export const newsletterMessageResponse = z.object({ success: z.literal(true), message: z.string() })
export const newsletterConfirmResponse = newsletterMessageResponse.extend({ alreadyConfirmed: z.boolean() })
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponse>
