/**
 * Every number and text a command can write into an event is bounded here, once, so that the
 * read models and the payment provider can always hold it (DESIGN section 9: a projection must
 * never meet an event it cannot store). Two tiers:
 *
 * - What may be written: the request schemas and `competitionDetails` (which the domain checks on
 *   every creation and revision, whoever calls) use the business limits below.
 * - What may be read: the event schemas use the storage limits (`storableInteger`), what the
 *   columns hold. Events written before these limits keep decoding as long as a projection could
 *   store them; tightening a limit never makes an old, storable event unreadable.
 */

/** The largest value of a PostgreSQL `integer` column (the read models' counts, pence and ticket numbers). */
export const int32Max = 2_147_483_647

/** Stripe's largest charge in GBP, £999,999.99: no entry may cost more. */
export const maxAmountPence = 99_999_999

/** SPEC section 9: 1 to 10 entries per purchase. */
export const maxEntriesPerPurchase = 10

/** An entry price such that the largest purchase (10 entries) stays one chargeable amount: £99,999.99. */
export const maxEntryPricePence = Math.floor(maxAmountPence / maxEntriesPerPurchase)

/** £100,000,000: well above any UK prize, and exact in JavaScript and the `bigint` column. */
export const maxPrizeValuePence = 10_000_000_000

/**
 * Entries (tickets) one person may hold in one competition, paid and postal together: what an
 * admin may set, and what a competition without its own cap (created before caps) allows.
 */
export const maxEntriesPerPersonLimit = 1_000
export const defaultMaxEntriesPerPerson = 100

/** A competition's pool of skill questions (issue 24): each entrant is given one of at most this many. */
export const maxSkillQuestions = 10

/** Ten times the largest competition we expect (~1,000,000 tickets); fits every `integer` column. */
export const maxTotalTickets = 10_000_000

/**
 * An uploaded image's pixels (width × height), checked from its header before it is decoded:
 * 25 megapixels is a 6000 × 4000 camera photo, far above the 1200 pixels a competition shows,
 * and decoding it stays near 100 MB.
 */
export const maxImagePixels = 25_000_000

/** Characters, per field. Generous for what a person types; small enough that no event balloons. */
export const maxLength = {
  title: 200,
  description: 10_000,
  prize: 200,
  location: 100,
  question: 500,
  /** A skill-question option, and so the answer an entrant chooses. */
  option: 200,
  firstName: 100,
  lastName: 100,
  /** RFC 5321's limit on a forward path. */
  email: 254,
  phone: 30,
  address: 500,
  /** Hashing cost grows with the password; 128 leaves room for any passphrase. */
  password: 128,
  /** An admin's reason (cancellation, refund), kept in the audit trail. */
  reason: 500,
  /** An id a caller names (a competition, a payment intent); ours are UUIDs, Stripe's far shorter. */
  identifier: 255,
  /** A date or time as text (ISO 8601 with an offset, or `MM/YY`). */
  date: 64,
  /** A card number as typed, spaces included (the offline provider's test cards). */
  cardNumber: 40,
} as const

const poundsFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** Pence as the messages show them: `£99,999.99`. */
export const formatPence = (pence: number) => poundsFormat.format(pence / 100)

/** A whole number as the messages show it: `10,000,000`. */
export const formatCount = (count: number) => count.toLocaleString('en-GB')

/** "The title must be at most 200 characters". */
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${formatCount(max)} characters`
