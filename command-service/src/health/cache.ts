/**
 * Shares one computation among every caller for `ttlMs` (the calls made while it runs too), so
 * a flood of requests costs one computation a period. A failure is not kept: the next caller
 * tries again.
 */
export function reuseFor<T>(ttlMs: number, compute: () => Promise<T>, now: () => number = Date.now) {
  let last: { readonly at: number; readonly value: Promise<T> } | undefined
  return function current(): Promise<T> {
    const at = now()
    if (last && at - last.at < ttlMs) return last.value
    const value = compute()
    const entry = { at, value }
    last = entry
    value.catch(() => {
      if (last === entry) last = undefined
    })
    return value
  }
}
