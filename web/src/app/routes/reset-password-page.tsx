import { useSearch } from 'wouter'
import { ContentPage } from '../../components/content-page'

/** The link in the password-reset email lands here; choosing a new password ships with accounts. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <ContentPage title="Reset your password">
      {token ? (
        <p>
          Accounts open in our next release. From then, this page will check your reset link and let you
          choose a new password.
        </p>
      ) : (
        <p role="alert">No reset token provided. Please use the link from your password-reset email.</p>
      )}
    </ContentPage>
  )
}
