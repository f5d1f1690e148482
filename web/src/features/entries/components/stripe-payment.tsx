import { entryFlowMessages } from '@prizes/domain'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { type FormEvent, useEffect, useState } from 'react'
import { FormStack } from '../../../components/form-field'
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

/** Stripe's PaymentElement for the intent; Pay is enabled once the element is ready. */
export function StripePayment({ publishableKey, clientSecret, ...rest }: StripePaymentProps) {
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
      // Authentication (3-D Secure) runs inside Stripe's own dialog; a redirect only when the method needs one.
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      })
      if (error) return { status: 'declined', message: error.message ?? entryFlowMessages.paymentFailed }
      if (paymentIntent.status === 'succeeded') return { status: 'succeeded', message: '' }
      return { status: 'declined', message: entryFlowMessages.paymentFailed }
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
