import type { ConnectionTestState } from './useConnectionTest'

/** What "Test connection" found, under the address field; read out when it arrives. */
export function ConnectionTestResult(props: { id: string; test: ConnectionTestState; address?: string }) {
  const { test } = props
  if (test.state === 'idle') return <div id={props.id} role="status" />
  if (test.state === 'testing') {
    return (
      <div id={props.id} role="status" className="connection-test">
        Testing the connection…
      </div>
    )
  }
  if (test.state === 'failed') {
    return (
      <div id={props.id} role="status" className="connection-test connection-test-bad">
        {test.message}
      </div>
    )
  }
  const good = test.result.looksLikePayroll
  return (
    <div id={props.id} role="status" className={`connection-test ${good ? 'connection-test-good' : 'connection-test-bad'}`}>
      <ul className="connection-facts">
        <li>{test.result.reachable ? 'Reached the address' : 'Could not reach the address'}</li>
        {test.result.reachable && <li>{certificateWords(test.result.certificateTrusted, props.address)}</li>}
        {test.result.reachable && test.result.certificateTrusted && (
          <li>{good ? 'Answers like the payroll service' : 'Does not answer like the payroll service'}</li>
        )}
      </ul>
      <p>{test.result.message}</p>
    </div>
  )
}

/** A plain http address (only to this computer) has no certificate to trust: saying "trusted" misled. */
function certificateWords(trusted: boolean, address: string | undefined): string {
  if (address?.trim().toLowerCase().startsWith('http:')) return 'Plain connection to this computer: no certificate involved'
  return trusted ? 'This computer trusts its certificate' : 'This computer does not trust its certificate'
}
