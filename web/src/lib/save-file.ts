/**
 * Saves a file the browser holds. The link is put beside `from` inside its open dialog, since
 * the page behind a modal dialog is inert and a click there would do nothing.
 */
export function saveFile(blob: Blob, fileName: string, from: HTMLElement): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  ;(from.closest('dialog') ?? document.body).append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}
