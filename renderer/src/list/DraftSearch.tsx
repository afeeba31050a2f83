import { useUiStore } from '../state/uiStore'
import { Icon } from '../ui/Icon'

export const DRAFT_SEARCH_ID = 'draft-search'

/** Search by employee name (Ctrl+F comes here). */
export function DraftSearch() {
  const search = useUiStore((s) => s.search)
  const setSearch = useUiStore((s) => s.setSearch)
  return (
    <div className="draft-search">
      <label htmlFor={DRAFT_SEARCH_ID}>Search by employee</label>
      <div className="search-box">
        <Icon name="search" />
        <input
          id={DRAFT_SEARCH_ID}
          type="search"
          placeholder="Name, e.g. Olivia"
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
