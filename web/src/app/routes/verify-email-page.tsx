import { useSearch } from 'wouter'
import { ContentPage } from '../../components/content-page'

/** The link in the verification email lands here; the verification itself ships with accounts. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <ContentPage title="Verify your email">
      {token ? (
        <p>
          Thanks for following your verification link. Accounts open in our next release; this page will then
          confirm your email address straight away.
        </p>
      ) : (
        <p role="alert">No verification token provided. Please use the link from your verification email.</p>
      )}
    </ContentPage>
  )
}
