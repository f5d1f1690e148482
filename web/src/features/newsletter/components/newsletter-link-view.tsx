import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ApiError, clientErrorMessages } from '../../../lib/api-client'
import { confirmNewsletter, unsubscribeFromNewsletter } from '../api/subscribe'
import { newsletterMessages } from '../newsletter'

type Action = 'confirm' | 'unsubscribe'

/** Both calls are idempotent on the server; still, one call per token, never repeated in the background. */
function useNewsletterLink(action: Action, token: string) {
  return useQuery({
    queryKey: ['newsletter', action, token],
    queryFn: () => (action === 'confirm' ? confirmNewsletter(token) : unsubscribeFromNewsletter(token)),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 429)) {
    return error.message
  }
  return error instanceof ApiError && error.status === 0
    ? clientErrorMessages.network
    : newsletterMessages.failure
}

export interface LinkViewParts {
  readonly busy: (title: string) => ReactNode
  readonly done: (title: string, message: string) => ReactNode
  readonly failed: (title: string, message: string) => ReactNode
}

/** The page a newsletter email's link opens: it confirms or unsubscribes at once and says how it went. */
export function NewsletterLinkView({
  action,
  token,
  parts,
}: {
  readonly action: Action
  readonly token: string | null
  readonly parts: LinkViewParts
}) {
  const failedTitle = action === 'confirm' ? 'Confirmation failed' : 'Unsubscribe failed'
  if (!token) return parts.failed(failedTitle, newsletterMessages.noToken)
  return <Link action={action} token={token} parts={parts} failedTitle={failedTitle} />
}

function Link({
  action,
  token,
  parts,
  failedTitle,
}: {
  readonly action: Action
  readonly token: string
  readonly parts: LinkViewParts
  readonly failedTitle: string
}) {
  const result = useNewsletterLink(action, token)
  if (result.isPending) {
    return parts.busy(action === 'confirm' ? 'Confirming your subscription…' : 'Unsubscribing…')
  }
  if (result.isError) return parts.failed(failedTitle, failureMessage(result.error))
  const title = action === 'confirm' ? 'Subscription confirmed' : 'Unsubscribed'
  return parts.done(title, result.data.message)
}
