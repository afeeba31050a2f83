import type { ContextualServices } from './ipcDispatch'
import type { InFlightRequests } from './inFlightRequests'

/**
 * The services with every payroll write (insert, update) counted while it is out, so closing can ask
 * and wait for the answers. Reads are not counted: cutting one off loses nothing.
 */
export function withWritesTracked(services: ContextualServices, inFlight: Pick<InFlightRequests, 'track'>): ContextualServices {
  return {
    ...services,
    insertLeaveRequest: (...args) => inFlight.track(services.insertLeaveRequest(...args)),
    putLeaveRequest: (...args) => inFlight.track(services.putLeaveRequest(...args))
  }
}
