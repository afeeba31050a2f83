import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'

/**
 * BENCH_NODE_PROFILE=prefix: the bench process's own JavaScript profile (main's IPC handlers, the
 * sandbox, Playwright, the socket stand-in: one Node process) while a piece of measured work runs,
 * written to `<prefix>-<name>.cpuprofile`. The queue's Node CPU per draft says how much; this says where.
 * Off by default: profiling slows Node down.
 */
export async function profileNodeDuring<T>(name: string, work: () => Promise<T>): Promise<T> {
  const prefix = process.env.BENCH_NODE_PROFILE
  if (!prefix) return work()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    return await work()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    await writeFile(`${prefix}-${name}.cpuprofile`, JSON.stringify(profile))
    session.disconnect()
  }
}
