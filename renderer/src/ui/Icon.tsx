/**
 * Small line icons that sit beside words (never instead of them): hidden from screen readers, drawn
 * in the text colour so they keep the text's contrast.
 */
const PATHS = {
  draft: 'M4 20h4L19 9l-4-4L4 16v4z M13.5 6.5l4 4',
  queued: 'M12 7v5l3 2 M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  sending: 'M4 12h13 M12 6l6 6-6 6',
  synced: 'M5 12.5l4.5 4.5L19 7',
  attention: 'M12 8v5 M12 16.5v.5 M10.3 3.9L2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  uncertain: 'M9.2 9a3 3 0 1 1 4.3 2.7c-.9.4-1.5 1.2-1.5 2.1v.7 M12 17.5v.5 M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  online: 'M5 12.5a10 10 0 0 1 14 0 M8.5 16a5 5 0 0 1 7 0 M12 19.5v.01 M1.5 9a15 15 0 0 1 21 0',
  offline: 'M3 3l18 18 M8.5 16a5 5 0 0 1 7 0 M12 19.5v.01 M5 12.5a10 10 0 0 1 4.2-2.5 M14.5 10a10 10 0 0 1 4.5 2.5',
  signedOut: 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3 M10 17l-5-5 5-5 M5 12h10',
  checking: 'M12 3v3 M12 18v3 M3 12h3 M18 12h3',
  plus: 'M12 5v14 M5 12h14',
  copy: 'M9 9h10v10H9z M5 15V5h10',
  trash: 'M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3',
  send: 'M4 12l16-8-6 16-3-7-7-1z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z M20 20l-4-4',
  keyboard: 'M3 6h18v12H3z M7 10h.01 M11 10h.01 M15 10h.01 M8 14h8',
  close: 'M6 6l12 12 M18 6L6 18',
  warning: 'M12 8v5 M12 16.5v.5 M10.3 3.9L2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  undo: 'M9 14L4 9l5-5 M4 9h10a6 6 0 0 1 0 12h-3',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7 M20 5v6h-6',
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4'
} as const

export type IconName = keyof typeof PATHS

export function Icon(props: { name: IconName; className?: string }) {
  return (
    <svg
      className={`icon ${props.className ?? ''}`}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[props.name]} />
    </svg>
  )
}
