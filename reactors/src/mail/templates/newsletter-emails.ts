import { brand } from '../brand'
import { oneClickUnsubscribeLink, tokenLink } from './links'
import { type RenderedEmail, renderEmail } from './render'

/** A newsletter email as the outbox queues it: the message and its list headers. */
export interface NewsletterMail extends RenderedEmail {
  readonly headers?: Readonly<Record<string, string>>
}

/** After a sign-up: the double opt-in link. Nothing is sent to the address until it is used. */
export function newsletterConfirmationEmail(input: {
  readonly publicUrl: string
  readonly token: string
}): NewsletterMail {
  return renderEmail(`Please confirm your subscription to the ${brand.name} newsletter`, [
    { kind: 'paragraph', text: 'Hello,' },
    {
      kind: 'paragraph',
      text: `Someone, hopefully you, asked to receive the ${brand.name} newsletter at this address: new competitions, closing dates and winners.`,
    },
    {
      kind: 'button',
      label: 'Confirm my subscription',
      href: tokenLink(input.publicUrl, 'newsletter/confirm', input.token),
    },
    { kind: 'paragraph', text: 'This link is valid for 7 days.' },
    {
      kind: 'paragraph',
      text: 'If you did not ask for this, you can ignore this email: you will not be subscribed and will hear nothing more from us.',
    },
  ])
}

/**
 * The first newsletter email, once the subscription is confirmed: a marketing email, so it
 * carries the unsubscribe link in its footer and the one-click headers of RFC 8058.
 */
export function newsletterWelcomeEmail(input: {
  readonly publicUrl: string
  readonly unsubscribeToken: string
}): NewsletterMail {
  const unsubscribeUrl = tokenLink(input.publicUrl, 'newsletter/unsubscribe', input.unsubscribeToken)
  const rendered = renderEmail(
    `Welcome to the ${brand.name} newsletter`,
    [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `Thank you for confirming your subscription. You will now hear from ${brand.name} when new competitions open, when popular ones are about to close, and when winners are drawn.`,
      },
      {
        kind: 'button',
        label: 'See the live competitions',
        href: `${input.publicUrl.replace(/\/+$/, '')}/#competitions`,
      },
    ],
    { unsubscribeUrl },
  )
  return {
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeLink(input.publicUrl, input.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
