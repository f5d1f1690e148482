import { errorCodes, Refusal } from '@prizes/contracts'
import type Koa from 'koa'

export interface ReadLimitOptions {
  /** Requests one address may make in a window. */
  readonly max: number
  readonly windowMs: number
  /** Addresses remembered at most, the least recently seen forgotten first. */
  readonly maxAddresses?: number
  readonly now?: () => number
}

/** Public reads one address may make a minute: far more than a person paging through. */
export const defaultReadLimit = { max: 300, windowMs: 60_000 } as const

/**
 * A per-address limit on a public read, counted in this process's memory (a fixed window per
 * address, in a bounded map): a read costs no write, and a scraper is slowed without a table.
 * Several instances each allow `max`, which still bounds what one address can make them do.
 */
export function createReadLimit(options: ReadLimitOptions) {
  const maxAddresses = options.maxAddresses ?? 10_000
  const now = options.now ?? Date.now
  const windows = new Map<string, { start: number; count: number }>()

  function check(address: string): { allowed: boolean; retryAfterSeconds: number } {
    const at = now()
    const start = Math.floor(at / options.windowMs) * options.windowMs
    const seen = windows.get(address)
    const window = seen && seen.start === start ? seen : { start, count: 0 }
    window.count += 1
    windows.delete(address)
    windows.set(address, window)
    for (const oldest of windows.keys()) {
      if (windows.size <= maxAddresses) break
      windows.delete(oldest)
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((start + options.windowMs - at) / 1000))
    return { allowed: window.count <= options.max, retryAfterSeconds }
  }

  async function readLimit(ctx: Koa.Context, next: Koa.Next) {
    const verdict = check(ctx.ip)
    if (!verdict.allowed) {
      throw new Refusal(errorCodes.rateLimited, 'Too many requests. Please try again in a moment.', {
        retryAfterSeconds: verdict.retryAfterSeconds,
      })
    }
    await next()
  }

  readLimit.check = check
  /** Addresses remembered now (tests check the bound). */
  Object.defineProperty(readLimit, 'size', { get: () => windows.size })
  return readLimit as typeof readLimit & { readonly size: number }
}
