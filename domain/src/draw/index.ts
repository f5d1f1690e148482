export { concatBytes, type DrawCrypto, fromHex, jsDrawCrypto, toHex, utf8 } from './crypto'
export { type DrandChain, drandRound, quicknet } from './drand'
export {
  type AllocatedEntry,
  canonicalEncoding,
  type EligibleTicket,
  eligibleFromEntries,
  eligibleTickets,
  listHash,
} from './eligible'
export {
  type DrawVerification,
  type RecordedCompetitionEvent,
  type VerificationStep,
  verifyDraw,
} from './verify'
export { type DrawInput, type DrawOutcome, drawIndex } from './winner'
