/**
 * Whether a competition's own words give a skill question's answer away (issue 24): the admin
 * form warns, without blocking, when a correct answer appears in the title, prize or
 * description. "Appears" is word-ish: case, accents and runs of spaces are ignored, and the
 * answer must stand on its own (not inside a longer word or number: "Car" is not in "Carpet",
 * "100" is not in "1000").
 */
export type GiveawayField = 'title' | 'prize' | 'description'

export interface Giveaway {
  readonly questionIndex: number
  readonly answer: string
  readonly fields: GiveawayField[]
}

const fields: readonly GiveawayField[] = ['title', 'prize', 'description']

const normalise = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

const wordish = /[\p{L}\p{N}]/u

/** Whether `needle` (normalised) stands on its own somewhere in `haystack` (normalised). */
function standsIn(haystack: string, needle: string): boolean {
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1]
    const after = haystack[at + needle.length]
    if ((before === undefined || !wordish.test(before)) && (after === undefined || !wordish.test(after))) {
      return true
    }
  }
  return false
}

export function answersGivenAway(
  texts: Readonly<Record<GiveawayField, string>>,
  questions: ReadonlyArray<{ readonly correct: string }>,
): Giveaway[] {
  const normalised = fields.map((field) => [field, normalise(texts[field])] as const)
  const found: Giveaway[] = []
  for (const [questionIndex, { correct }] of questions.entries()) {
    const answer = normalise(correct)
    if (answer === '') continue
    const where = normalised.filter(([, text]) => standsIn(text, answer)).map(([field]) => field)
    if (where.length > 0) found.push({ questionIndex, answer: correct, fields: where })
  }
  return found
}
