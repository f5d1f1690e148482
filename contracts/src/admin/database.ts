import { z } from 'zod'
import { consumerHealth } from '../health'

/** Issue 11, the Settings tab's database tools and System Info. */

/** Optimise: VACUUM (ANALYZE) of every read-model table, and how long it took. */
export const adminOptimiseResponse = z.object({
  success: z.literal(true),
  tables: z.array(z.string()),
  milliseconds: z.number().int().nonnegative(),
})
export type AdminOptimiseResponse = z.infer<typeof adminOptimiseResponse>

/** The word the reset asks for, so a stray click or a replayed request cannot wipe the data. */
export const resetConfirmation = 'RESET'

export const adminResetRequest = z.object({
  confirm: z.literal(resetConfirmation, { message: `Type ${resetConfirmation} to confirm` }),
})
export type AdminResetRequest = z.infer<typeof adminResetRequest>

export const adminResetResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Events in the log after the demo data and the admin account were seeded again. */
  events: z.number().int().nonnegative(),
})
export type AdminResetResponse = z.infer<typeof adminResetResponse>

/** Issue 23: the shortest and longest passphrase a backup is encrypted with. */
export const backupPassphraseLength = { min: 12, max: 1024 } as const

export const backupMessages = {
  passwordRequired: 'Enter your password to download a backup',
  passwordIncorrect: 'Your password is incorrect',
  passphraseTooShort: `The backup passphrase must be at least ${backupPassphraseLength.min} characters`,
  passphraseTooLong: `The backup passphrase must be at most ${backupPassphraseLength.max} characters`,
} as const

/**
 * A backup asks the admin's password again (a stolen session alone cannot take one) and the
 * passphrase the file is encrypted with; restore asks for the same passphrase.
 */
export const adminBackupRequest = z.object({
  password: z.string().min(1, backupMessages.passwordRequired).max(256, backupMessages.passwordIncorrect),
  passphrase: z
    .string()
    .trim()
    .min(backupPassphraseLength.min, backupMessages.passphraseTooShort)
    .max(backupPassphraseLength.max, backupMessages.passphraseTooLong),
})
export type AdminBackupRequest = z.infer<typeof adminBackupRequest>

/** A projection or reactor as System Info shows it. */
export const systemConsumer = consumerHealth.pick({
  name: true,
  status: true,
  position: true,
  lagEvents: true,
  lagCapped: true,
  lagMs: true,
})
export type SystemConsumer = z.infer<typeof systemConsumer>

export const adminSystemResponse = z.object({
  success: z.literal(true),
  version: z.string(),
  nodeVersion: z.string(),
  /** Seconds since this process started. */
  uptimeSeconds: z.number().int().nonnegative(),
  eventStore: z.object({
    kind: z.enum(['postgres', 'eventstoredb']),
    /**
     * Events appended to the log: its highest global position on PostgreSQL (an append rolled
     * back after taking a number leaves a gap, so this can run a little ahead); null where the
     * store has no cheap count (EventStoreDB).
     */
    events: z.number().int().nonnegative().nullable(),
  }),
  /** Reset test data is possible: only on the embedded database. */
  resetAvailable: z.boolean(),
  projections: z.array(systemConsumer),
  reactors: z.array(systemConsumer),
})
export type AdminSystemResponse = z.infer<typeof adminSystemResponse>
