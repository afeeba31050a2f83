import { EventEmitter } from 'node:events'
import { INVOKE_CHANNELS } from '../../../shared/ipc'
import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'
import { registerIpcHandlers, type IpcMainLike } from '../../../main/ipc/ipc'
import { createSenderPolicy } from '../../../main/ipc/senderPolicy'
import { BENCH_FILE_ID } from '../shared/benchDrafts'
import type { BenchMain } from './benchMain'
import { benchInserts, postRaw, rawBodies } from './rawPosting'
import { recordsOfRun } from './sandboxRecords'
import { median, round } from './statistics'

/**
 * Main's side of the queue alone, with no page: the same 1,000 inserts posted at the same concurrency
 * (1) raw from Node with undici, (2) through main's services (`insertLeaveRequest`: writes registry, API
 * client, classification, answer decoding, connectivity record), (3) through main's real IPC handler
 * (sender check, argument bounds, the contract's zod parsing) in front of the same services. The rounds
 * alternate (raw, services, IPC, raw, …) so a busy moment of the shared machine hits each alike; the
 * figures are the medians. What is left of the queue's ratio above these is the page and the binding.
 */
export interface MainClientFigures {
  rawMs: number
  servicesMs: number
  ipcMs: number
  /** The Node process's CPU time (user + system) per draft, sandbox included: steadier than wall time on a busy machine. */
  cpuMsPerDraft: { raw: number; services: number; ipc: number }
  /** Every run posted `drafts` records once, and every call through main came back ok. */
  valid: boolean
  rounds: { rawMs: number; servicesMs: number; ipcMs: number; rawCpuMs: number; servicesCpuMs: number; ipcCpuMs: number }[]
}

const PAGE_ORIGIN = 'http://127.0.0.1:1'

export async function measureMainClient(
  main: BenchMain,
  runId: string,
  options: { drafts: number; concurrency: number; rounds: number }
): Promise<MainClientFigures> {
  const invoke = ipcInvoker(main)
  const rounds: MainClientFigures['rounds'] = []
  let valid = true
  for (let round = 0; round < options.rounds; round += 1) {
    const tag = (kind: string) => `${runId}-main${kind}${round}`
    const bodies = rawBodies(tag('raw'), options.drafts)
    const viaServices = benchInserts(tag('svc'), options.drafts)
    const viaIpc = benchInserts(tag('ipc'), options.drafts)

    const raw = await withCpu(() => postRaw(main.sandbox.baseUrl, bodies, options.concurrency))
    const servicesRun = await withCpu(() =>
      inParallel(viaServices, options.concurrency, (insert, n) => main.services.insertLeaveRequest(BENCH_FILE_ID, insert, `${tag('svc')}:${n}`))
    )
    // Electron hands the handler a fresh copy of what the page sent (structured clone); so does this.
    const ipcRun = await withCpu(() =>
      inParallel(viaIpc, options.concurrency, (insert, n) => invoke(BENCH_FILE_ID, structuredClone(insert), `${tag('ipc')}:${n}`))
    )

    rounds.push({
      rawMs: raw.ms,
      servicesMs: servicesRun.ms,
      ipcMs: ipcRun.ms,
      rawCpuMs: raw.cpuMs,
      servicesCpuMs: servicesRun.cpuMs,
      ipcCpuMs: ipcRun.cpuMs
    })
    valid &&=
      raw.statuses[200] === options.drafts &&
      servicesRun.ok === options.drafts &&
      ipcRun.ok === options.drafts &&
      [tag('raw'), tag('svc'), tag('ipc')].every((runTag) => recordsOfRun(main.sandbox, runTag) === options.drafts)
  }
  invoke.close()
  return {
    rawMs: median(rounds.map((r) => r.rawMs)),
    servicesMs: median(rounds.map((r) => r.servicesMs)),
    ipcMs: median(rounds.map((r) => r.ipcMs)),
    cpuMsPerDraft: {
      raw: round(median(rounds.map((r) => r.rawCpuMs)) / options.drafts, 3),
      services: round(median(rounds.map((r) => r.servicesCpuMs)) / options.drafts, 3),
      ipc: round(median(rounds.map((r) => r.ipcCpuMs)) / options.drafts, 3)
    },
    valid,
    rounds: rounds.map((r) => Object.fromEntries(Object.entries(r).map(([key, value]) => [key, round(value)])) as (typeof rounds)[number])
  }
}

async function withCpu<T extends { ms: number }>(run: () => Promise<T>): Promise<T & { cpuMs: number }> {
  const before = process.cpuUsage()
  const result = await run()
  return { ...result, cpuMs: cpuMsSince(before) }
}

/** The process's CPU time (user + system, every thread) since `before`, in ms. */
export function cpuMsSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1_000
}

type Invoke = ((fileId: number, body: LeaveRequestInsert, requestKey: string) => Promise<{ ok: boolean }>) & { close(): void }

/** Main's own `registerIpcHandlers` on a stand-in ipcMain, called as the app's page would call it. */
function ipcInvoker(main: BenchMain): Invoke {
  type Handler = Parameters<IpcMainLike['handle']>[1]
  const handlers = new Map<string, Handler>()
  const unregister = registerIpcHandlers({
    ipcMain: { handle: (channel, handler) => void handlers.set(channel, handler), removeHandler: (channel) => void handlers.delete(channel) },
    services: main.services,
    isAllowedSender: createSenderPolicy({ devServerUrl: PAGE_ORIGIN }),
    log: (message) => main.log.push(message)
  })
  const handler = handlers.get(INVOKE_CHANNELS.insertLeaveRequest) as Handler
  const event = { senderFrame: { url: `${PAGE_ORIGIN}/index.html`, parent: null }, sender: new EventEmitter() }
  const invoke = (async (fileId, body, requestKey) => (await handler(event, fileId, body, requestKey)) as { ok: boolean }) as Invoke
  invoke.close = unregister
  return invoke
}

async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  call: (item: T, n: number) => Promise<{ ok: boolean }>
): Promise<{ ms: number; ok: number }> {
  let next = 0
  let okCount = 0
  const worker = async () => {
    while (next < items.length) {
      const n = next++
      if ((await call(items[n] as T, n)).ok) okCount += 1
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { ms: performance.now() - started, ok: okCount }
}

/** The section's rows and figures for these runs. */
export function mainClientSummary(figures: MainClientFigures, drafts: number): { value: string; ratio: number; ipcRatio: number } {
  const ratio = figures.servicesMs / figures.rawMs
  const ipcRatio = figures.ipcMs / figures.rawMs
  const perDraft = (ms: number) => `${round(ms / drafts, 2)} ms/draft`
  const value =
    `${round(ratio)} (main's services ${perDraft(figures.servicesMs)}, through the IPC handler ${round(ipcRatio)} = ${perDraft(figures.ipcMs)}, ` +
    `raw ${perDraft(figures.rawMs)}; CPU per draft ${figures.cpuMsPerDraft.services} / ${figures.cpuMsPerDraft.ipc} / ${figures.cpuMsPerDraft.raw} ms; ` +
    `median of ${figures.rounds.length}${figures.valid ? '' : '; INVALID: a run lost or doubled records'})`
  return { value, ratio, ipcRatio }
}
