import { useModalDialog } from '../ui/useModalDialog'
import type { DecisionActions } from './decisionActions'
import { useLinkOffer, type LinkOffer } from './linkOffer'

const LINK_ID = 'link-offer-link'

/**
 * "Is request #812 the one you sent?": payroll's request, opened by its number, has the same employee,
 * leave type and dates as an Uncertain insert. Linking (the default) makes the clerk's request that
 * request in payroll, with nothing sent again; "Open as a separate request" keeps it as its own;
 * Escape or Cancel changes nothing.
 */
export function LinkOfferDialog(props: { actions: Pick<DecisionActions, 'linkToUncertain' | 'openAsAnother'> }) {
  const offer = useLinkOffer((s) => s.offer)
  const close = () => useLinkOffer.getState().setOffer(null)
  const dialogRef = useModalDialog(offer !== null, () => document.getElementById(LINK_ID)?.focus())
  return (
    <dialog ref={dialogRef} className="help-dialog decision-dialog" aria-labelledby="link-offer-title" onClose={close}>
      {offer && <OfferForm offer={offer} onClose={close} actions={props.actions} />}
    </dialog>
  )
}

function OfferForm(props: { offer: LinkOffer; onClose(): void; actions: Pick<DecisionActions, 'linkToUncertain' | 'openAsAnother'> }) {
  const { offer, actions } = props
  const number = offer.record.Id
  const choose = (choice: 'linkToUncertain' | 'openAsAnother') => {
    props.onClose()
    void actions[choice](offer)
  }
  return (
    <form
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault()
        choose('linkToUncertain')
      }}
    >
      <h2 id="link-offer-title">Is request #{number} the one you sent?</h2>
      <p>
        Your request for {offer.what} is Uncertain: it may have reached payroll. Payroll’s request #{number} has the same employee, leave type
        and dates.
      </p>
      <p>
        If it is yours, link them: your request becomes request #{number} in payroll and is not sent again. Open it separately only if it is a
        different request.
      </p>
      <div className="button-row dialog-buttons">
        <button type="button" className="button quiet" onClick={props.onClose}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => choose('openAsAnother')}>
          Open as a separate request
        </button>
        <button id={LINK_ID} type="submit" className="button primary">
          Link to my request
        </button>
      </div>
    </form>
  )
}
