/** Hands text or bytes to the browser as a downloaded file (an object URL on a temporary link). */
export function saveText(fileName: string, text: string | Uint8Array, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text as BlobPart], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the link; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The one file-name rule, for the app's downloads too. */
export { safeFileName } from '../../model/export/file-name.ts'
