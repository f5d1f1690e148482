import { entryFlowMessages } from '@prizes/domain'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
// The pure entry adds Stripe's script only when loadStripe is called, not on import.
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { type FormEvent, useEffect, useState } from 'react'
import { FormStack } from '../../../components/form-field'
import { outcomeOfStripeStatus, returnUrl } from '../model/pending-payment'
import { PaymentActions } from './payment-actions'
import type { Authorizer } from './use-entry-flow'

interface StripePaymentProps {
  readonly publishableKey: string
  readonly clientSecret: string
  readonly amountPence: number
  readonly paying: boolean
  readonly authorizer: { current: Authorizer | null }
  readonly onPay: () => void
  readonly onBack: () => void
}

/** Stripe.js is fetched from Stripe's CDN once per key, the first time someone pays. */
const stripes = new Map<string, Promise<Stripe | null>>()
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey)
  if (!stripe) {
    stripe = loadStripe(publishableKey)
    stripes.set(publishableKey, stripe)
  }
  return stripe
}

/**
 * Stripe's PaymentElement for the intent; Pay is enabled once the element is ready. Its own
 * chunk, loaded by the payment step only when Stripe is the provider.
 */
export default function StripePayment({ publishableKey, clientSecret, ...rest }: StripePaymentProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <StripeForm {...rest} />
    </Elements>
  )
}

function StripeForm({
  amountPence,
  paying,
  authorizer,
  onPay,
  onBack,
}: Omit<StripePaymentProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe()
  const elements = useElements()
  const [ready, setReady] = useState(false)

  useEffect(() => {
    if (!stripe || !elements) return
    authorizer.current = async () => {
      // Authentication (3-D Secure) runs inside Stripe's own dialog; a redirect only when the
      // method needs one, and then the flow kept in sessionStorage resumes on the way back.
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl() },
      })
      if (error) return { status: 'declined', message: error.message ?? entryFlowMessages.paymentFailed }
      return outcomeOfStripeStatus(paymentIntent.status)
    }
    return () => {
      authorizer.current = null
    }
  }, [stripe, elements, authorizer])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (ready && !paying) onPay()
  }

  return (
    <FormStack noValidate onSubmit={submit} aria-label="Card details">
      <PaymentElement onReady={() => setReady(true)} />
      <PaymentActions
        amountPence={amountPence}
        canPay={ready && stripe !== null}
        paying={paying}
        onBack={onBack}
      />
    </FormStack>
  )
}
