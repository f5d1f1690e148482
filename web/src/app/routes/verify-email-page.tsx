import { useSearch } from 'wouter'
import { AuthPage } from '../../features/auth/components/auth-page'
import { VerifyEmailView } from '../../features/auth/components/verify-email-view'

/** The link in the verification email lands here with `?token=`; loaded lazily, the home page does not pay for it. */
export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <AuthPage title="Email verification">
      <VerifyEmailView token={token} />
    </AuthPage>
  )
}
