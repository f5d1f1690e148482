export {
  type BeaconCheck,
  checkDrandBeacon,
  type DrandBeacon,
  g1SignatureDst,
  randomnessOfSignature,
  unchainedRoundMessage,
} from './beacon'
export { certificateList, publicCertificateOf, verifyPublicCertificate } from './certificate'
export { concatBytes, type DrawCrypto, fromHex, jsDrawCrypto, toHex, utf8 } from './crypto'
export {
  type DrandChain,
  drandRound,
  knownDrandChains,
  quicknet,
  roundTime,
  sealedChain,
  testChainNotice,
  testDrandChain,
} from './drand'
export {
  type AllocatedEntry,
  canonicalEncoding,
  currentListVersion,
  type EligibleTicket,
  eligibleFromEntries,
  eligibleTickets,
  type ListVersion,
  listHash,
  listVersionOf,
  type PublicTicket,
  publicEncoding,
  publicListHash,
} from './eligible'
export type { DrawVerification, Verdict, VerificationStep } from './outcome'
export { type RecordedCompetitionEvent, verifyDraw } from './verify'
export { type DrawInput, type DrawOutcome, drawIndex } from './winner'
