import { css } from '@emotion/react'
import { authMessages } from '@prizes/contracts'
import { useEffect } from 'react'
import { Button } from '../../../components/button'
import { showSnackbar } from '../../../stores/ui-store'
import { useVerifyEmail } from '../api/verify-email'
import { verificationFailureMessage } from '../model/errors'
import { ResendVerificationForm } from './resend-verification-form'
import { StatusPanel } from './status-panel'
import { useOpenLogin } from './use-open-login'

/** SPEC section 2 "Email-verification page": verifying, success (or already verified), failure. */
export function VerifyEmailView({ token }: { readonly token: string | null }) {
  return token ? <Verification token={token} /> : <Failure message={authMessages.noVerificationToken} />
}

function Verification({ token }: { readonly token: string }) {
  const verification = useVerifyEmail(token)
  const message = verification.data?.message

  useEffect(() => {
    if (message) showSnackbar(message, { severity: 'success' })
  }, [message])

  if (verification.isPending) {
    return <StatusPanel tone="busy" title="Verifying your email…" />
  }
  if (verification.isError) {
    return <Failure message={verificationFailureMessage(verification.error)} />
  }
  return verification.data.alreadyVerified ? (
    <Success title="Email already verified">
      Your email address was verified before. You can log in to your account.
    </Success>
  ) : (
    <Success title="Email verified!">{verification.data.message}</Success>
  )
}

function Success({ title, children }: { readonly title: string; readonly children: string }) {
  const openLogin = useOpenLogin()
  return (
    <>
      <StatusPanel tone="success" title={title}>
        <p>{children}</p>
      </StatusPanel>
      <Button type="button" size="lg" fullWidth onClick={() => openLogin()}>
        Go to Login
      </Button>
    </>
  )
}

function Failure({ message }: { readonly message: string }) {
  const openLogin = useOpenLogin()
  return (
    <>
      <StatusPanel tone="error" title="Verification failed">
        <p>{message}</p>
      </StatusPanel>
      <ResendVerificationForm />
      <div
        css={css`
          display: grid;
        `}
      >
        <Button type="button" variant="ghost" onClick={() => openLogin()}>
          Back to Login
        </Button>
      </div>
    </>
  )
}
