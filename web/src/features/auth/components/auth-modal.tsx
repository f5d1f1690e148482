import { css, useTheme } from '@emotion/react'
import { useSnapshot } from 'valtio'
import { TextButton } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { Tabs } from '../../../components/tabs'
import { closeOverlay, openOverlay, uiStore } from '../../../stores/ui-store'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'
import { SocialSignIn } from './social-sign-in'

type Intent = 'sign-in' | 'sign-up'

/** SPEC section 2: the auth modal with Login and Sign Up tabs. The open tab lives in the overlay. */
export function AuthModal() {
  const theme = useTheme()
  const { overlay } = useSnapshot(uiStore)
  const open = overlay?.kind === 'accounts'
  const intent: Intent = open ? overlay.intent : 'sign-in'
  const email = open ? overlay.email : undefined
  // The email stays with the overlay so switching tabs keeps what was typed in both forms.
  const select = (next: Intent) =>
    openOverlay(
      email === undefined ? { kind: 'accounts', intent: next } : { kind: 'accounts', intent: next, email },
    )

  return (
    <Dialog
      open={open}
      onClose={closeOverlay}
      title={intent === 'sign-in' ? 'Welcome back' : 'Create your account'}
      size="md"
    >
      <Tabs
        label="Account"
        selected={intent}
        onSelect={select}
        tabs={[
          {
            id: 'sign-in',
            label: 'Login',
            // A new key when the email changes, so a just-registered address fills a fresh form.
            panel: <LoginForm key={email ?? ''} initialEmail={email} />,
          },
          {
            id: 'sign-up',
            label: 'Sign Up',
            panel: (
              <RegisterForm
                onRegistered={(registered) =>
                  openOverlay({ kind: 'accounts', intent: 'sign-in', email: registered })
                }
              />
            ),
          },
        ]}
      />
      <SocialSignIn />
      <p
        css={css`
          margin-top: 20px;
          text-align: center;
          font-size: 0.9375rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        {intent === 'sign-in' ? 'New here? ' : 'Already have an account? '}
        <TextButton type="button" onClick={() => select(intent === 'sign-in' ? 'sign-up' : 'sign-in')}>
          {intent === 'sign-in' ? 'Create an account' : 'Log in'}
        </TextButton>
      </p>
    </Dialog>
  )
}
