import { css, useTheme } from '@emotion/react'
import type { CardDetails, PaymentIntentDetails } from '@prizes/domain'
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react'
import { usePaymentConfig } from '../../../api/get-payment-config'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { formatPrice } from '../../../lib/format'
import type { EntryTarget } from '../../../stores/ui-store'
import { TestCardForm } from './test-card-form'
import type { Authorizer } from './use-entry-flow'

/**
 * Stripe.js and Stripe's element load with the payment step, and only when Stripe is the
 * provider: in TEST MODE nothing is fetched from Stripe.
 */
const StripePayment = lazy(() => import('./stripe-payment'))

/**
 * Where the payment is. `ready` and `authorizing` show the card form; after the provider took
 * the card the form is gone for good (no second Pay, no Back): the entry is confirming, the
 * payment processing, confirming failed (Try again), the card refused over the credit card limit
 * (Pay with another card, or Start again), or the entry stopped (Start again).
 */
export type PaymentPhase =
  | 'ready'
  | 'authorizing'
  | 'confirming'
  | 'processing'
  | 'confirmFailed'
  | 'cardRefused'
  | 'stopped'

interface PaymentStepProps {
  readonly competition: EntryTarget
  readonly numberOfEntries: number
  readonly intent: PaymentIntentDetails
  readonly phase: PaymentPhase
  /** Confirming a payment authorised before a redirect (the bank's page) brought the entrant back. */
  readonly resumed: boolean
  readonly error: string | null
  readonly authorizer: { current: Authorizer | null }
  readonly onPay: (card: CardDetails | null) => void
  readonly onBack: () => void
  readonly onRetryConfirm: () => void
  readonly onRestart: () => void
  /** After the credit card limit refused the card: a new payment, to pay with another card. */
  readonly onAnotherCard: () => void
}

/** Step 2 (SPEC section 2): the order summary, then the active provider's card form. */
export function PaymentStep({
  competition,
  numberOfEntries,
  intent,
  phase,
  resumed,
  error,
  authorizer,
  onPay,
  onBack,
  onRetryConfirm,
  onRestart,
  onAnotherCard,
}: PaymentStepProps) {
  const paying = phase === 'authorizing'
  const taken = phase !== 'ready' && phase !== 'authorizing'
  return (
    <div
      css={css`
        display: grid;
        gap: 20px;
      `}
    >
      <OrderSummary competition={competition} numberOfEntries={numberOfEntries} amountPence={intent.amount} />
      {taken ? (
        <PaymentProgress
          phase={phase}
          resumed={resumed}
          error={error}
          onRetryConfirm={onRetryConfirm}
          onRestart={onRestart}
          onAnotherCard={onAnotherCard}
        />
      ) : (
        <>
          {error && <Alert tone="error">{error}</Alert>}
          <CardForm intent={intent} paying={paying} authorizer={authorizer} onPay={onPay} onBack={onBack} />
        </>
      )}
    </div>
  )
}

function CardForm({
  intent,
  paying,
  authorizer,
  onPay,
  onBack,
}: Pick<PaymentStepProps, 'intent' | 'authorizer' | 'onPay' | 'onBack'> & { readonly paying: boolean }) {
  const config = usePaymentConfig()
  const loadingForm = <p role="status">Loading the payment form…</p>
  return config.isPending ? (
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
    <Suspense fallback={loadingForm}>
      <StripePayment
        publishableKey={config.data.publishableKey}
        clientSecret={intent.clientSecret}
        amountPence={intent.amount}
        paying={paying}
        authorizer={authorizer}
        onPay={() => onPay(null)}
        onBack={onBack}
      />
    </Suspense>
  ) : config.data.provider === 'offline' ? (
    // Only the offline TEST MODE provider's form names test cards: never beside real payments.
    <TestCardForm
      amountPence={intent.amount}
      paying={paying}
      authorizer={authorizer}
      onPay={onPay}
      onBack={onBack}
    />
  ) : (
    <Alert tone="error">We could not load the payment form. Please try again later.</Alert>
  )
}

const progressText = {
  confirming: {
    title: 'Confirming your entry…',
    body: 'Your payment was received. Please keep this window open while we confirm your entry.',
  },
  resuming: {
    title: 'Finishing your payment…',
    body: 'Welcome back from your bank. Please keep this window open while we confirm your payment and your entry.',
  },
  processing: {
    title: 'Payment processing…',
    body: 'Your bank is still processing this payment. This usually takes a few seconds; please keep this window open. You will not be charged twice.',
  },
} as const

/** After the provider took the card: what is happening, and the one way on when something went wrong. */
function PaymentProgress({
  phase,
  resumed,
  error,
  onRetryConfirm,
  onRestart,
  onAnotherCard,
}: Pick<PaymentStepProps, 'phase' | 'resumed' | 'error' | 'onRetryConfirm' | 'onRestart' | 'onAnotherCard'>) {
  const theme = useTheme()
  const region = useRef<HTMLDivElement>(null)
  // The Pay button that had the focus is gone: keyboard and screen reader users land on the news.
  useEffect(() => {
    region.current?.focus()
  }, [])

  let content: ReactNode
  if (phase === 'confirmFailed') {
    content = (
      <Alert
        tone="error"
        action={
          <Button type="button" onClick={onRetryConfirm} data-autofocus>
            Try again
          </Button>
        }
      >
        <p>{error}</p>
        <p>
          Your payment was received, but we could not confirm your entry yet. Try again: you will not be
          charged again.
        </p>
      </Alert>
    )
  } else if (phase === 'cardRefused') {
    content = (
      <Alert
        tone="error"
        action={
          <div
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: 8px;
            `}
          >
            <Button type="button" onClick={onAnotherCard} data-autofocus>
              Pay with another card
            </Button>
            <Button type="button" variant="outline" onClick={onRestart}>
              Start again
            </Button>
          </div>
        }
      >
        <p>{error}</p>
        <p>Your card was not charged.</p>
      </Alert>
    )
  } else if (phase === 'stopped') {
    content = (
      <Alert
        tone="error"
        action={
          <Button type="button" variant="outline" onClick={onRestart}>
            Start again
          </Button>
        }
      >
        {error}
      </Alert>
    )
  } else {
    const text = progressText[phase === 'processing' ? 'processing' : resumed ? 'resuming' : 'confirming']
    content = (
      <div
        role="status"
        css={css`
          display: grid;
          gap: 6px;
          padding: 16px;
          border-radius: ${theme.radius.md};
          border: 1px solid ${theme.palette.border};
          color: ${theme.palette.text.primary};
        `}
      >
        <p
          css={css`
            font-weight: 700;
          `}
        >
          {text.title}
        </p>
        <p>{text.body}</p>
      </div>
    )
  }
  return (
    <div
      ref={region}
      tabIndex={-1}
      data-testid="payment-progress"
      css={css`
        &:focus {
          outline: none;
        }
      `}
    >
      {content}
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
