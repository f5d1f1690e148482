import { css, useTheme } from '@emotion/react'
import type { AdminCompetition } from '@prizes/contracts'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { CheckboxField } from '../../../../components/checkbox-field'
import { Dialog } from '../../../../components/dialog'
import { FieldRow, FormStack, SelectField, TextAreaField, TextField } from '../../../../components/form-field'
import { ApiError } from '../../../../lib/api-client'
import { useForm } from '../../../../lib/use-form'
import { showSnackbar } from '../../../../stores/ui-store'
import { failureMessage } from '../../shared/model/errors'
import { useSaveCompetition } from '../api/save-competition'
import {
  type CompetitionFormErrors,
  type CompetitionFormValues,
  competitionPayload,
  competitionValues,
  newCompetitionValues,
  optionFields,
  serverFieldErrors,
  validateCompetitionForm,
} from '../model/competition-form'
import { AnswerGiveawayWarning } from './answer-giveaway-warning'
import { ExtraSkillQuestions } from './extra-skill-questions'
import { ImageField } from './image-field'

interface CompetitionFormDialogProps {
  /** The competition to edit, or null to create one. */
  readonly competition: AdminCompetition | null
  readonly onClose: () => void
}

type TextKey = Exclude<keyof CompetitionFormValues, 'featured' | 'status' | 'extra_questions'>

/** Create and Edit (SPEC section 5): the server's rules on screen, submit disabled until they pass. */
export function CompetitionFormDialog({ competition, onClose }: CompetitionFormDialogProps) {
  const theme = useTheme()
  const [initial] = useState(() =>
    competition ? competitionValues(competition) : newCompetitionValues(new Date()),
  )
  const form = useForm({ initial, validate: validateCompetitionForm })
  const save = useSaveCompetition()
  const [serverErrors, setServerErrors] = useState<CompetitionFormErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [image, setImage] = useState<File | null>(null)
  const [imageError, setImageError] = useState<string | undefined>(undefined)
  const { values } = form
  const errors = form.errors as CompetitionFormErrors
  const isDraft = competition === null || competition.status === 'draft'

  const errorOf = (field: TextKey | 'status') => serverErrors[field] ?? form.errorOf(field)
  const change = <K extends keyof CompetitionFormValues>(field: K, value: CompetitionFormValues[K]) => {
    form.set(field, value)
    // A server message stays on its field until the admin changes that field.
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => key !== field && key !== 'options')),
    )
  }
  const text = (field: TextKey) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => change(field, value),
    onBlur: () => form.touch(field),
    error: errorOf(field),
  })
  const optionsTouched = form.submitted || optionFields.every((field) => values[field] !== '')
  const optionsError = serverErrors.options ?? (optionsTouched ? errors.options : undefined)
  const choices = optionFields
    .map((field, index) => ({ value: String(index), label: values[field].trim() }))
    .filter((choice) => choice.label !== '')

  async function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (!form.valid || imageError || save.isPending) return
    setFailure(null)
    try {
      await save.mutateAsync({
        ...(competition ? { id: competition.id } : {}),
        payload: competitionPayload(values, competition),
        ...(image ? { image } : {}),
      })
      showSnackbar(competition ? 'Competition saved' : 'Competition created', { severity: 'success' })
      onClose()
    } catch (error) {
      setFailure(failureMessage('Failed to save competition', error))
      if (error instanceof ApiError) setServerErrors(serverFieldErrors(error.fieldErrors))
    }
  }

  return (
    <Dialog open onClose={onClose} title={competition ? 'Edit Competition' : 'Create Competition'} size="lg">
      <FormStack
        noValidate
        onSubmit={submit}
        aria-label="Competition details"
        css={css`
          color: ${theme.palette.text.primary};
        `}
      >
        <TextField label="Title" data-autofocus {...text('title')} />
        <TextAreaField label="Description" {...text('description')} />
        <TextField label="Prize" hint="What the winner receives" {...text('prize')} />
        <FieldRow>
          <TextField label="Prize value (£)" inputMode="decimal" {...text('prize_value')} />
          <TextField label="Entry price (£)" inputMode="decimal" {...text('entry_price')} />
        </FieldRow>
        <FieldRow>
          <TextField label="Total tickets" inputMode="numeric" {...text('total_tickets')} />
          <TextField
            label="Max entries per person"
            inputMode="numeric"
            hint="Paid and postal entries together (1 to 1,000)"
            {...text('max_entries_per_person')}
          />
        </FieldRow>
        <TextField label="Location" {...text('location')} />
        <FieldRow>
          <TextField
            label="Minimum tickets (optional)"
            inputMode="numeric"
            hint="Below this at the end date, you choose: draw anyway, extend once, or cancel"
            {...text('minimum_tickets')}
          />
          <TextField
            label="Cash alternative (£, optional)"
            inputMode="decimal"
            hint="Offered to the winner instead of the prize"
            {...text('cash_alternative')}
          />
        </FieldRow>
        <FieldRow>
          <TextField label="Start date" type="datetime-local" {...text('start_date')} />
          <TextField label="End date" type="datetime-local" {...text('end_date')} />
        </FieldRow>
        {isDraft ? (
          <SelectField
            label="Status"
            value={values.status}
            onValueChange={(value) => change('status', value === 'draft' ? 'draft' : 'active')}
            error={errorOf('status')}
            options={[
              { value: 'active', label: 'Active (publish now)' },
              { value: 'draft', label: 'Draft (not published)' },
            ]}
          />
        ) : null}
        <CheckboxField
          label="Featured on the home page"
          checked={values.featured}
          onCheckedChange={(checked) => change('featured', checked)}
        />
        <Group title="Skill question">
          <TextField label="Question" {...text('question')} />
          <FieldRow>
            {optionFields.map((field, index) => (
              <TextField key={field} label={`Option ${index + 1}`} {...text(field)} />
            ))}
          </FieldRow>
          {optionsError && <Alert tone="error">{optionsError}</Alert>}
          <SelectField
            label="Correct answer"
            value={values.correct}
            onValueChange={(value) => change('correct', value)}
            onBlur={() => form.touch('correct')}
            error={errorOf('correct')}
            options={[{ value: '', label: 'Choose one of the options' }, ...choices]}
          />
          <ExtraSkillQuestions
            questions={values.extra_questions}
            onChange={(questions) => change('extra_questions', questions)}
            error={serverErrors.extra_questions ?? (form.submitted ? errors.extra_questions : undefined)}
          />
          <AnswerGiveawayWarning values={values} />
        </Group>
        <ImageField
          current={competition?.image_url ?? null}
          file={image}
          error={imageError}
          onChange={(file, problem) => {
            setImage(problem ? null : file)
            setImageError(problem)
          }}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            justify-content: flex-end;
            gap: 12px;
          `}
        >
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!form.valid || Boolean(imageError) || save.isPending}>
            {save.isPending ? 'Saving…' : competition ? 'Save Changes' : 'Create Competition'}
          </Button>
        </div>
      </FormStack>
    </Dialog>
  )
}

function Group({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const theme = useTheme()
  return (
    <fieldset
      css={css`
        display: grid;
        gap: 16px;
        margin: 0;
        padding: 16px;
        border: 1px solid ${theme.palette.border};
        border-radius: ${theme.radius.md};
      `}
    >
      <legend
        css={css`
          padding: 0 6px;
          font-weight: 700;
        `}
      >
        {title}
      </legend>
      {children}
    </fieldset>
  )
}
