import type { Page } from '@playwright/test'
import { openRequest, syncPanel } from './sync'

/** Steps and places for the queue's care: the Deleted view, a request held behind another, a refusal. */

export const HELD_LINE = 'waiting until an earlier request for the same employee is settled'

export const statusFilters = (page: Page) => page.getByRole('group', { name: 'Show drafts by status' })

/** The "Deleted" filter button, e.g. "Deleted 1". */
export const deletedChip = (page: Page, count: number) => statusFilters(page).getByRole('button', { name: new RegExp(`^Deleted\\s*${count}$`) })

export const deletedList = (page: Page) => page.getByRole('list', { name: 'Deleted drafts' })

/** On a held request: which earlier request it waits for. */
export const heldNotice = (page: Page) => openRequest(page).getByRole('region', { name: 'Waiting for an earlier request' })

/** The sync panel's line about requests held behind an earlier one. */
export const heldLine = (page: Page, count: number) => syncPanel(page).getByText(`${count} ${HELD_LINE}`)
