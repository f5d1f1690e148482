import { css, useTheme } from '@emotion/react'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/button'
import { ApiError } from '../../../lib/api-client'
import { showSnackbar } from '../../../stores/ui-store'
import { subscribeToNewsletter } from '../api/subscribe'
import { newsletterMessages, validateNewsletterEmail } from '../newsletter'

/** The input "Get Notified" focuses. */
export const newsletterEmailInputId = 'newsletter-email'

/** SPEC section 9: the newsletter's snackbar shows for 4 s. */
const snackbarMs = 4000

type Feedback = { kind: 'error' | 'success'; text: string } | null

/** Drawn on a dark band (the footer, the home page's newsletter section); each gives its input an id of its own. */
export function NewsletterForm({
  inputId = newsletterEmailInputId,
  label = 'Newsletter sign-up',
}: {
  readonly inputId?: string
  readonly label?: string
}) {
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
      const { message } = await subscribeToNewsletter(email.trim())
      setEmail('')
      setFeedback({ kind: 'success', text: message })
      showSnackbar(newsletterMessages.success, { severity: 'success', durationMs: snackbarMs })
    } catch (error) {
      // A refusal the server explains (too many tries, a bad address) is shown as it says.
      const text =
        error instanceof ApiError && (error.status === 400 || error.status === 429)
          ? error.message
          : newsletterMessages.failure
      setFeedback({ kind: 'error', text })
    } finally {
      setSending(false)
    }
  }

  const invalid = feedback?.kind === 'error'

  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <label
        htmlFor={inputId}
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
          id={inputId}
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
