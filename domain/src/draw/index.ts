export {
  type BeaconCheck,
  checkDrandBeacon,
  type DrandBeacon,
  g1SignatureDst,
  randomnessOfSignature,
  unchainedRoundMessage,
} from './beacon'
export { concatBytes, type DrawCrypto, fromHex, jsDrawCrypto, toHex, utf8 } from './crypto'
export { type DrandChain, drandRound, knownDrandChains, quicknet, sealedChain } from './drand'
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
