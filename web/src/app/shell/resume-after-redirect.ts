import { useEffect } from 'react'
import { openOverlay } from '../../stores/ui-store'

/**
 * Back from the bank's page (Stripe's redirect, or the offline test bank): the entry modal
 * reopens on the payment kept before the redirect, confirming it; the return parameters leave
 * the address either way. The check is tiny; the code that reads the kept payment loads only
 * when the address carries a return.
 */
export function useResumeAfterRedirect() {
  useEffect(() => {
    const url = new URL(window.location.href)
    if (!url.searchParams.has('payment_intent')) return
    let live = true
    void import('../../features/entries/model/pending-payment').then(
      ({ resumableFrom, withoutReturnParams }) => {
        if (!live) return
        const pending = resumableFrom(url, sessionStorage, Date.now())
        window.history.replaceState(window.history.state, '', withoutReturnParams(url))
        if (!pending) return
        const { competition, submission, intent } = pending
        openOverlay({ kind: 'entry', competition, resume: { submission, intent } })
      },
    )
    return () => {
      live = false
    }
  }, [])
}
