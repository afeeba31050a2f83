import { useUiStore } from '../state/uiStore'
import { Icon } from '../ui/Icon'

export const DRAFT_SEARCH_ID = 'draft-search'

/** Search by employee, leave type, notes or dates (Ctrl+F comes here). */
export function DraftSearch() {
  const search = useUiStore((s) => s.search)
  const setSearch = useUiStore((s) => s.setSearch)
  return (
    <div className="draft-search">
      {/* Named for screen readers; on screen the box and its placeholder say what it is, and the list keeps the room. */}
      <label htmlFor={DRAFT_SEARCH_ID} className="visually-hidden">
        Search drafts
      </label>
      <div className="search-box">
        <Icon name="search" />
        <input
          id={DRAFT_SEARCH_ID}
          type="search"
          placeholder="Name, leave type, notes, month or #number"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search !== '') {
              event.preventDefault()
              setSearch('')
            }
          }}
        />
      </div>
    </div>
  )
}
