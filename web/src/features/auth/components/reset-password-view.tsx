import { css } from '@emotion/react'
import { authMessages } from '@prizes/contracts'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { Button } from '../../../components/button'
import { showSnackbar } from '../../../stores/ui-store'
import { useResetPassword } from '../api/reset-password'
import { useVerifyResetToken } from '../api/verify-reset-token'
import { isLinkProblem, messageOf } from '../model/errors'
import { authFallbacks } from '../model/messages'
import { ResetPasswordForm } from './reset-password-form'
import { StatusPanel } from './status-panel'
import { useOpenLogin } from './use-open-login'

/** SPEC section 2 "Password-reset page": verifying, invalid or expired, the form, success. */
export function ResetPasswordView({ token }: { readonly token: string | null }) {
  return token ? <Reset token={token} /> : <InvalidLink detail={authMessages.noResetToken} />
}

function Reset({ token }: { readonly token: string }) {
  const owner = useVerifyResetToken(token)
  const reset = useResetPassword()
  const openLogin = useOpenLogin()
  const done = reset.data?.message

  useEffect(() => {
    if (done) showSnackbar(done, { severity: 'success' })
  }, [done])

  if (owner.isPending) return <StatusPanel tone="busy" title="Checking your reset link…" />
  if (owner.isError) {
    return isLinkProblem(owner.error) ? (
      <InvalidLink detail={messageOf(owner.error, authMessages.invalidResetLink)} />
    ) : (
      <>
        <StatusPanel tone="error" title="We could not check your link">
          <p>{owner.error.message}</p>
        </StatusPanel>
        <Button type="button" size="lg" onClick={() => owner.refetch()}>
          Try again
        </Button>
      </>
    )
  }
  if (reset.isSuccess) {
    return (
      <>
        <StatusPanel tone="success" title="Your password has been reset">
          <p>Your new password is set. Log in with it to carry on.</p>
        </StatusPanel>
        <Button type="button" size="lg" onClick={() => openLogin(owner.data.email)}>
          Go to Login
        </Button>
      </>
    )
  }
  return (
    <ResetPasswordForm
      owner={owner.data}
      pending={reset.isPending}
      failure={reset.isError ? messageOf(reset.error, authFallbacks.resetFailed) : null}
      onSubmit={(values) => reset.mutate({ token, ...values })}
    />
  )
}

function InvalidLink({ detail }: { readonly detail: string }) {
  const [, navigate] = useLocation()
  return (
    <>
      <StatusPanel tone="error" title={authMessages.invalidResetLink}>
        {detail !== authMessages.invalidResetLink && <p>{detail}</p>}
        <p
          css={css`
            margin-top: 8px;
          `}
        >
          Reset links work once and for one hour. Ask for a new one and we will email it to you.
        </p>
      </StatusPanel>
      <Button type="button" size="lg" onClick={() => navigate('/?forgot-password=true')}>
        Request a New Link
      </Button>
    </>
  )
}
