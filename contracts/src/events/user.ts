import { z } from 'zod'
import { responsiblePlayEvents } from './responsible-play'

/**
 * A personal value encrypted with the user's own key (AES-256-GCM), as
 * `enc:v1:<keyId>:<iv b64url>:<tag b64url>:<ciphertext b64url>`. Erasing a user deletes the
 * key: the events keep their shape and lose their meaning (crypto-shredding, DESIGN section 5).
 */
export const encrypted = z
  .string()
  .regex(/^enc:v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]*$/)
export type Encrypted = z.infer<typeof encrypted>

export const userRoles = ['user', 'admin'] as const
export const userRole = z.enum(userRoles)
export type UserRole = z.infer<typeof userRole>

/** Every personal field of a user, each encrypted on its own. */
export const encryptedPersonalData = z.object({
  firstName: encrypted,
  lastName: encrypted,
  email: encrypted,
  phone: encrypted,
  address: encrypted,
  /** Guests give no date of birth. */
  dateOfBirth: encrypted.nullable(),
})
export type EncryptedPersonalData = z.infer<typeof encryptedPersonalData>

/** The same fields in clear, as the command side holds them for a moment. */
export interface PersonalData {
  readonly firstName: string
  readonly lastName: string
  /** Lower-cased and trimmed. */
  readonly email: string
  readonly phone: string
  readonly address: string
  /** ISO date, `YYYY-MM-DD`. */
  readonly dateOfBirth: string | null
}

export const registrationSources = ['registration', 'competition_entry', 'admin_bootstrap'] as const

const userId = z.string().uuid()
/** sha256 of a one-time token, hex. The token itself is never stored. */
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/)
/**
 * Tokens are derived, not stored: token = HMAC(server secret, `<purpose>:<userId>:<nonce>`), so
 * the mail reactor can rebuild the link from the event while the log holds only its hash.
 */
const oneTimeToken = z.object({ nonce: z.string().min(16), tokenHash, expiresAt: z.string().datetime() })

export const userEvents = {
  UserRegistered: z.object({
    userId,
    personal: encryptedPersonalData,
    /** argon2id hash, encrypted like personal data so erasure removes it too. */
    passwordHash: encrypted,
    role: userRole,
    guest: z.boolean(),
    source: z.enum(registrationSources),
    marketingEmails: z.boolean(),
    /** Admin bootstrap accounts start verified. */
    emailVerified: z.boolean(),
  }),
  EmailVerificationRequested: z.object({ userId, ...oneTimeToken.shape }),
  EmailVerified: z.object({ userId, tokenHash: tokenHash.nullable() }),
  /**
   * The address changed (an admin's edit): it is not proven until the link sent to it is used,
   * and the account cannot sign in until then, as after registration.
   */
  EmailUnverified: z.object({ userId }),
  PasswordResetRequested: z.object({ userId, ...oneTimeToken.shape }),
  PasswordReset: z.object({ userId, passwordHash: encrypted, tokenHash }),
  PasswordChanged: z.object({ userId, passwordHash: encrypted }),
  ProfileUpdated: z.object({ userId, personal: encryptedPersonalData }),
  UserBanned: z.object({ userId }),
  UserUnbanned: z.object({ userId }),
  UserPromoted: z.object({ userId }),
  UserDemoted: z.object({ userId }),
  UserErased: z.object({ userId }),
  /** The user objected to their name being published as a winner: they are "a winner from <place>". */
  WinnerNameHidden: z.object({ userId }),
  /** The user withdrew that objection: first name and surname initial again. */
  WinnerNameShown: z.object({ userId }),
  ...responsiblePlayEvents,
} as const

export type UserEventType = keyof typeof userEvents
export type UserEvent = {
  [K in UserEventType]: { type: K; data: z.infer<(typeof userEvents)[K]> }
}[UserEventType]

export const userStreamPrefix = 'user-'
export const userStream = (id: string) => `${userStreamPrefix}${id}`
