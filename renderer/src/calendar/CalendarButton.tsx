import { calendarDateOf } from '../../../shared/calendarDate'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'
import { Icon } from '../ui/Icon'
import { todayHere, useCalendar } from './calendarStore'

/** Opens the leave calendar on the open draft's first day, or today. */
export function CalendarButton() {
  const { repo } = useAppServices()
  const openCalendar = async () => {
    const selected = useUiStore.getState().selectedDraftId
    const draft = selected ? await repo.getDraft(selected) : undefined
    useCalendar.getState().show(calendarDateOf(draft?.startDate ?? '') ?? todayHere())
  }
  return (
    <button type="button" className="button quiet" onClick={() => void openCalendar()}>
      <Icon name="calendar" />
      Calendar
    </button>
  )
}
