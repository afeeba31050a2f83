import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface TabSpec {
  key: string
  label: ReactNode
  panel: ReactNode
}

/**
 * WAI-ARIA tabs: one tab stop for the whole row, arrow keys (and Home/End) move between tabs and show
 * each at once, the panel follows.
 */
export function Tabs(props: { label: string; tabs: readonly TabSpec[] }) {
  const baseId = useId()
  const [activeKey, setActiveKey] = useState(props.tabs[0]?.key ?? '')
  const tabRefs = useRef(new Map<string, HTMLButtonElement>())
  const active = props.tabs.find((tab) => tab.key === activeKey) ?? props.tabs[0]

  const moveTo = (index: number) => {
    const count = props.tabs.length
    const tab = props.tabs[(index + count) % count]
    if (!tab) return
    setActiveKey(tab.key)
    tabRefs.current.get(tab.key)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const index = props.tabs.findIndex((tab) => tab.key === active?.key)
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: props.tabs.length - 1 }[event.key]
    if (target === undefined) return
    event.preventDefault()
    moveTo(target)
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={props.label} className="tab-list" onKeyDown={onKeyDown}>
        {props.tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.key, element)
              else tabRefs.current.delete(tab.key)
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={tab.key === active?.key}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.key === active?.key ? 0 : -1}
            className="tab"
            onClick={() => setActiveKey(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active?.key ?? ''}`} className="tab-panel">
        {active?.panel}
      </div>
    </div>
  )
}
