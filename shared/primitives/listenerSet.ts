/**
 * Who wants to hear about changes of one thing. `add` answers the function that removes the listener
 * again; `emit` tells every listener present when it was called, and one that throws does not stop the
 * others from hearing.
 */
export interface ListenerSet<T> {
  add(listener: (value: T) => void): () => void
  emit(value: T): void
  clear(): void
  readonly size: number
}

export function createListenerSet<T>(onError: (error: unknown) => void = () => undefined): ListenerSet<T> {
  const listeners = new Set<(value: T) => void>()
  return {
    add(listener) {
      // Wrapped, so adding the same function twice gives two independent subscriptions.
      const entry = (value: T) => listener(value)
      listeners.add(entry)
      return () => {
        listeners.delete(entry)
      }
    },
    emit(value) {
      for (const listener of [...listeners]) {
        try {
          listener(value)
        } catch (error) {
          onError(error)
        }
      }
    },
    clear() {
      listeners.clear()
    },
    get size() {
      return listeners.size
    }
  }
}
