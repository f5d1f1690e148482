import { useSearch } from 'wouter'
import { AuthPage } from '../../features/auth/components/auth-page'
import { ResetPasswordView } from '../../features/auth/components/reset-password-view'

/** The link in the password-reset email lands here with `?token=`; loaded lazily like the verification page. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <AuthPage title="Password reset">
      <ResetPasswordView token={token} />
    </AuthPage>
  )
}
