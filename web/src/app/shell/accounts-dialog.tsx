import { useSnapshot } from 'valtio'
import { Button } from '../../components/button'
import { Dialog } from '../../components/dialog'
import { closeOverlay, uiStore } from '../../stores/ui-store'

/** Stands in for the sign-in and sign-up modal until accounts ship; it says so plainly. */
export function AccountsDialog() {
  const { overlay } = useSnapshot(uiStore)
  const open = overlay?.kind === 'accounts'
  const signUp = open && overlay.intent === 'sign-up'
  return (
    <Dialog
      open={open}
      onClose={closeOverlay}
      title={signUp ? 'Sign up is coming soon' : 'Sign in is coming soon'}
      actions={
        <Button type="button" onClick={closeOverlay}>
          OK
        </Button>
      }
    >
      <p>
        Accounts open in our next release. You will be able to {signUp ? 'create an account' : 'sign in'},
        follow your entries and manage your details here. Until then you can browse every live competition.
      </p>
    </Dialog>
  )
}
