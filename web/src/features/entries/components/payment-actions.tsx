import { css, useTheme } from '@emotion/react'
import { entryMessages } from '@prizes/contracts'
import { Button } from '../../../components/button'
import { formatPrice } from '../../../lib/format'

interface PaymentActionsProps {
  readonly amountPence: number
  readonly canPay: boolean
  readonly paying: boolean
  readonly onBack: () => void
}

/**
 * Back and Pay, under whichever card form the provider uses; Pay submits that form. The skill
 * question's rule stands right above Pay (issue 24), where the money is committed.
 */
export function PaymentActions({ amountPence, canPay, paying, onBack }: PaymentActionsProps) {
  const theme = useTheme()
  return (
    <>
      <p
        data-testid="pay-rule"
        css={css`
          margin: 0;
          font-size: 0.875rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        {entryMessages.answerRuleAtPay}
      </p>
      <div
        css={css`
        display: flex;
        flex-wrap: wrap-reverse;
        justify-content: space-between;
        gap: 12px;
        & > * {
          flex: 1 1 140px;
        }
      `}
      >
        <Button type="button" variant="outline" size="lg" onClick={onBack} disabled={paying}>
          Back
        </Button>
        <Button type="submit" size="lg" disabled={!canPay || paying}>
          {paying ? 'Processing…' : `Pay ${formatPrice(amountPence / 100)}`}
        </Button>
      </div>
    </>
  )
}
