import { create } from 'zustand'
import type { LeaveRequestRecord } from '../../../shared/leaveRequestSchema'

/**
 * "Open payroll request #…" found an Uncertain insert with the same employee, leave type and dates: the
 * question whether payroll's request is the one the clerk sent (then linked, as Mark as sent links it)
 * or another one (then opened as its own request).
 */
export interface LinkOffer {
  fileId: number
  /** Payroll's request, as just read by its number. */
  record: LeaveRequestRecord
  /** The Uncertain insert it may be. */
  draftId: string
  /** "Olivia Nguyen, 6 – 7 Jul 2026". */
  what: string
}

export const useLinkOffer = create<{ offer: LinkOffer | null; setOffer(offer: LinkOffer | null): void }>((set) => ({
  offer: null,
  setOffer: (offer) => set({ offer })
}))
