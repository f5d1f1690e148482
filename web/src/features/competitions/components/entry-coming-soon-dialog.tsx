import { useSnapshot } from 'valtio'
import { Button } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { closeOverlay, uiStore } from '../../../stores/ui-store'

/** Stands in for the entry modal until online entry ships; it says so plainly. */
export function EntryComingSoonDialog() {
  const { overlay } = useSnapshot(uiStore)
  const open = overlay?.kind === 'entry'
  return (
    <Dialog
      open={open}
      onClose={closeOverlay}
      title="Online entry opens soon"
      actions={
        <Button type="button" onClick={closeOverlay}>
          OK
        </Button>
      }
    >
      <p>
        {open ? `Entries for “${overlay.competitionTitle}” ` : 'Entries '}
        open in our next release. You will answer the skill question, choose 1 to 10 entries and pay by card
        here. No payment has been taken.
      </p>
    </Dialog>
  )
}
