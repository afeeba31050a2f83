import type { ImportError } from '../../../shared/import'
import { ModalDialog } from './ModalDialog'

/** Why a file could not be read at all: too large, not a spreadsheet, or malformed at a row and column. */
export function ImportErrorDialog(props: { error: ImportError; fileName: string | undefined; onClose: () => void }) {
  return (
    <ModalDialog titleId="import-error-title" className="import-error-dialog" onClose={props.onClose}>
      <h2 id="import-error-title">{props.fileName ? `${props.fileName} can’t be imported` : 'The pasted cells can’t be imported'}</h2>
      <p role="alert">{props.error.message}</p>
      <p>Nothing was imported. Fix the file in your spreadsheet program and import it again.</p>
      <div className="button-row">
        <button type="button" className="button primary" onClick={props.onClose} autoFocus>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
