import { css, useTheme } from '@emotion/react'
import type { CardDetails } from '@prizes/domain'
import { type FormEvent, useCallback, useEffect } from 'react'
import { Chip } from '../../../components/chip'
import { FieldRow, FormStack, TextField } from '../../../components/form-field'
import { useForm } from '../../../lib/use-form'
import { confirmTestPayment } from '../api/confirm-test-payment'
import { emptyCard, formatCardNumber, formatCvc, formatExpiry, validateCard } from '../model/card-form'
import { serverMessages } from '../model/errors'
import { PaymentActions } from './payment-actions'
import type { Authorizer } from './use-entry-flow'

interface TestCardFormProps {
  readonly amountPence: number
  readonly paying: boolean
  readonly authorizer: { current: Authorizer | null }
  readonly onPay: (card: CardDetails) => void
  readonly onBack: () => void
}

/**
 * The offline provider's card form, clearly marked as a test: no real card is charged.
 * Stripe's test cards behave as they would with Stripe.
 */
export function TestCardForm({ amountPence, paying, authorizer, onPay, onBack }: TestCardFormProps) {
  const theme = useTheme()
  const form = useForm({ initial: emptyCard, validate: useCallback(validateCard, []) })

  useEffect(() => {
    authorizer.current = ({ intent, card, authentication }) => {
      if (!card) throw new Error('Enter your card details')
      const attempt = authentication === null ? card : { ...card, authentication }
      return serverMessages(() => confirmTestPayment(intent.paymentIntentId, attempt))
    }
    return () => {
      authorizer.current = null
    }
  }, [authorizer])

  function submit(event: FormEvent) {
    event.preventDefault()
    form.markSubmitted()
    if (form.valid && !paying) onPay(form.values)
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Card details">
      <div
        css={css`
          display: grid;
          gap: 8px;
          padding: 12px 14px;
          border: 2px dashed ${theme.palette.warning.main};
          border-radius: ${theme.radius.md};
          background: ${theme.palette.warning.soft};
          color: ${theme.palette.warning.text};
          font-size: 0.875rem;
        `}
      >
        <div>
          <Chip tone="warning" solid>
            TEST MODE
          </Chip>
        </div>
        <p>
          No real payment is taken. Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000
          0025 0000 3155 (asks for authentication), any future expiry and any CVC.
        </p>
        <p>
          4242 4242 4242 4242 is a credit card (credit card payments are limited to £250 a month); 4000 0566
          5566 5556 is a debit card (succeeds, no monthly limit).
        </p>
        <p>
          To try what a real bank does now and then: 4000 0000 0000 7700 (processing for a few seconds, then
          succeeds) or 4000 0000 0000 8807 (succeeds, then confirming the entry fails once and is retried).
        </p>
      </div>
      <TextField
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        data-autofocus
        value={form.values.cardNumber}
        onValueChange={(v) => form.set('cardNumber', formatCardNumber(v))}
        onBlur={() => form.touch('cardNumber')}
        error={form.errorOf('cardNumber')}
      />
      <FieldRow>
        <TextField
          label="Expiry (MM/YY)"
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={form.values.expiry}
          onValueChange={(v) => form.set('expiry', formatExpiry(v))}
          onBlur={() => form.touch('expiry')}
          error={form.errorOf('expiry')}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={form.values.cvc}
          onValueChange={(v) => form.set('cvc', formatCvc(v))}
          onBlur={() => form.touch('cvc')}
          error={form.errorOf('cvc')}
        />
      </FieldRow>
      <PaymentActions amountPence={amountPence} canPay={form.valid} paying={paying} onBack={onBack} />
    </FormStack>
  )
}
