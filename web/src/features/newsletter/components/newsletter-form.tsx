import { css, useTheme } from '@emotion/react'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/button'
import { showSnackbar } from '../../../stores/ui-store'
import { newsletterMessages, subscribeToNewsletter, validateNewsletterEmail } from '../newsletter'

/** The input "Get Notified" focuses. */
export const newsletterEmailInputId = 'newsletter-email'

/** SPEC section 9: the newsletter's snackbar shows for 4 s. */
const snackbarMs = 4000

type Feedback = { kind: 'error' | 'success'; text: string } | null

/** Drawn on the dark footer. */
export function NewsletterForm() {
  const theme = useTheme()
  const messageId = useId()
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [feedback, setFeedback] = useState<Feedback>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = validateNewsletterEmail(email)
    if (problem) {
      setFeedback({ kind: 'error', text: problem })
      showSnackbar(problem, { severity: 'warning', durationMs: snackbarMs })
      return
    }
    setSending(true)
    setFeedback(null)
    try {
      await subscribeToNewsletter(email.trim())
      setEmail('')
      setFeedback({ kind: 'success', text: newsletterMessages.success })
      showSnackbar(newsletterMessages.success, { severity: 'success', durationMs: snackbarMs })
    } catch {
      setFeedback({ kind: 'error', text: newsletterMessages.failure })
    } finally {
      setSending(false)
    }
  }

  const invalid = feedback?.kind === 'error'

  return (
    <form noValidate onSubmit={submit} aria-label="Newsletter sign-up">
      <label
        htmlFor={newsletterEmailInputId}
        css={css`
          display: block;
          margin-bottom: 8px;
          font-weight: 600;
        `}
      >
        Email address
      </label>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 8px;
        `}
      >
        <input
          id={newsletterEmailInputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={messageId}
          css={css`
            flex: 1 1 200px;
            min-width: 0;
            height: 48px;
            padding: 0 16px;
            border: 2px solid ${invalid ? '#fca5a5' : 'transparent'};
            border-radius: ${theme.radius.pill};
            background: ${theme.palette.background.surface};
            color: ${theme.palette.text.primary};
            &::placeholder {
              color: #64748b;
            }
          `}
        />
        <Button
          type="submit"
          variant="accent"
          size="lg"
          disabled={sending}
          css={css`
            flex: 1 0 auto;
            ${theme.mq.sm} {
              flex-grow: 0;
            }
          `}
        >
          {sending ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </div>
      <p
        id={messageId}
        role="status"
        css={css`
          min-height: 1.5em;
          margin-top: 8px;
          font-size: 0.9375rem;
          color: ${feedback?.kind === 'error' ? '#fecaca' : '#86efac'};
        `}
      >
        {feedback?.text}
      </p>
    </form>
  )
}
