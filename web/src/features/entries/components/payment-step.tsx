import { css, useTheme } from '@emotion/react'
import type { CardDetails, PaymentIntentDetails } from '@prizes/domain'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { formatPrice } from '../../../lib/format'
import type { EntryTarget } from '../../../stores/ui-store'
import { usePaymentConfig } from '../api/get-payment-config'
import { StripePayment } from './stripe-payment'
import { TestCardForm } from './test-card-form'
import type { Authorizer } from './use-entry-flow'

interface PaymentStepProps {
  readonly competition: EntryTarget
  readonly numberOfEntries: number
  readonly intent: PaymentIntentDetails
  readonly paying: boolean
  readonly error: string | null
  readonly authorizer: { current: Authorizer | null }
  readonly onPay: (card: CardDetails | null) => void
  readonly onBack: () => void
}

/** Step 2 (SPEC section 2): the order summary, then the active provider's card form. */
export function PaymentStep({
  competition,
  numberOfEntries,
  intent,
  paying,
  error,
  authorizer,
  onPay,
  onBack,
}: PaymentStepProps) {
  const config = usePaymentConfig()
  return (
    <div
      css={css`
        display: grid;
        gap: 20px;
      `}
    >
      <OrderSummary competition={competition} numberOfEntries={numberOfEntries} amountPence={intent.amount} />
      {error && <Alert tone="error">{error}</Alert>}
      {config.isPending ? (
        <p role="status">Loading the payment form…</p>
      ) : config.data === undefined ? (
        <Alert
          tone="error"
          action={
            <Button type="button" size="sm" variant="outline" onClick={() => config.refetch()}>
              Try again
            </Button>
          }
        >
          We could not load the payment form.
        </Alert>
      ) : config.data.provider === 'stripe' && config.data.publishableKey ? (
        <StripePayment
          publishableKey={config.data.publishableKey}
          clientSecret={intent.clientSecret}
          amountPence={intent.amount}
          paying={paying}
          authorizer={authorizer}
          onPay={() => onPay(null)}
          onBack={onBack}
        />
      ) : (
        <TestCardForm
          amountPence={intent.amount}
          paying={paying}
          authorizer={authorizer}
          onPay={onPay}
          onBack={onBack}
        />
      )}
    </div>
  )
}

function OrderSummary({
  competition,
  numberOfEntries,
  amountPence,
}: {
  readonly competition: EntryTarget
  readonly numberOfEntries: number
  readonly amountPence: number
}) {
  const theme = useTheme()
  const row = css`
    display: flex;
    justify-content: space-between;
    gap: 12px;
  `
  return (
    <section
      aria-label="Order summary"
      css={css`
        display: grid;
        gap: 8px;
        padding: 16px;
        border-radius: ${theme.radius.md};
        background: ${theme.palette.background.muted};
        color: ${theme.palette.text.primary};
      `}
    >
      <h3
        css={css`
          font-size: 1rem;
        `}
      >
        Order summary
      </h3>
      <div css={row}>
        <span>{competition.title}</span>
      </div>
      <div css={row}>
        <span>
          {numberOfEntries} {numberOfEntries === 1 ? 'entry' : 'entries'} × {formatPrice(competition.price)}
        </span>
      </div>
      <div
        css={[
          row,
          css`
            padding-top: 8px;
            border-top: 1px solid ${theme.palette.border};
            font-weight: 700;
          `,
        ]}
      >
        <span>Total</span>
        <span data-testid="order-total">{formatPrice(amountPence / 100)}</span>
      </div>
    </section>
  )
}
