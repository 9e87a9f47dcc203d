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

/** A file name without characters file systems refuse. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').trim() || 'export'
}
