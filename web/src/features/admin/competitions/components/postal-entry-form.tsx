import { css } from '@emotion/react'
import { type AdminCompetition, adminPostalEntryRequest } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { FieldRow, FormStack, SelectField, TextField } from '../../../../components/form-field'
import { ApiError } from '../../../../lib/api-client'
import { reasonOf } from '../../shared/model/errors'
import { useRecordPostalEntry } from '../api/record-postal-entry'

type Field =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'address'
  | 'dateOfBirth'
  | 'answer'
  | 'receivedAt'
  | 'questionIndex'
type Values = Record<Field, string>

const blank = (today: string): Values => ({
  firstName: '',
  lastName: '',
  email: '',
  address: '',
  dateOfBirth: '',
  answer: '',
  receivedAt: today,
  questionIndex: '0',
})

/** Today in the admin's own time, as a `date` input holds it. */
function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * Records one envelope of the free route by post: who sent it (with their date of birth, 18 or
 * over), their answer and the day it arrived (required, never after today). The form's id is made when it opens and again after each entry recorded, so a double
 * click or a retry records the envelope once; the server refuses one that arrived after the
 * close, a date in the future, and anything past the entrant's cap, and says why.
 */
export function PostalEntryForm({ competition }: { readonly competition: AdminCompetition }) {
  const [values, setValues] = useState<Values>(() => blank(localToday(new Date())))
  const [key, setKey] = useState(() => crypto.randomUUID())
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [recorded, setRecorded] = useState<string | null>(null)
  const recording = useRecordPostalEntry()
  const pool = [competition.skill_question, ...(competition.extra_skill_questions ?? [])]
  const question = pool[Number(values.questionIndex)] ?? competition.skill_question

  const bind = (field: Field) => ({
    name: `postal-${field}`,
    value: values[field],
    onValueChange: (value: string) => setValues((v) => ({ ...v, [field]: value })),
    error: errors[field],
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setRecorded(null)
    // Issue 24: which question of the pool the envelope answered, when there is a choice.
    const { questionIndex, ...rest } = values
    const envelope = { ...rest, idempotencyKey: key, ...(pool.length > 1 ? { questionIndex } : {}) }
    const parsed = adminPostalEntryRequest.safeParse(envelope)
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    try {
      const answer = await recording.mutateAsync({ competitionId: competition.id, envelope: parsed.data })
      setRecorded(
        `Postal entry recorded: ${answer.entry.entryReference}, ticket #${answer.entry.ticketNumbers.join(', #')}`,
      )
      setValues(blank(values.receivedAt))
      setKey(crypto.randomUUID())
    } catch (error) {
      if (error instanceof ApiError) {
        const found: Partial<Record<Field, string>> = {}
        for (const [field, messages] of Object.entries(error.fieldErrors)) found[field as Field] = messages[0]
        setErrors(found)
      }
    }
  }

  return (
    <section
      aria-labelledby="postal-entry-heading"
      css={css`
        display: grid;
        gap: 12px;
      `}
    >
      <h3 id="postal-entry-heading">Record a postal entry</h3>
      <FormStack noValidate onSubmit={submit} aria-label="Postal entry">
        <FieldRow>
          <TextField label="First name" {...bind('firstName')} />
          <TextField label="Last name" {...bind('lastName')} />
        </FieldRow>
        <TextField label="Email" type="email" {...bind('email')} />
        <FieldRow>
          <TextField label="Address" {...bind('address')} />
          <TextField
            label="Date of birth"
            type="date"
            max={localToday(new Date())}
            {...bind('dateOfBirth')}
          />
        </FieldRow>
        {pool.length > 1 && (
          <SelectField
            label="Question answered"
            options={pool.map((q, index) => ({ value: String(index), label: `${index + 1}. ${q.question}` }))}
            {...bind('questionIndex')}
            onValueChange={(value) => setValues((v) => ({ ...v, questionIndex: value, answer: '' }))}
          />
        )}
        <FieldRow>
          <SelectField
            label="Answer"
            options={[
              { value: '', label: 'Choose the answer written' },
              ...question.options.map((option) => ({ value: option, label: option })),
            ]}
            {...bind('answer')}
          />
          <TextField
            label="Date received"
            type="date"
            required
            min={competition.start_date.slice(0, 10)}
            max={localToday(new Date())}
            hint="The day the envelope arrived: one that arrived before the close counts until the draw starts"
            {...bind('receivedAt')}
          />
        </FieldRow>
        {recording.isError && <Alert tone="error">{reasonOf(recording.error)}</Alert>}
        {recorded && <Alert tone="success">{recorded}</Alert>}
        <Button type="submit" disabled={recording.isPending}>
          {recording.isPending ? 'Recording…' : 'Record postal entry'}
        </Button>
      </FormStack>
    </section>
  )
}
