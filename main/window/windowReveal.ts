/**
 * The window opens hidden and is shown at its first paint (`ready-to-show`), so the clerk never sees a
 * blank frame. A page that dies or fails before that paint would leave an app with no window at all,
 * running in the background: so a failure before the first paint shows the window at once (the recovery's
 * dialog then has a visible parent), and if nothing has been painted after START_UP_LIMIT_MS the window
 * is shown anyway and the wait logged.
 */
export const START_UP_LIMIT_MS = 15_000

export function createWindowReveal(deps: {
  show: () => void
  log: (message: string) => void
  setTimer?: (run: () => void, ms: number) => () => void
}) {
  const setTimer =
    deps.setTimer ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms)
      return () => clearTimeout(timer)
    })
  let shown = false
  const reveal = (why: string | null) => {
    if (shown) return
    shown = true
    cancel()
    if (why) deps.log(`Showing the window before its first paint: ${why}`)
    deps.show()
  }
  const cancel = setTimer(() => reveal(`nothing was painted within ${START_UP_LIMIT_MS / 1000} s of start`), START_UP_LIMIT_MS)
  return {
    firstPaint: () => reveal(null),
    pageFailed: (cause: string) => reveal(`the page failed (${cause})`),
    dispose: () => cancel()
  }
}
