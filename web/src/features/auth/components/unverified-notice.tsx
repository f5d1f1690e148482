import { authMessages } from '@prizes/contracts'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { messageOf } from '../../../lib/server-message'
import { showSnackbar } from '../../../stores/ui-store'
import { useResendVerification } from '../api/resend-verification'
import { authFallbacks } from '../model/messages'

/** SPEC section 8: login refused until the email is verified, with an offer to send the link again. */
export function UnverifiedNotice({ email }: { readonly email: string }) {
  const resend = useResendVerification()
  return (
    <Alert
      tone="warning"
      action={
        resend.isSuccess ? (
          <p>{resend.data.message}</p>
        ) : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { email },
                {
                  onSuccess: (body) => showSnackbar(body.message, { severity: 'success' }),
                  onError: (error) =>
                    showSnackbar(messageOf(error, authFallbacks.resendFailed), { severity: 'error' }),
                },
              )
            }
          >
            {resend.isPending ? 'Sending…' : 'Resend verification email'}
          </Button>
        )
      }
    >
      {authMessages.verifyBeforeLogin}
    </Alert>
  )
}
