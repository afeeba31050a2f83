import { parseCliArgs, USAGE } from './cliArgs'
import { DEMO_CREDENTIALS, DEMO_USERS } from './demoData'
import { startSandbox } from './index'

/** `npm run sandbox`: the sandbox API on its own, until SIGINT or SIGTERM. */
async function main(): Promise<number | null> {
  const parsed = parseCliArgs(process.argv.slice(2))
  if (!parsed.ok) {
    process.stderr.write(`sandbox: ${parsed.message}\n${USAGE}\n`)
    return 2
  }
  if ('help' in parsed) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const { options, latencyMs } = parsed.settings
  const sandbox = await startSandbox(options)
  if (latencyMs > 0) sandbox.faults.add({ kind: 'latency', ms: latencyMs })
  process.stdout.write(banner(sandbox.baseUrl))
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return null
}

/** Demo passwords are public demo data, so printing them here is intended. */
function banner(baseUrl: string): string {
  const users = DEMO_USERS.map((u) => `  ${u.username} / ${u.password}  (file${u.fileIds.length > 1 ? 's' : ''} ${u.fileIds.join(', ')})`).join('\n')
  const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey
  const login = JSON.stringify({ grant_type: 'password', ...DEMO_CREDENTIALS.clerk, scope: 'full' })
  return [
    `Leave Desk sandbox API listening on ${baseUrl}`,
    'Demo users:',
    users,
    `Legacy key: wsAccessKey=${wsAccessKey} for FileId=${fileId}`,
    'Try:',
    `  curl -s -X POST ${baseUrl}/authorisation/token -H 'Content-Type: application/json' -d '${login}'`,
    `  curl -s -H 'X-Api-Version: 1.0' '${baseUrl}/Payroll/Employees?FileId=${fileId}&wsAccessKey=${wsAccessKey}&IncludeLeaveBalances=true'`,
    'Press Ctrl+C to stop.',
    ''
  ].join('\n')
}

main().then(
  (code) => {
    if (code !== null) process.exit(code)
  },
  (error: unknown) => {
    process.stderr.write(`sandbox: could not start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
)
