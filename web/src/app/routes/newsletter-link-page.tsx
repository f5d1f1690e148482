import { useSearch } from 'wouter'
import { ButtonLink } from '../../components/button'
import { AuthPage } from '../../features/auth/components/auth-page'
import { StatusPanel } from '../../features/auth/components/status-panel'
import {
  type LinkViewParts,
  NewsletterLinkView,
} from '../../features/newsletter/components/newsletter-link-view'

const parts: LinkViewParts = {
  busy: (title) => <StatusPanel tone="busy" title={title} />,
  done: (title, message) => (
    <>
      <StatusPanel tone="success" title={title} icon="mail">
        <p>{message}</p>
      </StatusPanel>
      <ButtonLink href="/#competitions" size="lg" fullWidth>
        See the live competitions
      </ButtonLink>
    </>
  ),
  failed: (title, message) => (
    <>
      <StatusPanel tone="error" title={title}>
        <p>{message}</p>
      </StatusPanel>
      <ButtonLink href="/#join-newsletter" variant="ghost" fullWidth>
        Back to the newsletter sign-up
      </ButtonLink>
    </>
  ),
}

/** `/newsletter/confirm?token=` and `/newsletter/unsubscribe?token=`: the newsletter emails' links; loaded lazily. */
export function NewsletterLinkPage({ action }: { readonly action: 'confirm' | 'unsubscribe' }) {
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <AuthPage title={action === 'confirm' ? 'Newsletter subscription' : 'Unsubscribe'}>
      <NewsletterLinkView action={action} token={token} parts={parts} />
    </AuthPage>
  )
}

export default function NewsletterConfirmPage() {
  return <NewsletterLinkPage action="confirm" />
}

export function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage action="unsubscribe" />
}
