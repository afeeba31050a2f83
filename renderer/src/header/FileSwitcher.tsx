import { fileLabel } from '../session/fileIdentities'
import { useFileOpening } from '../session/useFileOpening'
import { useKnownFiles } from '../session/useKnownFiles'
import { useUiStore } from '../state/uiStore'

/** Which payroll file is open; a switch when the session has more than one. */
export function FileSwitcher(props: { fileId: number }) {
  const fileIds = useUiStore((s) => (s.session?.state === 'signed-in' ? s.session.fileIds : null))
  const openFile = useFileOpening()
  const known = useKnownFiles()
  if (!fileIds || fileIds.length < 2) return <p className="file-name">{fileLabel(props.fileId, known)}</p>
  return (
    <div className="file-switcher">
      <label htmlFor="file-switcher">File</label>
      <select id="file-switcher" value={props.fileId} onChange={(event) => openFile(Number(event.target.value))}>
        {fileIds.map((fileId) => (
          <option key={fileId} value={fileId}>
            {fileLabel(fileId, known)}
          </option>
        ))}
      </select>
    </div>
  )
}
