import { css } from '@emotion/react'
import { authMessages } from '@prizes/contracts'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { Button } from '../../../components/button'
import { messageOf } from '../../../lib/server-message'
import { showSnackbar } from '../../../stores/ui-store'
import { useResetPassword } from '../api/reset-password'
import { useVerifyResetToken } from '../api/verify-reset-token'
import { isLinkProblem } from '../model/errors'
import { authFallbacks } from '../model/messages'
import { resetPasswordCopy, type SetPasswordCopy } from '../model/set-password-copy'
import { ResetPasswordForm } from './reset-password-form'
import { StatusPanel } from './status-panel'
import { useOpenLogin } from './use-open-login'

interface ResetPasswordViewProps {
  readonly token: string | null
  readonly copy?: SetPasswordCopy
}

/** SPEC section 2 "Password-reset page": verifying, invalid or expired, the form, success. */
export function ResetPasswordView({ token, copy = resetPasswordCopy }: ResetPasswordViewProps) {
  return token ? (
    <Reset token={token} copy={copy} />
  ) : (
    <InvalidLink detail={authMessages.noResetToken} copy={copy} />
  )
}

function Reset({ token, copy }: { readonly token: string; readonly copy: SetPasswordCopy }) {
  const owner = useVerifyResetToken(token)
  const reset = useResetPassword()
  const openLogin = useOpenLogin()
  const done = reset.data?.message

  useEffect(() => {
    if (done) showSnackbar(done, { severity: 'success' })
  }, [done])

  if (owner.isPending) return <StatusPanel tone="busy" title={copy.checking} />
  if (owner.isError) {
    return isLinkProblem(owner.error) ? (
      <InvalidLink detail={messageOf(owner.error, copy.invalidTitle)} copy={copy} />
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
        <StatusPanel tone="success" title={copy.doneTitle}>
          <p>{copy.doneText}</p>
        </StatusPanel>
        <Button type="button" size="lg" onClick={() => openLogin(owner.data.email)}>
          Go to Login
        </Button>
      </>
    )
  }
  return (
    <ResetPasswordForm
      copy={copy}
      owner={owner.data}
      pending={reset.isPending}
      failure={reset.isError ? messageOf(reset.error, authFallbacks.resetFailed) : null}
      onSubmit={(values) => reset.mutate({ token, ...values })}
    />
  )
}

function InvalidLink({ detail, copy }: { readonly detail: string; readonly copy: SetPasswordCopy }) {
  const [, navigate] = useLocation()
  // The server words every dead link as a reset link; a guest's page says it in its own words.
  const shown = detail === authMessages.invalidResetLink ? copy.invalidTitle : detail
  return (
    <>
      <StatusPanel tone="error" title={copy.invalidTitle}>
        {shown !== copy.invalidTitle && <p>{shown}</p>}
        <p
          css={css`
            margin-top: 8px;
          `}
        >
          {copy.invalidHint}
        </p>
      </StatusPanel>
      <Button type="button" size="lg" onClick={() => navigate('/?forgot-password=true')}>
        Request a New Link
      </Button>
    </>
  )
}
