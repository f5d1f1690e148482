import { z } from 'zod'
import { maxLength } from './bounds'
import { newsletterMessages } from './newsletter-messages'
import { text } from './text'

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
