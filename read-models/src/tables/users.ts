export const usersTable = 'users'

/** A row of `users`. `personal` holds the encrypted fields, never plaintext. */
export interface UserRow {
  readonly user_id: string
  readonly role: 'user' | 'admin'
  readonly guest: boolean
  readonly source: string
  readonly marketing_emails: boolean
  readonly email_verified: boolean
  readonly banned: boolean
  /** The user objected to their name being published as a winner. */
  readonly winner_name_hidden: boolean
  readonly personal: Record<string, string | null> | null
  readonly registered_at: Date
  readonly erased_at: Date | null
  readonly last_revision: number
}
