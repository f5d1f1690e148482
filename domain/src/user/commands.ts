import type { Encrypted, EncryptedPersonalData } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import type { ResponsiblePlayCommand } from './responsible-play'

/**
 * The user commands. Everything random or secret arrives ready-made: the command side
 * encrypts personal fields, hashes passwords and derives one-time tokens, and the domain sees
 * only ciphertext and token hashes. Clear values appear only where a rule must read them (the
 * date of birth for the age limit).
 */

/** A new one-time link: the nonce the mail reactor re-derives the token from, and its hash. */
export interface NewLink {
  readonly nonce: string
  readonly tokenHash: string
}

/** How an account comes to be; each way records a different registration. */
export type Registration =
  /** Sign-up form: an adult who must verify the email before signing in. */
  | { readonly kind: 'self'; readonly dateOfBirth: string; readonly verification: NewLink }
  /**
   * Created at entry time (SPEC section 4): signed in at once, and invited by email to finish
   * setting the account up by choosing a password (`passwordLink`, a reset link). The date of
   * birth the entry flow and the postal form give (issue 24), held to registration's age rule;
   * absent only for guests made before it was asked.
   */
  | {
      readonly kind: 'guest'
      readonly verification: NewLink
      readonly passwordLink: NewLink
      readonly dateOfBirth?: string
    }
  /** The operator's admin account: verified from the start, no email sent. */
  | { readonly kind: 'admin' }

interface UserCommandOf<Type extends string, Data> {
  readonly type: Type
  readonly data: { readonly userId: string } & Data
  readonly metadata: CommandMetadata
}

export type RegisterUser = UserCommandOf<
  'RegisterUser',
  {
    readonly personal: EncryptedPersonalData
    readonly passwordHash: Encrypted
    readonly marketingEmails: boolean
    readonly registration: Registration
  }
>
/** `passwordLink`: what a guest still setting up is sent instead of a bare verification link. */
export type RequestEmailVerification = UserCommandOf<
  'RequestEmailVerification',
  { readonly link: NewLink; readonly passwordLink?: NewLink }
>
export type VerifyEmail = UserCommandOf<'VerifyEmail', { readonly tokenHash: string }>
/** Verification without a link, for the admin bootstrap promoting an existing account. */
export type MarkEmailVerified = UserCommandOf<'MarkEmailVerified', Record<never, never>>
export type RequestPasswordReset = UserCommandOf<'RequestPasswordReset', { readonly link: NewLink }>
export type ResetPassword = UserCommandOf<
  'ResetPassword',
  { readonly tokenHash: string; readonly passwordHash: Encrypted }
>
/** The current password was checked by the command side (argon2 is not pure). */
export type ChangePassword = UserCommandOf<'ChangePassword', { readonly passwordHash: Encrypted }>
/**
 * The date of birth is not editable, nor is the email by its owner: the decider keeps the
 * recorded ones. `email` is given only by an admin's edit, whose command side has claimed the
 * new address in the unique-email index.
 */
export type UpdateProfile = UserCommandOf<
  'UpdateProfile',
  {
    readonly firstName: Encrypted
    readonly lastName: Encrypted
    readonly phone: Encrypted
    readonly address: Encrypted
    /** An admin's change of address; `verification` is the link that proves the new one. */
    readonly email?: Encrypted
    /** The links sent to a changed address (the password link for a guest still setting up). */
    readonly verification?: { readonly link: NewLink; readonly passwordLink: NewLink }
  }
>
/** `byUserId`: the admin acting, so nobody bans or demotes themselves. */
export type BanUser = UserCommandOf<'BanUser', { readonly byUserId?: string }>
export type UnbanUser = UserCommandOf<'UnbanUser', Record<never, never>>
export type PromoteUser = UserCommandOf<'PromoteUser', Record<never, never>>
export type DemoteUser = UserCommandOf<'DemoteUser', { readonly byUserId?: string }>
/** `byUserId`: the admin deleting the account, so nobody deletes themselves. */
export type EraseUser = UserCommandOf<'EraseUser', { readonly byUserId?: string }>

/** The account matches a person on a break under another account (the command side compared). */
export type HoldAccountForReview = UserCommandOf<'HoldAccountForReview', Record<never, never>>
/** An admin found the account belongs to someone else: it may pay. */
export type ClearAccountReview = UserCommandOf<'ClearAccountReview', Record<never, never>>

/** Whether the user's name may be published if they win (`shown: false` is their objection). */
export type ChooseWinnerName = UserCommandOf<'ChooseWinnerName', { readonly shown: boolean }>

export type UserCommand =
  | RegisterUser
  | RequestEmailVerification
  | VerifyEmail
  | MarkEmailVerified
  | RequestPasswordReset
  | ResetPassword
  | ChangePassword
  | UpdateProfile
  | BanUser
  | UnbanUser
  | PromoteUser
  | DemoteUser
  | EraseUser
  | HoldAccountForReview
  | ClearAccountReview
  | ChooseWinnerName
  | ResponsiblePlayCommand
