import { css } from '@emotion/react'
import { type ContactRequest, contactMessages, contactTopicLabels, contactTopics } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { FieldRow, FormStack, SelectField, TextAreaField, TextField } from '../../../components/form-field'
import { ApiError } from '../../../lib/api-client'
import { contactFormErrors, sendContactMessage } from '../api/contact'

type Values = Record<keyof ContactRequest, string>
// A general question unless the sender says otherwise; "Complaint" marks it one for the admins.
const empty: Values = { name: '', email: '', topic: 'general', subject: '', message: '' }
const topicOptions = contactTopics.map((topic) => ({ value: topic, label: contactTopicLabels[topic] }))

/** The contact card's form: checked as the server checks it; on success, the reference. */
export function ContactForm() {
  const [values, setValues] = useState<Values>(empty)
  const [errors, setErrors] = useState<Partial<Values>>({})
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problems = contactFormErrors(values)
    setErrors(problems)
    if (Object.keys(problems).length > 0) {
      setOutcome(null)
      return
    }
    setSending(true)
    setOutcome(null)
    try {
      const answer = await sendContactMessage(values as ContactRequest)
      setValues(empty)
      setOutcome({ tone: 'success', text: answer.message })
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors = Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]]),
        )
        setErrors(fieldErrors)
      }
      const text = error instanceof ApiError && error.status === 429 ? error.message : contactMessages.failure
      setOutcome({ tone: 'error', text })
    } finally {
      setSending(false)
    }
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Contact form">
      <FieldRow>
        <TextField
          label="Your name"
          value={values.name}
          onValueChange={set('name')}
          error={errors.name}
          autoComplete="name"
          maxLength={200}
        />
        <TextField
          label="Email address"
          type="email"
          value={values.email}
          onValueChange={set('email')}
          error={errors.email}
          autoComplete="email"
          maxLength={254}
        />
      </FieldRow>
      <SelectField
        label="Topic"
        value={values.topic}
        onValueChange={set('topic')}
        error={errors.topic}
        options={topicOptions}
      />
      <TextField
        label="Subject"
        value={values.subject}
        onValueChange={set('subject')}
        error={errors.subject}
        maxLength={150}
      />
      <TextAreaField
        label="Message"
        value={values.message}
        onValueChange={set('message')}
        error={errors.message}
        rows={6}
        maxLength={5000}
        hint="Please include your entry reference if your message is about an entry."
      />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <div
        css={css`
          display: flex;
        `}
      >
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </FormStack>
  )
}
