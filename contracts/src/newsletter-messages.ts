// No zod here: the home page's newsletter form takes these messages without the schemas.

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
