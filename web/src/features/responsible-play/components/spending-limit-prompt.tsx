import { css } from '@emotion/react'
import { responsiblePlayMessages } from '@prizes/contracts'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { useSkipSpendingLimit } from '../api/skip-spending-limit'
import { SpendingLimitForm } from './spending-limit-form'

interface SpendingLimitPromptProps {
  readonly prompt: 'sign-up' | 'first-purchase'
  /** Told once the answer is recorded: a limit set, or none. */
  readonly onAnswered?: (answer: 'set' | 'skip') => void
}

/**
 * Asked once, before a first purchase (and at sign-up): set a monthly spending limit, or go on
 * without one. Either answer is recorded, so the question is not asked again. Before a purchase
 * the entry form (or, for an account made in the entry flow, the payment) waits for the answer.
 */
export function SpendingLimitPrompt({ prompt, onAnswered }: SpendingLimitPromptProps) {
  const skip = useSkipSpendingLimit()
  return (
    <section
      aria-labelledby="limit-prompt-heading"
      css={css`
        display: grid;
        gap: 12px;
      `}
    >
      <h3
        id="limit-prompt-heading"
        css={css`
          margin: 0;
          font-size: 1.05rem;
        `}
      >
        Set a monthly spending limit?
      </h3>
      {prompt === 'first-purchase' && (
        <p
          css={css`
            margin: 0;
            font-weight: 600;
          `}
        >
          {responsiblePlayMessages.askBeforeFirstEntry}
        </p>
      )}
      <p
        css={css`
          margin: 0;
        `}
      >
        A limit caps what you can spend on entries each calendar month. You can change it at any time in
        Account Settings: a lower limit applies at once, a higher one after 24 hours.
      </p>
      {skip.isError && <Alert tone="error">That did not work. Please try again.</Alert>}
      <SpendingLimitForm prompt={prompt} limitPence={null} onSaved={() => onAnswered?.('set')} />
      <div
        css={css`
          display: flex;
          justify-content: flex-end;
        `}
      >
        <Button
          type="button"
          variant="ghost"
          disabled={skip.isPending}
          onClick={() => skip.mutate(prompt, { onSuccess: () => onAnswered?.('skip') })}
        >
          No limit for now
        </Button>
      </div>
    </section>
  )
}
