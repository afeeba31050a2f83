import { spawn, type ChildProcess } from 'node:child_process'

const children: ChildProcess[] = []
/** Kills (by its own pid) every CLI process a test started and that is still running. */
export function killStartedCliProcesses(): void {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/** Runs `main/sandbox/cli.ts` as one Node process with tsx's loader, so a test can signal exactly that process. */
export function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  /** Resolves with the printed base URL; rejects if the process exits first or 30 s pass. */
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within the bound; stdout: ${stdout} stderr: ${stderr}`)), 30_000)
    const look = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.on('data', look)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code} before printing a URL; stderr: ${stderr}`))
    })
  })
  return { child, url, exited, output: () => ({ stdout, stderr }) }
}
