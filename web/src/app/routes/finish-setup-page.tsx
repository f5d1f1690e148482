import { useSearch } from 'wouter'
import { AuthPage } from '../../features/auth/components/auth-page'
import { ResetPasswordView } from '../../features/auth/components/reset-password-view'
import { finishSetupCopy } from '../../features/auth/model/set-password-copy'

/**
 * The guest invitation's "Finish setting up" link lands here with `?token=` (a reset token):
 * the reset page's steps, in a guest's words. Choosing the password verifies the email and ends
 * every earlier session, so a password someone else chose at entry time stops working.
 */
export default function FinishSetupPage() {
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <AuthPage title="Finish setting up">
      <ResetPasswordView token={token} copy={finishSetupCopy} />
    </AuthPage>
  )
}
