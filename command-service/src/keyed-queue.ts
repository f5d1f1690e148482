/**
 * Runs tasks one at a time per key and concurrently across keys. The command handler keys by
 * stream, so two commands for one competition never race inside this process (no wasted
 * optimistic-concurrency retries), while different competitions proceed in parallel.
 */
export interface KeyedQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>
  /** Keys with work queued or running; idle keys are forgotten so the map does not grow. */
  readonly activeKeys: number
}

export function createKeyedQueue(): KeyedQueue {
  /** Per key, a promise that settles when the last queued task has settled; it never rejects. */
  const tails = new Map<string, Promise<void>>()
  const settle = () => undefined

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve()
      const result = previous.then(task)
      // A failed task must not block the ones behind it: the tail swallows the outcome, the
      // caller still receives it through `result`.
      const tail = result.then(settle, settle)
      tails.set(key, tail)
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key)
      })
      return result
    },
    get activeKeys() {
      return tails.size
    },
  }
}
