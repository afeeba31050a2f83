/**
 * The file to open without asking: the one the clerk worked in last time if they may still open it,
 * or the only one they have. Null means "ask" (the file picker).
 */
export function chooseFileToOpen(fileIds: readonly number[], remembered: number | null): number | null {
  if (remembered !== null && fileIds.includes(remembered)) return remembered
  if (fileIds.length === 1) return fileIds[0] ?? null
  return null
}
