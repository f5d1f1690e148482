import { css, useTheme } from '@emotion/react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { FieldRow, SelectField, TextField } from '../../../../components/form-field'
import { blankExtraQuestion, type ExtraQuestionValues, maxExtraQuestions } from '../model/competition-form'

interface ExtraSkillQuestionsProps {
  readonly questions: readonly ExtraQuestionValues[]
  readonly onChange: (questions: ExtraQuestionValues[]) => void
  readonly error?: string | undefined
}

/**
 * Issue 24: the rest of the pool, after the first question. Each entrant is given one question
 * of the pool at random, so an easy one cannot be picked; every question needs its four options
 * and its correct answer, as the first does.
 */
export function ExtraSkillQuestions({ questions, onChange, error }: ExtraSkillQuestionsProps) {
  const theme = useTheme()
  const replace = (index: number, question: ExtraQuestionValues) =>
    onChange(questions.map((q, i) => (i === index ? question : q)))
  return (
    <div
      css={css`
        display: grid;
        gap: 16px;
      `}
    >
      <p
        css={css`
          margin: 0;
          font-size: 0.875rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        Each entrant is given one question of the pool at random (up to {maxExtraQuestions + 1} questions).
      </p>
      {questions.map((q, index) => {
        const number = index + 2
        const choices = q.options
          .map((option, i) => ({ value: String(i), label: option.trim() }))
          .filter((choice) => choice.label !== '')
        return (
          <fieldset
            // Questions have no id of their own; their place in the pool is what names them.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place, never reordered
            key={index}
            aria-label={`Question ${number} of the pool`}
            css={css`
              display: grid;
              gap: 12px;
              margin: 0;
              padding: 12px;
              border: 1px dashed ${theme.palette.border};
              border-radius: ${theme.radius.md};
            `}
          >
            <TextField
              label={`Question ${number}`}
              value={q.question}
              onValueChange={(question) => replace(index, { ...q, question })}
            />
            <FieldRow>
              {q.options.map((option, i) => (
                <TextField
                  // biome-ignore lint/suspicious/noArrayIndexKey: always four options, in place
                  key={i}
                  label={`Question ${number}, option ${i + 1}`}
                  value={option}
                  onValueChange={(value) => {
                    const options = q.options.map((o, j) => (j === i ? value : o)) as [
                      string,
                      string,
                      string,
                      string,
                    ]
                    replace(index, { ...q, options })
                  }}
                />
              ))}
            </FieldRow>
            <SelectField
              label={`Question ${number}, correct answer`}
              value={q.correct}
              onValueChange={(correct) => replace(index, { ...q, correct })}
              options={[{ value: '', label: 'Choose one of the options' }, ...choices]}
            />
            <Button
              type="button"
              variant="outline"
              onClick={() => onChange(questions.filter((_, i) => i !== index))}
            >
              Remove question {number}
            </Button>
          </fieldset>
        )
      })}
      {error && <Alert tone="error">{error}</Alert>}
      <Button
        type="button"
        variant="outline"
        disabled={questions.length >= maxExtraQuestions}
        onClick={() => onChange([...questions, blankExtraQuestion])}
      >
        Add another question
      </Button>
    </div>
  )
}
