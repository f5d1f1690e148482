import { Button } from '../../../components/button'
import { Dialog } from '../../../components/dialog'

interface AuthenticationDialogProps {
  readonly onComplete: () => void
  readonly onFail: () => void
}

/**
 * Stands in for the bank's 3-D Secure page in test mode: Stripe's authentication card asks the
 * entrant to approve the payment before it goes through.
 */
export function AuthenticationDialog({ onComplete, onFail }: AuthenticationDialogProps) {
  return (
    <Dialog
      open
      onClose={onFail}
      title="Authenticate this test payment"
      actions={
        <>
          <Button type="button" variant="outline" onClick={onFail}>
            Fail
          </Button>
          <Button type="button" onClick={onComplete} data-autofocus>
            Complete
          </Button>
        </>
      }
    >
      <p>
        TEST MODE: your bank would now ask you to confirm this payment. Complete approves it as the bank
        would; Fail refuses it.
      </p>
    </Dialog>
  )
}
