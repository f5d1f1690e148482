import { Alert } from '../../../../components/alert'
import { answerGiveaways, type CompetitionFormValues } from '../model/competition-form'

const fieldNames = { title: 'title', prize: 'prize', description: 'description' } as const

const list = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`

/**
 * Issue 24: a visible warning, never a refusal, when a correct answer can be read in the
 * competition's own words: such a question deters nobody.
 */
export function AnswerGiveawayWarning({ values }: { readonly values: CompetitionFormValues }) {
  const found = answerGiveaways(values)
  if (found.length === 0) return null
  return (
    <Alert tone="warning">
      <span data-testid="answer-giveaway">
        {found
          .map(
            (g) =>
              `The answer to question ${g.number} (“${g.answer}”) appears in the ${list(g.fields.map((f) => fieldNames[f]))}.`,
          )
          .join(' ')}{' '}
        A skill question should need thought: choose one whose answer the competition does not give away.
      </span>
    </Alert>
  )
}
