/**
 * Where an autosave's time goes while a batch syncs: every IndexedDB transaction the page makes, with
 * when it was created, when its first request answered (so when IndexedDB let it start, plus the wait
 * for the page's main thread to take the answer) and when it committed. An autosave (a read-write
 * transaction on the page's own connection) is then split into: waiting behind transactions created
 * before it on an overlapping scope, its own requests, and the commit. Records a few numbers per
 * transaction: light enough to leave on for every run.
 */
export interface TransactionEntry {
  /** 'own': the page's connection (screens, autosave); 'claim': the queue's strict-durability connection. */
  connection: 'own' | 'claim'
  mode: IDBTransactionMode
  scope: string[]
  createdAt: number
  firstAnswerAt?: number
  endedAt?: number
  /** How long Dexie's own completion handler ran (live queries told of the write), and the transactions it created. */
  completion?: { ms: number; transactionsCreated: number }
}

/** One autosave transaction, split. Every figure in ms. */
export interface AutosaveSplit {
  /** Created → first request answered: waiting for IndexedDB to start it (and for the main thread). */
  toFirstAnswer: number
  /** First answer → committed: its own requests and the commit. */
  toCommit: number
  /** Transactions on an overlapping scope created before it and still open when it was created. */
  ahead: { own: number; claim: number }
  /** When the last of those ended, after it was created (0 when none). */
  aheadEndedAfter: number
  /** What each of those was: connection, mode and scope ("own readonly drafts"). */
  aheadKinds: string[]
}

interface Recording {
  /** Stops recording (again: harmless) and answers what was recorded. */
  stop(): TransactionEntry[]
}

interface Recorder {
  isClaim: (db: IDBDatabase) => boolean
  entries: TransactionEntry[]
  byTransaction: WeakMap<IDBTransaction, TransactionEntry>
}

let recorder: Recorder | undefined

/**
 * Hooks IDBDatabase's transaction() and IDBObjectStore's get() when the page loads: Dexie binds
 * transaction() to each connection as it opens, so a hook added later would never see them. Until
 * recordTransactions() starts a recording, the hooks only pass the call on.
 */
export function hookTransactions(): void {
  const proto = IDBDatabase.prototype
  const original = proto.transaction
  proto.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const transaction = original.apply(this, args)
    if (recorder) record(recorder, this, transaction)
    return transaction
  } as IDBDatabase['transaction']
  const storeProto = IDBObjectStore.prototype
  const originalGet = storeProto.get
  storeProto.get = function (this: IDBObjectStore, query: IDBValidKey | IDBKeyRange) {
    const request = originalGet.call(this, query)
    const entry = recorder?.byTransaction.get(this.transaction)
    if (entry && entry.firstAnswerAt === undefined) {
      request.addEventListener('success', () => {
        entry.firstAnswerAt ??= performance.now()
      })
    }
    return request
  }
}

function record(into: Recorder, db: IDBDatabase, transaction: IDBTransaction): void {
  const entry: TransactionEntry = {
    connection: into.isClaim(db) ? 'claim' : 'own',
    mode: transaction.mode,
    scope: Array.from(transaction.objectStoreNames),
    createdAt: performance.now()
  }
  const end = () => {
    entry.endedAt = performance.now()
  }
  transaction.addEventListener('complete', end)
  timeCompletionHandler(into, transaction, entry)
  transaction.addEventListener('abort', end)
  into.entries.push(entry)
  into.byTransaction.set(transaction, entry)
}

const completeProperty = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, 'oncomplete')

/** Dexie sets `oncomplete` on each transaction it makes: timed here, with what it starts synchronously. */
function timeCompletionHandler(into: Recorder, transaction: IDBTransaction, entry: TransactionEntry): void {
  const setHandler = completeProperty?.set
  if (!setHandler) return
  let handler: IDBTransaction['oncomplete'] = null
  Object.defineProperty(transaction, 'oncomplete', {
    configurable: true,
    get: () => handler,
    set(fn: IDBTransaction['oncomplete']) {
      handler = fn
      if (!fn) return setHandler.call(transaction, fn)
      const timed = (run: () => unknown) => {
        const started = performance.now()
        const before = into.entries.length
        try {
          return run()
        } finally {
          entry.completion = { ms: performance.now() - started, transactionsCreated: into.entries.length - before }
        }
      }
      // Two names, so a CPU profile (BENCH_CPU_PROFILE) tells an autosave's completion from the others'.
      const isOwnDraftsWrite = entry.connection === 'own' && entry.mode === 'readwrite' && entry.scope.join() === 'drafts'
      setHandler.call(
        transaction,
        isOwnDraftsWrite
          ? function ownDraftsWriteCompletion(this: IDBTransaction, event: Event) {
              return timed(() => fn.call(this, event))
            }
          : function otherTransactionCompletion(this: IDBTransaction, event: Event) {
              return timed(() => fn.call(this, event))
            }
      )
    }
  })
}

/** Records every transaction from now on (hookTransactions must have run first); `isClaim` tells the connections apart. */
export function recordTransactions(isClaim: (db: IDBDatabase) => boolean): Recording {
  const current: Recorder = { isClaim, entries: [], byTransaction: new WeakMap() }
  recorder = current
  return {
    stop() {
      if (recorder === current) recorder = undefined
      return current.entries
    }
  }
}

/** The page's read-write transactions on `drafts` alone (what an autosave makes), each split. */
export function splitAutosaves(entries: readonly TransactionEntry[]): AutosaveSplit[] {
  const splits: AutosaveSplit[] = []
  entries.forEach((entry, index) => {
    const isAutosave = entry.connection === 'own' && entry.mode === 'readwrite' && entry.scope.length === 1 && entry.scope[0] === 'drafts'
    if (!isAutosave || entry.firstAnswerAt === undefined || entry.endedAt === undefined) return
    const ahead = entries
      .slice(0, index)
      .filter((other) => other.scope.includes('drafts') && (other.endedAt ?? Infinity) > entry.createdAt)
    splits.push({
      toFirstAnswer: entry.firstAnswerAt - entry.createdAt,
      toCommit: entry.endedAt - entry.firstAnswerAt,
      ahead: { own: ahead.filter((other) => other.connection === 'own').length, claim: ahead.filter((other) => other.connection === 'claim').length },
      aheadEndedAfter: Math.max(0, ...ahead.map((other) => (other.endedAt ?? entry.createdAt) - entry.createdAt)),
      aheadKinds: ahead.map((other) => `${other.connection} ${other.mode} ${other.scope.join('+')}`)
    })
  })
  return splits
}

/** How long each of the queue's transactions (its connection, read-write) stayed open, created → ended, in ms. */
export function queueTransactionTimes(entries: readonly TransactionEntry[]): number[] {
  return entries
    .filter((entry) => entry.connection === 'claim' && entry.mode === 'readwrite' && entry.endedAt !== undefined)
    .map((entry) => (entry.endedAt as number) - entry.createdAt)
}

/** One keystroke's save, from the autosaver's call to its commit seen by the caller, in three parts (ms). */
export interface KeystrokePhases {
  /** save() called → its transaction created: the repository's and Dexie's work before it, and a busy main thread. */
  beforeTransaction: number
  /** Created → committed: waiting behind transactions ahead, its requests, the commit. */
  transaction: number
  /** Committed → the caller told so: Dexie's completion, live queries woken by the write, a busy main thread. */
  afterCommit: number
  /** Of afterCommit: Dexie's completion handler alone (synchronous), and the transactions it started. */
  completionHandler: number
  transactionsStartedOnCommit: number
}

/**
 * Each keystroke paired with the autosave transaction created while its save ran (the page's read-write
 * transaction on `drafts` alone). A keystroke with none found is left out.
 */
export function keystrokePhases(
  keystrokes: readonly { startedAt: number; savedAt: number }[],
  entries: readonly TransactionEntry[]
): KeystrokePhases[] {
  const autosaves = entries.filter(
    (entry) => entry.connection === 'own' && entry.mode === 'readwrite' && entry.scope.length === 1 && entry.scope[0] === 'drafts'
  )
  const phases: KeystrokePhases[] = []
  for (const keystroke of keystrokes) {
    const own = autosaves.find(
      (entry) => entry.createdAt >= keystroke.startedAt && entry.endedAt !== undefined && entry.endedAt <= keystroke.savedAt
    )
    if (!own || own.endedAt === undefined) continue
    phases.push({
      beforeTransaction: own.createdAt - keystroke.startedAt,
      transaction: own.endedAt - own.createdAt,
      afterCommit: keystroke.savedAt - own.endedAt,
      completionHandler: own.completion?.ms ?? 0,
      transactionsStartedOnCommit: own.completion?.transactionsCreated ?? 0
    })
  }
  return phases
}
