import type { EndpointName } from './endpoints'

/** Who may call an endpoint: nobody in particular, a signed-in user, or an admin. */
export type Access =
  | 'public'
  /** Public, and a bearer token is read when sent (the health check tells admins more). */
  | 'optional'
  | 'user'
  | 'admin'

/** The error statuses an endpoint can answer besides those every endpoint of its kind can. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503

export const tags = {
  competitions: 'Competitions',
  auth: 'Accounts',
  entries: 'Entries and payments',
  draws: 'Draws',
  settings: 'Settings',
  health: 'Health',
  adminCompetitions: 'Admin: competitions',
  adminUsers: 'Admin: users',
  adminEntries: 'Admin: entries',
  adminEmail: 'Admin: email',
  adminPlatform: 'Admin: platform',
  newsletter: 'Newsletter and contact',
  adminMessages: 'Admin: messages',
  docs: 'API reference',
} as const
export type Tag = (typeof tags)[keyof typeof tags]

/**
 * What the OpenAPI document says of an endpoint beyond its schemas: what it is for, who may call
 * it, and the refusals particular to it (each with why). Keyed by endpoint name, so an endpoint
 * added to the table without its description here fails to compile.
 */
export interface Operation {
  readonly summary: string
  readonly description?: string
  readonly tag: Tag
  readonly access: Access
  /** The success status; 200 unless given. */
  readonly status?: 201
  /** The success answer's media type when it is not JSON (the response schema is then `z.string()`). */
  readonly produces?:
    | 'text/csv'
    | 'application/octet-stream'
    | 'text/html'
    | 'text/event-stream'
    | 'text/javascript or text/css'
  /** Sent with an ETag and `no-cache`: `If-None-Match` gets 304 with no body. */
  readonly etag?: true
  /** Also takes multipart/form-data: the form's fields as text, and an `image` file. */
  readonly multipart?: true
  /** Headers the endpoint reads. */
  readonly headers?: readonly { readonly name: string; readonly description: string }[]
  readonly errors?: Partial<Record<ErrorStatus, string>>
  /** Answers 503 with its own (JSON) success schema too, for this reason. */
  readonly degraded?: string
}

const rateLimited =
  'Too many requests from this address or for this account; `Retry-After` says when to try again'
const signInRefused = 'The account is banned, or its email is not verified'
const competitionNotFound = 'No such competition'
const userNotFound = 'No such user'
const entryConflict =
  'Not enough tickets left, the competition is not open for entries, or the request repeats one already made'

export const operations: Record<EndpointName, Operation> = {
  listCompetitions: {
    summary: 'List the public competitions',
    description: 'Active, closed, drawing and recently completed competitions, without the correct answers.',
    tag: tags.competitions,
    access: 'public',
    etag: true,
  },
  listFeaturedCompetitions: {
    summary: 'List the featured competitions',
    tag: tags.competitions,
    access: 'public',
    etag: true,
  },
  competitionsLive: {
    summary: 'Live changes to the public competitions (server-sent events)',
    description:
      "A stream that stays open: `event: competition` with `{ id, sold_tickets, total_tickets, status }` each time a public competition's tickets sold or status change (at most one event a competition every 250 ms, with its latest figures), `event: resync` when changes may have been missed (refetch the lists), a comment every 20 s, and a `retry:` hint. Refetch the lists on every (re)connection.",
    tag: tags.competitions,
    access: 'public',
    produces: 'text/event-stream',
    errors: {
      429: 'Too many live connections from this address (10) or its network (100 from one IPv4 /24 or IPv6 /64); `Retry-After` says when to try again',
      503: 'Every live connection of this instance is taken and none can be freed (a full instance ends the oldest stream of the network holding the most for a newcomer from a network holding fewer); `Retry-After` says when to try again',
    },
  },
  getCompetition: {
    summary: "One competition's page",
    description:
      'A published competition with its description, the draw commitment made so far and the draw date; never the correct answer.',
    tag: tags.competitions,
    access: 'public',
    etag: true,
    errors: { 404: competitionNotFound },
  },
  register: {
    summary: 'Create an account',
    description: 'The account must verify its email before it can sign in; no session is started.',
    tag: tags.auth,
    access: 'public',
    errors: {
      403: 'Registrations are closed',
      409: 'An account already uses this email',
      429: rateLimited,
    },
  },
  login: {
    summary: 'Sign in',
    description: 'Answers a bearer token for the `Authorization` header of later requests.',
    tag: tags.auth,
    access: 'public',
    errors: {
      401: 'Wrong email or password',
      403: signInRefused,
      429: rateLimited,
      503: 'Only admins may sign in during maintenance',
    },
  },
  logout: {
    summary: 'Sign out',
    description:
      "Ends this session on the server: its token is refused from then on, by every service. The user's other sessions go on.",
    tag: tags.auth,
    access: 'user',
  },
  getProfile: { summary: 'The signed-in user', tag: tags.auth, access: 'user' },
  updateProfile: {
    summary: "Change the signed-in user's details",
    description:
      'The email is read-only here: it is accepted so that the whole form can be sent, and ignored.',
    tag: tags.auth,
    access: 'user',
  },
  changePassword: {
    summary: "Change the signed-in user's password",
    description: "Ends the user's other sessions and answers a new token for this one.",
    tag: tags.auth,
    access: 'user',
    errors: { 429: rateLimited },
  },
  getResponsiblePlay: {
    summary: "The signed-in user's monthly spending limit, pending change, spending this month and break",
    tag: tags.auth,
    access: 'user',
  },
  setSpendingLimit: {
    summary: 'Set or remove the monthly spending limit',
    description: 'A lower limit applies at once; a higher one, or removing it, only after 24 hours.',
    tag: tags.auth,
    access: 'user',
    errors: { 429: rateLimited },
  },
  skipSpendingLimit: {
    summary: 'Answer the sign-up or first-purchase question with no limit',
    tag: tags.auth,
    access: 'user',
    errors: { 429: rateLimited },
  },
  takeBreak: {
    summary: 'Take a break from entering (1 day to permanent)',
    description: 'A break cannot be ended or shortened early, only lengthened.',
    tag: tags.auth,
    access: 'user',
    errors: { 409: 'A break is in force that ends later (a break cannot be shortened)', 429: rateLimited },
  },
  getWinnerName: {
    summary: "Whether the signed-in user's name is shown if they win",
    tag: tags.auth,
    access: 'user',
  },
  setWinnerName: {
    summary: 'Show or hide my name if I win',
    description:
      'Shown (the default): first name and surname initial on the winners page and the competition page. Hidden: "A winner from <town or county>".',
    tag: tags.auth,
    access: 'user',
    errors: { 429: rateLimited },
  },
  adminSpendingAlert: {
    summary: 'The spending alert threshold and its changes',
    description: 'The admin Users tab marks users whose spending over the last 30 days passes it.',
    tag: tags.settings,
    access: 'admin',
  },
  adminUpdateSpendingAlert: {
    summary: 'Change the spending alert threshold',
    tag: tags.settings,
    access: 'admin',
  },
  adminResponsiblePlayOfUser: {
    summary: "A user's monthly limit and break changes, newest first",
    tag: tags.adminUsers,
    access: 'admin',
    errors: { 404: userNotFound },
  },
  resendVerification: {
    summary: 'Send the email verification link again',
    description: 'Answers the same whether or not the email has an account.',
    tag: tags.auth,
    access: 'public',
    errors: { 429: rateLimited },
  },
  forgotPassword: {
    summary: 'Send a password reset link',
    description: 'Answers the same whether or not the email has an account.',
    tag: tags.auth,
    access: 'public',
    errors: { 429: rateLimited },
  },
  checkEmail: {
    summary: 'Whether an email has an account',
    description: 'The entry form asks before offering to sign in or to create a guest account.',
    tag: tags.auth,
    access: 'public',
    errors: { 429: rateLimited },
  },
  loginForEntry: {
    summary: 'Sign in from the entry form',
    tag: tags.auth,
    access: 'public',
    errors: { 401: 'Wrong email or password', 403: signInRefused, 429: rateLimited },
  },
  createGuestAccount: {
    summary: 'Create a guest account while entering',
    description: 'Starts a session at once; an email link lets the guest set their own password.',
    tag: tags.auth,
    access: 'public',
    errors: {
      403: 'Registrations are closed',
      409: 'An account already uses this email',
      429: rateLimited,
    },
  },
  verifyResetToken: {
    summary: 'Check a password reset link',
    tag: tags.auth,
    access: 'public',
    errors: { 400: 'The link is invalid, used or expired', 429: rateLimited },
  },
  resetPassword: {
    summary: 'Set a new password with a reset link',
    tag: tags.auth,
    access: 'public',
    errors: { 400: 'The link is invalid, used or expired, or the password is refused', 429: rateLimited },
  },
  verifyEmail: {
    summary: "Verify an account's email with its link",
    tag: tags.auth,
    access: 'public',
    errors: { 400: 'The link is invalid, used or expired', 429: rateLimited },
  },
  skillQuestionFor: {
    summary: 'The skill question this entrant is given',
    description:
      'Each entrant is given one question of the competition’s pool, the same one every time: decided by the server from the signed-in account’s email, or from the email given. The answer of an entry is checked against it.',
    tag: tags.entries,
    access: 'public',
    errors: {
      400: 'Signed out, with several questions: give the email you enter with',
      404: competitionNotFound,
      429: rateLimited,
    },
  },
  createPaymentIntent: {
    summary: 'Reserve tickets and start a payment',
    description:
      'Holds the tickets for a few minutes and answers the payment provider’s client secret. An `Idempotency-Key` makes a retry answer the same payment.',
    tag: tags.entries,
    access: 'user',
    headers: [
      { name: 'Idempotency-Key', description: 'Any text up to 255 characters; a retry sends the same' },
    ],
    errors: { 404: competitionNotFound, 409: entryConflict, 429: rateLimited },
  },
  confirmPayment: {
    summary: 'Allocate the entry of a paid payment',
    description:
      'Captures an authorised card (a credit card only within £250 a month per person) and allocates the entry. Idempotent: the provider’s webhook may have allocated it already, and then this answers the same entry.',
    tag: tags.entries,
    access: 'user',
    errors: {
      402: 'The payment has not succeeded (a declined card says why)',
      404: 'No such payment for this user',
      409: 'The reservation ended before the payment, or the tickets ran out; PAYMENT_PROCESSING: the provider has not decided yet, ask again in a moment; CREDIT_CARD_LIMIT: a credit card payment would pass £250 this month, so nothing was charged (the message says what is left; pay with a debit card)',
      503: 'PAYMENT_PROVIDER_UNAVAILABLE: the provider did not answer; ask again in a moment',
    },
  },
  submitEntry: {
    summary: 'Enter a free competition',
    tag: tags.entries,
    access: 'user',
    errors: { 404: competitionNotFound, 409: entryConflict, 429: rateLimited },
  },
  listEntries: { summary: "The signed-in user's entries", tag: tags.entries, access: 'user' },
  entryStats: { summary: "The signed-in user's entry totals", tag: tags.entries, access: 'user' },
  paymentConfig: {
    summary: 'Which payment provider the web app talks to',
    tag: tags.entries,
    access: 'public',
  },
  confirmTestPayment: {
    summary: 'Pay with a test card (offline payments only)',
    description:
      'The offline provider’s card form, answered with Stripe’s test card numbers. Served only while the offline provider is active; with Stripe it is 404.',
    tag: tags.entries,
    access: 'public',
    errors: { 404: 'No such payment', 409: 'The payment was cancelled: its reservation ended' },
  },
  paymentWebhook: {
    summary: "The payment provider's notifications",
    description: 'Stripe calls this; the body is checked against its signature before anything is read.',
    tag: tags.entries,
    access: 'public',
    headers: [{ name: 'Stripe-Signature', description: "Stripe's signature of the body" }],
    errors: { 400: 'The signature is missing or does not match the body' },
  },
  adminStats: { summary: 'Dashboard totals', tag: tags.adminCompetitions, access: 'admin' },
  adminAnalytics: { summary: 'Revenue and entries over time', tag: tags.adminCompetitions, access: 'admin' },
  adminListCompetitions: {
    summary: 'A page of competitions, drafts included, searched by title',
    description:
      'Ten a page, featured first, then the soonest to end; `search` matches the title (any case), and `hasMore` says whether a next page exists.',
    tag: tags.adminCompetitions,
    access: 'admin',
  },
  adminCompetitionEntries: {
    summary: "A page of a competition's entries",
    tag: tags.adminCompetitions,
    access: 'admin',
    errors: { 404: competitionNotFound },
  },
  adminExportCompetitionEntries: {
    summary: "A competition's entries as CSV",
    tag: tags.adminCompetitions,
    access: 'admin',
    produces: 'text/csv',
    errors: { 404: competitionNotFound },
  },
  adminCompetitionHistory: {
    summary: "A page of a competition's history (its events)",
    tag: tags.adminCompetitions,
    access: 'admin',
    errors: { 404: competitionNotFound },
  },
  listWinners: {
    summary: 'The winners of completed draws, newest first, a page at a time',
    description:
      'At most `limit` draws (12 unless given, up to 50); `before` is the `nextCursor` of the page before. Each winner is named by first name and surname initial, or as "A winner from <place>" when they objected.',
    tag: tags.draws,
    access: 'public',
    etag: true,
    errors: { 400: 'A limit outside 1 to 50, or a cursor no page gave', 429: rateLimited },
  },
  successFigures: {
    summary: "The platform's success figures",
    description:
      'Members (accounts with a verified email), winners (completed draws) and the value of the prizes they won, from the read models; cached for a few seconds.',
    tag: tags.draws,
    access: 'public',
    etag: true,
    errors: { 429: rateLimited },
  },
  drawCertificate: {
    summary: "A completed draw's certificate",
    description:
      'Everything needed to re-run the draw and check it, and no one’s identity. Built once per draw and kept: a draw, once made, never changes.',
    tag: tags.draws,
    access: 'public',
    etag: true,
    errors: { 404: 'No completed draw for this competition', 429: rateLimited },
  },
  adminCreateCompetition: {
    summary: 'Create a competition',
    description: 'JSON, or multipart/form-data with an image of at most 5 MB (JPG, PNG, GIF or WebP).',
    tag: tags.adminCompetitions,
    access: 'admin',
    status: 201,
    multipart: true,
    errors: {
      409: 'A competition with this id exists already',
      413: 'The image or the body is too large',
      415: 'The image is not a JPG, PNG, GIF or WebP file',
      503: 'Image uploads are not configured',
    },
  },
  adminUpdateCompetition: {
    summary: 'Change a competition',
    description: 'JSON, or multipart/form-data with a new image. A published competition’s terms are fixed.',
    tag: tags.adminCompetitions,
    access: 'admin',
    multipart: true,
    errors: {
      404: competitionNotFound,
      409: 'The change touches terms fixed once the competition was published',
      413: 'The image or the body is too large',
      415: 'The image is not a JPG, PNG, GIF or WebP file',
      503: 'Image uploads are not configured',
    },
  },
  adminDeleteCompetition: {
    summary: 'Delete a competition',
    tag: tags.adminCompetitions,
    access: 'admin',
    errors: { 404: competitionNotFound, 409: 'The competition cannot be deleted in its status' },
  },
  adminSetCompetitionStatus: {
    summary: 'Close, draw, complete or cancel a competition',
    description:
      'Completing a draw needs the public randomness of its drand round, fetched from DRAND_URL’s relays when none is given. A value without drand’s signature is refused while real payments are taken (UNVERIFIED_RANDOMNESS_REFUSED).',
    tag: tags.adminCompetitions,
    access: 'admin',
    errors: {
      404: competitionNotFound,
      409: 'The status cannot change that way now, the draw’s randomness is not yet published, or it lacks drand’s signature where real payments are taken',
    },
  },
  adminExtendCompetition: {
    summary: 'Extend an undersold competition’s end date, once',
    description:
      'Reopens a competition that reached its end date below its minimum of tickets sold, until a new end date at most 90 days away; every entrant is emailed the new date.',
    tag: tags.adminCompetitions,
    access: 'admin',
    errors: {
      404: competitionNotFound,
      409: 'The competition is not undersold, or its end date was already extended once',
    },
  },
  adminSetCompetitionFeatured: {
    summary: 'Feature a competition, or stop featuring it',
    tag: tags.adminCompetitions,
    access: 'admin',
    errors: { 404: competitionNotFound, 409: 'The competition cannot be changed in its status' },
  },
  adminListUsers: {
    summary: 'A page of users, searched and filtered',
    tag: tags.adminUsers,
    access: 'admin',
  },
  adminGetUser: {
    summary: 'A user, with their entries',
    tag: tags.adminUsers,
    access: 'admin',
    errors: { 404: userNotFound },
  },
  adminUpdateUser: {
    summary: "Change a user's details",
    tag: tags.adminUsers,
    access: 'admin',
    errors: { 404: userNotFound, 409: 'Another account already uses this email' },
  },
  adminDeleteUser: {
    summary: 'Erase a user',
    description:
      'Crypto-shredding: the user’s personal data becomes unreadable everywhere, and their paid entries in open competitions are refunded.',
    tag: tags.adminUsers,
    access: 'admin',
    errors: {
      404: userNotFound,
      409: 'Admins cannot erase themselves; or the user was erased but the payment provider refused some refunds (REFUND_REFUSED: a disputed charge), parked for an admin',
    },
  },
  adminBanUser: {
    summary: 'Ban a user',
    description: "Ends the user's sessions at once.",
    tag: tags.adminUsers,
    access: 'admin',
    errors: { 404: userNotFound, 409: 'Admins cannot ban themselves' },
  },
  adminUnbanUser: {
    summary: 'Lift a ban',
    tag: tags.adminUsers,
    access: 'admin',
    errors: { 404: userNotFound },
  },
  adminClearUserReview: {
    summary: 'Clear an account held for review',
    description:
      'An account whose name, date of birth and postcode match a person on a break is held: it signs in but cannot pay until an admin, having checked it is someone else, clears it with a reason.',
    tag: tags.adminUsers,
    access: 'admin',
    errors: { 404: userNotFound },
  },
  adminPromoteUser: {
    summary: 'Make a user an admin',
    tag: tags.adminUsers,
    access: 'admin',
    errors: { 404: userNotFound },
  },
  adminDemoteUser: {
    summary: 'Make an admin a user again',
    description: "Ends the user's sessions at once.",
    tag: tags.adminUsers,
    access: 'admin',
    errors: { 404: userNotFound, 409: 'Admins cannot demote themselves' },
  },
  emailStatus: { summary: "The mail transport's status", tag: tags.adminEmail, access: 'admin' },
  emailTestEntryConfirmation: {
    summary: 'Send a test entry confirmation',
    tag: tags.adminEmail,
    access: 'admin',
    errors: { 429: 'Too many test emails', 503: 'No mail transport is configured' },
  },
  emailTestAllTemplates: {
    summary: 'Send a test of every email template',
    tag: tags.adminEmail,
    access: 'admin',
    errors: { 429: 'Too many test emails', 503: 'No mail transport is configured' },
  },
  emailDirectTest: {
    summary: 'Send a plain test email',
    tag: tags.adminEmail,
    access: 'admin',
    errors: { 429: 'Too many test emails', 503: 'No mail transport is configured' },
  },
  adminEmailOutbox: { summary: 'A page of the mail outbox', tag: tags.adminEmail, access: 'admin' },
  adminResendEmail: {
    summary: 'Send a failed email again',
    tag: tags.adminEmail,
    access: 'admin',
    errors: { 404: 'No such email', 409: 'The email is not a failed one, or can no longer be sent' },
  },
  adminParkedEvents: {
    summary: 'A page of the events reactors parked, newest first (open, resolved or all)',
    tag: tags.adminPlatform,
    access: 'admin',
  },
  adminRetryParkedEvent: {
    summary: "Run the reactor's handler for a parked event again, now: handled, it is resolved as retried",
    tag: tags.adminPlatform,
    access: 'admin',
    errors: {
      404: 'No such parked event',
      409: 'Resolved already, a retry is running, the reactor cannot be retried here, or it failed again (PARKED_EVENT_STILL_FAILING: it stays parked with the new reason)',
    },
  },
  adminResolveParkedEvent: {
    summary: 'Resolve a parked event by hand, with a reason (who and why are kept)',
    tag: tags.adminPlatform,
    access: 'admin',
    errors: { 404: 'No such parked event', 409: 'Resolved already, or a retry is running' },
  },
  adminListEntries: {
    summary: 'A page of entries, searched and filtered',
    tag: tags.adminEntries,
    access: 'admin',
  },
  adminExportEntries: {
    summary: 'The filtered entries as CSV',
    tag: tags.adminEntries,
    access: 'admin',
    produces: 'text/csv',
  },
  adminGetEntry: {
    summary: 'An entry, with its payment and tickets',
    tag: tags.adminEntries,
    access: 'admin',
    errors: { 404: 'No such entry' },
  },
  adminRecordPostalEntry: {
    summary: 'Record a free entry by post',
    description:
      'One envelope, one ticket, under the same answer rule, ticket total and per-person cap as a paid entry. The entrant is found by email, or a guest account is made for them, and must be 18 or older. An envelope that arrived before the close counts until the draw starts; keyed after the close, the list is sealed again on a later drand round. The same form (idempotencyKey) submitted again answers the same entry.',
    tag: tags.adminEntries,
    access: 'admin',
    errors: {
      400: 'A field is missing or wrong, the entrant is under 18, or the date received is in the future or before the opening',
      404: 'No such competition',
      409: 'The envelope arrived after the close (POSTAL_ENTRY_AFTER_CLOSE), the draw has started, no tickets are left, or the entrant has reached the cap',
    },
  },
  adminRefundEntry: {
    summary: 'Refund an entry',
    tag: tags.adminEntries,
    access: 'admin',
    errors: {
      404: 'No such entry',
      409: 'The entry is not paid, is refunded already, or its competition is not open; or the payment provider refused the refund (REFUND_REFUSED: disputed), which is parked for an admin',
      503: 'The payment provider has not confirmed the refund yet; it completes later',
    },
  },
  adminTestPaymentEvent: {
    summary: 'TEST MODE: the offline provider tells of a refund or chargeback at its end',
    description:
      'As Stripe’s webhook would: charge.refunded, charge.dispute.created or charge.dispute.closed (won or lost) for an offline payment, followed by the platform as Stripe’s are. Served only while the offline provider is active; with Stripe it is 404.',
    tag: tags.adminEntries,
    access: 'admin',
    errors: {
      404: 'No such payment',
      409: 'The payment was not taken, or has no dispute open to close',
    },
  },
  adminGetSettings: { summary: 'The platform settings', tag: tags.settings, access: 'admin' },
  adminUpdateSettings: {
    summary: 'Change the platform settings',
    description: 'Maintenance mode, open registrations and email notifications, each change with its reason.',
    tag: tags.settings,
    access: 'admin',
  },
  adminSettingsHistory: {
    summary: 'A page of the settings changes',
    tag: tags.settings,
    access: 'admin',
  },
  publicSettings: {
    summary: 'Whether the site is in maintenance and open for sign-up',
    description: 'Answered during maintenance too.',
    tag: tags.settings,
    access: 'public',
  },
  adminBackup: {
    summary: 'Download a backup, encrypted with a passphrase',
    description:
      'The event log and the command-side rows, streamed and encrypted (AES-256-GCM in chunks, the key derived from the passphrase with scrypt); `npm run restore` reads it with the same passphrase. Asks for the admin’s password again.',
    tag: tags.adminPlatform,
    access: 'admin',
    produces: 'application/octet-stream',
    errors: {
      403: 'The password is not the admin’s',
      429: 'A backup is running already, or too many wrong passwords',
    },
  },
  adminOptimiseDatabase: {
    summary: 'Vacuum and analyse the read models',
    tag: tags.adminPlatform,
    access: 'admin',
    errors: { 429: 'An optimisation is running already' },
  },
  adminResetDatabase: {
    summary: 'Wipe the test data and seed it again',
    description: 'Only on the embedded database of a test install, and never while Stripe is configured.',
    tag: tags.adminPlatform,
    access: 'admin',
    errors: {
      409: 'Reset is not available on this database, or Stripe is configured',
      429: 'A reset is running already',
    },
  },
  adminSystem: { summary: 'Version, uptime and consumers', tag: tags.adminPlatform, access: 'admin' },
  health: {
    summary: "Every projection's and reactor's progress",
    description: 'Rate limited. An admin’s token adds the failing event and the error to a failing consumer.',
    tag: tags.health,
    access: 'optional',
    errors: { 429: rateLimited },
    degraded:
      'A projection or reactor is stuck, or the database does not answer: the same body, saying which',
  },
  commandHealth: {
    summary: 'The command service and its event store answer',
    tag: tags.health,
    access: 'public',
  },
  queryHealth: {
    summary: 'The query service and its database answer',
    tag: tags.health,
    access: 'public',
  },
  newsletterSubscribe: {
    summary: 'Subscribe to the newsletter (double opt-in)',
    description:
      'Emails a confirmation link, at most one an hour per address. Answers the same whether the address is new, waiting or subscribed already.',
    tag: tags.newsletter,
    access: 'public',
    errors: { 429: rateLimited },
  },
  newsletterConfirm: {
    summary: "Confirm a subscription with the link's token",
    tag: tags.newsletter,
    access: 'public',
    errors: { 400: 'The link has expired', 404: 'No subscription has this token', 429: rateLimited },
  },
  newsletterUnsubscribe: {
    summary: "Unsubscribe with a newsletter email's token",
    tag: tags.newsletter,
    access: 'public',
    errors: { 404: 'No subscription has this token', 429: rateLimited },
  },
  newsletterOneClickUnsubscribe: {
    summary: 'One-click unsubscribe (RFC 8058)',
    description:
      "The URL of a newsletter email's `List-Unsubscribe` header; mail clients post `List-Unsubscribe=One-Click` to it.",
    tag: tags.newsletter,
    access: 'public',
    errors: { 404: 'No subscription has this token', 429: rateLimited },
  },
  contact: {
    summary: 'Send a message to support',
    description: 'Records the message with a reference (`CT-…`) and emails the sender an acknowledgement.',
    tag: tags.newsletter,
    access: 'public',
    status: 201,
    errors: { 429: rateLimited },
  },
  contactDetails: {
    summary: "The support address and the company's details",
    tag: tags.newsletter,
    access: 'public',
  },
  adminListContactMessages: {
    summary: 'A page of contact messages, newest first',
    description: 'Searches by reference (or its start) or by a whole email address.',
    tag: tags.adminMessages,
    access: 'admin',
  },
  adminGetContactMessage: {
    summary: 'One contact message',
    tag: tags.adminMessages,
    access: 'admin',
    errors: { 404: 'No message has this reference' },
  },
  adminAnswerContactMessage: {
    summary: 'Answer a contact message',
    description: 'Emails the answer to the sender, quoting the reference, and records who answered.',
    tag: tags.adminMessages,
    access: 'admin',
    errors: { 404: 'No message has this reference', 409: 'The message is closed' },
  },
  adminCloseContactMessage: {
    summary: 'Close a contact message, with an optional note',
    tag: tags.adminMessages,
    access: 'admin',
    errors: { 404: 'No message has this reference' },
  },
  apiDocument: {
    summary: 'This document',
    description: 'OpenAPI 3.1, generated from the zod contracts the services validate with.',
    tag: tags.docs,
    access: 'public',
    etag: true,
  },
  apiDocs: { summary: 'The API reference page', tag: tags.docs, access: 'public', produces: 'text/html' },
  apiDocsAsset: {
    summary: 'A script or style sheet of the reference page',
    tag: tags.docs,
    access: 'public',
    produces: 'text/javascript or text/css',
    etag: true,
    errors: { 404: 'No such file' },
  },
}
