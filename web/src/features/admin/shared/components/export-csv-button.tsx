import type { MouseEvent } from 'react'
import { Button } from '../../../../components/button'
import { saveFile } from '../../../../lib/save-file'
import { showSnackbar } from '../../../../stores/ui-store'

/** Export CSV: downloads the file the server makes and saves it; a failure says so in a snackbar. */
export function ExportCsvButton({
  pending,
  download,
  fileName,
  failure,
}: {
  /** The download is on its way: the button says Exporting… and waits. */
  readonly pending: boolean
  readonly download: () => Promise<Blob>
  readonly fileName: () => string
  /** The snackbar's words for a failed export. */
  readonly failure: (error: unknown) => string
}) {
  async function exportCsv(event: MouseEvent<HTMLButtonElement>) {
    const from = event.currentTarget
    try {
      saveFile(await download(), fileName(), from)
    } catch (error) {
      console.error('Export failed', error)
      showSnackbar(failure(error), { severity: 'error' })
    }
  }
  return (
    <Button type="button" variant="outline" onClick={(event) => void exportCsv(event)} disabled={pending}>
      {pending ? 'Exporting…' : 'Export CSV'}
    </Button>
  )
}
