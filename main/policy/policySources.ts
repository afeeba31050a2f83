import path from 'node:path'

/**
 * Where each platform keeps machine policy, and how its raw values are read. The operating system calls
 * are injected (seams), so a test feeds each source a fixture.
 * - Windows: HKLM\SOFTWARE\Policies\LeaveDesk (Group Policy, with build/LeaveDesk.admx/.adml), read
 *   with `reg query`; REG_SZ values are text, REG_DWORD values numbers (booleans as 0/1).
 * - macOS: the managed preferences an MDM profile installs for the app id, read with `plutil` as JSON.
 * - Linux: /etc/leave-desk/policy.json, writable by root only.
 */
export const WINDOWS_POLICY_KEY = 'HKLM\\SOFTWARE\\Policies\\LeaveDesk'
export const LINUX_POLICY_FILE = '/etc/leave-desk/policy.json'
export const MAC_MANAGED_PREFERENCES = (appId: string) => path.posix.join('/Library/Managed Preferences', `${appId}.plist`)

/** Raw values, not yet checked; null when this machine has no policy at all. */
export type RawPolicy = { source: string; values: unknown } | null

export interface PolicyReaders {
  platform: NodeJS.Platform
  /** `reg query <key>`'s output, or null when the key does not exist. */
  regQuery: (key: string) => Promise<string | null>
  /** A file's text, or null when it does not exist. */
  readText: (filePath: string) => Promise<string | null>
  /** A plist file as JSON text (`plutil -convert json -o - <file>`), or null when it does not exist. */
  plistAsJson: (filePath: string) => Promise<string | null>
  appId: string
  linuxPolicyFile?: string
}

export async function readRawPolicy(readers: PolicyReaders): Promise<RawPolicy> {
  switch (readers.platform) {
    case 'win32': {
      const output = await readers.regQuery(WINDOWS_POLICY_KEY)
      return output === null ? null : { source: WINDOWS_POLICY_KEY, values: parseRegQuery(output) }
    }
    case 'darwin': {
      const file = MAC_MANAGED_PREFERENCES(readers.appId)
      const json = await readers.plistAsJson(file)
      return json === null ? null : { source: file, values: parseJson(json) }
    }
    default: {
      const file = readers.linuxPolicyFile ?? LINUX_POLICY_FILE
      const text = await readers.readText(file)
      return text === null ? null : { source: file, values: parseJson(text) }
    }
  }
}

const BOOLEAN_KEYS = new Set(['PayrollAddressLocked', 'PracticeAllowed', 'AllowUpdateFeedFromEnvironment'])

/**
 * `reg query` prints one value a line: `    Name    REG_TYPE    data`. Text stays text, a DWORD becomes a
 * number, or a boolean for the keys that are yes/no (Group Policy stores those as 0/1). Other types are
 * kept as text with their type, so the schema reports them.
 */
export function parseRegQuery(output: string): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const line of output.split(/\r?\n/)) {
    const match = /^\s+(\S+)\s+(REG_[A-Z_]+)\s*(.*)$/.exec(line)
    if (!match) continue
    const [, name = '', type, data = ''] = match
    if (type === 'REG_SZ' || type === 'REG_EXPAND_SZ') values[name] = data.trim()
    else if (type === 'REG_DWORD' || type === 'REG_QWORD') {
      const number = Number.parseInt(data.trim(), 16)
      values[name] = BOOLEAN_KEYS.has(name) && (number === 0 || number === 1) ? number === 1 : number
    } else values[name] = `${type} ${data.trim()}`
  }
  return values
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return new SyntaxError('not valid JSON')
  }
}
