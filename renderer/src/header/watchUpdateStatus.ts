import type { LeaveDeskApi, UpdateStatus } from '../../../shared/ipc'

/**
 * Keeps `onChange` told of main's update status: the first answer covers a window opened (or reloaded)
 * after the update was announced, and an event that arrives before that answer wins over it.
 */
export function watchUpdateStatus(
  api: Pick<LeaveDeskApi, 'getUpdateStatus' | 'onUpdateStatus'>,
  onChange: (status: UpdateStatus) => void
): () => void {
  let heard = false
  let current = true
  const stop = api.onUpdateStatus((status) => {
    heard = true
    onChange(status)
  })
  void api.getUpdateStatus().then(
    (result) => {
      if (current && !heard && result.ok) onChange(result.value)
    },
    () => {}
  )
  return () => {
    current = false
    stop()
  }
}
