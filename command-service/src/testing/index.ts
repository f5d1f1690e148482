/**
 * The command side's test harnesses and fixtures, for the tests of the packages above it (the
 * reactors' tests drive the command app through them). Never imported by code that ships.
 */
export { type AdminEntryRefundDeps, adminEntryRefundsRouter, refundEntry } from '../admin/entry-refunds'
export { parkedEventsRouter } from '../admin/parked-events'
export { countOpenParked, findParkedEvent, type ParkedEventRow } from '../admin/parked-store'
export { type AdminHarness, form, startAdminHarness } from '../admin/test-harness'
export { requestPasswordReset, resetPassword, verifyEmail } from '../auth/links'
export { mailboxOf } from '../auth/mailbox'
export { defaultRateLimits } from '../auth/rate-limits'
export { issueSession } from '../auth/sign-in'
export { type AuthHarness, startAuthHarness } from '../auth/test-harness'
export { person, signedIn } from '../auth/test-people'
export type { StreamStore } from '../command-handler'
export { createCompetition, publishCompetition } from '../competitions/commands'
export { loadDrawEvents } from '../competitions/draw-events'
export { createDrawSeedStore } from '../competitions/draw-seeds'
export {
  cancelCompetition,
  completeDraw,
  drandMargin,
  extendEndDate,
  startDraw,
} from '../competitions/lifecycle'
export { nodeDrawCrypto } from '../competitions/node-draw-crypto'
export { holdCredit } from '../credit-limit'
export type { OneTimeTokenPurpose } from '../crypto/one-time-token'
export { countUnsentEmails, listOutboxEmails } from '../email-tools/outbox-admin'
export { createStatusChecker } from '../email-tools/status'
export { allocateEntry, requestEntry } from '../entries'
export { runEntryCommand } from '../entries/stream'
export { submission } from '../entries/test-harness'
export { mapCommandError } from '../errors'
export { subscriberIdOf } from '../newsletter/subscribers'
export { type PlayHarness, startPlayHarness } from '../responsible-play/test-harness'
export { deleteUser } from '../users/delete-user'
export type { AccountDeps } from '../users/deps'
export { eraseUser } from '../users/erase'
export { openAccount } from '../users/registration'
export { banUser, promoteUser } from '../users/standing'
export { details, silentLogger } from './fixtures'
