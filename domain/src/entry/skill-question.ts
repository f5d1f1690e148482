import { entryMessages, type SkillQuestion, skillQuestionPoolOf } from '@prizes/contracts'
import type { Competition } from '../competition/state'
import { InvalidEntry } from './errors'

type Details = Competition['details']

/**
 * The question of the competition's pool an entrant was given (issue 24). An index outside the
 * pool was never given by us, so it is refused like an answer that is not an option.
 */
export function givenQuestion(details: Details, questionIndex: number): SkillQuestion {
  const question = skillQuestionPoolOf(details)[questionIndex]
  if (!question) throw new InvalidEntry('skillQuestionAnswer', entryMessages.questionNotGiven)
  return question
}

/**
 * Any option of the given question is accepted (a wrong one is recorded and never drawn); only
 * an answer that is not one of its options is refused.
 */
export function assertAnswersGiven(details: Details, questionIndex: number, answer: string): void {
  if (!givenQuestion(details, questionIndex).options.includes(answer)) {
    throw new InvalidEntry('skillQuestionAnswer', entryMessages.selectAnswer)
  }
}

/** Whether `answer` is the correct one of the question the entrant was given. */
export const answersCorrectly = (details: Details, questionIndex: number, answer: string): boolean =>
  givenQuestion(details, questionIndex).correct === answer

/**
 * Which of `poolSize` questions an entrant is given, from a keyed digest the command side makes
 * of the entrant (the domain takes random bytes as an argument). Each 4 bytes are tried in turn
 * and rejection-sampled, so every question is equally likely (no modulo bias); a digest whose
 * every word falls in the rejected tail (odds about (10 / 2^32)^8) falls back to its last word.
 */
export function pickQuestionIndex(poolSize: number, digest: Uint8Array): number {
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new RangeError('A pool has at least one question')
  if (digest.length < 4) throw new RangeError('The digest must hold at least 4 bytes')
  const limit = Math.floor(2 ** 32 / poolSize) * poolSize
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength)
  let word = 0
  for (let offset = 0; offset + 4 <= digest.length; offset += 4) {
    word = view.getUint32(offset)
    if (word < limit) return word % poolSize
  }
  return word % poolSize
}
