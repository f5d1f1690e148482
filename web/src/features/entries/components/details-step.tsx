import { css, useTheme } from '@emotion/react'
import { entryCapMessage, entryMessages } from '@prizes/contracts'
import type { FormEvent } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { CheckboxField } from '../../../components/checkbox-field'
import { FieldRow, FormStack, TextField } from '../../../components/form-field'
import type { useForm } from '../../../lib/use-form'
import type { EntryTarget } from '../../../stores/ui-store'
import type { EntryFormValues } from '../model/entry-form'
import { EntriesSlider } from './entries-slider'
import { GivenSkillQuestion } from './given-skill-question'

type EntryForm = ReturnType<typeof useForm<EntryFormValues>>

interface DetailsStepProps {
  readonly form: EntryForm
  readonly competition: EntryTarget
  readonly maxEntries: number
  /** The signed-in account; null when signed out. */
  readonly userId: string | null
  /** What the flow is doing now ("Checking your email…"), or null when waiting for the entrant. */
  readonly busy: string | null
  readonly error: string | null
  readonly onSubmit: () => void
}

/** Step 1, Entry Details (SPEC section 2): every field of SPEC section 5's entry form. */
export function DetailsStep({
  form,
  competition,
  maxEntries,
  userId,
  busy,
  error,
  onSubmit,
}: DetailsStepProps) {
  const theme = useTheme()
  const { values } = form
  const signedIn = userId !== null
  const text = (field: 'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'dateOfBirth') => ({
    name: field,
    value: values[field],
    onValueChange: (v: string) => form.set(field, v),
    onBlur: () => form.touch(field),
    error: form.errorOf(field),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (form.valid && busy === null) onSubmit()
  }

  const capLeft = competition.personRemaining ?? null
  if (capLeft === 0) {
    return <Alert tone="warning">{entryCapMessage(competition.perPerson, 0)}</Alert>
  }
  if (maxEntries < 1) {
    return <Alert tone="warning">This competition has sold out, so no more entries can be taken.</Alert>
  }
  return (
    <FormStack noValidate onSubmit={submit} aria-label="Entry Details">
      <GivenSkillQuestion
        competitionId={competition.id}
        userId={userId}
        email={values.email}
        value={values.answer}
        onChange={(answer) => form.set('answer', answer)}
        onQuestion={(index) => form.set('questionIndex', index)}
        onBlur={() => form.touch('answer')}
        error={form.errorOf('answer')}
      />
      <p
        data-testid="answer-rule"
        css={css`
          margin: 0;
          font-size: 0.875rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        {entryMessages.answerRule}
      </p>
      <FieldRow>
        <TextField label="First name" autoComplete="given-name" {...text('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...text('lastName')} />
      </FieldRow>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        readOnly={signedIn}
        hint={signedIn ? 'The email of your account' : 'We send your confirmation and ticket numbers here'}
        {...text('email')}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" {...text('phone')} />
      <TextField label="Address" autoComplete="street-address" {...text('address')} />
      {!signedIn && (
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          hint="You must be 18 or over to enter"
          {...text('dateOfBirth')}
        />
      )}
      <EntriesSlider
        value={values.numberOfEntries}
        max={maxEntries}
        price={competition.price}
        onChange={(n) => form.set('numberOfEntries', n)}
      />
      <p
        data-testid="entry-cap"
        css={css`
          margin: 0;
          font-size: 0.875rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        {capLeft === null
          ? `At most ${competition.perPerson} entries per person in this competition.`
          : entryCapMessage(competition.perPerson, capLeft)}
      </p>
      <CheckboxField
        name="agreeTerms"
        label={
          <>
            I agree to the{' '}
            <a
              href="/terms-and-conditions"
              target="_blank"
              rel="noreferrer"
              css={css`
                color: ${theme.palette.primary.text};
              `}
            >
              terms and conditions
            </a>{' '}
            and confirm I am 18 or older
          </>
        }
        checked={values.agreeTerms}
        onCheckedChange={(checked) => {
          form.set('agreeTerms', checked)
          form.touch('agreeTerms')
        }}
        error={form.errorOf('agreeTerms')}
      />
      <CheckboxField
        name="subscribeNewsletter"
        label="Send me news of upcoming competitions (optional)"
        checked={values.subscribeNewsletter}
        onCheckedChange={(checked) => form.set('subscribeNewsletter', checked)}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" size="lg" fullWidth disabled={!form.valid || busy !== null}>
        {busy ?? 'Proceed to Payment'}
      </Button>
    </FormStack>
  )
}
