import type { TaggedBody } from '../http/etag'

export interface CertificateCacheOptions {
  /** The bytes of certificates kept at most, the least recently sent dropped first. */
  readonly maxBytes: number
}

/** About 40 certificates of 10,000 entries, or a few of 100,000. */
export const defaultCertificateCache: CertificateCacheOptions = { maxBytes: 64 * 1024 * 1024 }

/**
 * A completed draw's certificate, built once and sent many times. The certificate holds every
 * eligible entry: building it reads and checks O(entries) rows, which at 100,000 entries is
 * seconds of work a visitor could ask for in a loop. A draw, once made, never changes, so the
 * built answer is kept, keyed by what identifies the draw (`key`: the competition, its seal and
 * the moment it was drawn; a reset or restore that draws the same id again makes a new key).
 * Requests that miss at the same moment share one build. Bounded by bytes.
 */
export function createCertificateCache(options: CertificateCacheOptions = defaultCertificateCache) {
  const kept = new Map<string, TaggedBody>()
  const building = new Map<string, Promise<TaggedBody>>()
  let bytes = 0
  const sizeOf = (tagged: TaggedBody) => Buffer.byteLength(tagged.body)

  function keep(key: string, tagged: TaggedBody) {
    const size = sizeOf(tagged)
    if (size > options.maxBytes) return
    kept.set(key, tagged)
    bytes += size
    for (const [oldest, body] of kept) {
      if (bytes <= options.maxBytes) break
      kept.delete(oldest)
      bytes -= sizeOf(body)
    }
  }

  return {
    /** The certificate under `key`, built by `build` only when neither kept nor being built. */
    async get(key: string, build: () => Promise<TaggedBody>): Promise<TaggedBody> {
      const found = kept.get(key)
      if (found) {
        // Most recently sent last: the first in the map is dropped first.
        kept.delete(key)
        kept.set(key, found)
        return found
      }
      const pending = building.get(key)
      if (pending) return pending
      const made = build()
        .then((tagged) => {
          keep(key, tagged)
          return tagged
        })
        .finally(() => building.delete(key))
      building.set(key, made)
      return made
    },
    /** What is kept now: for the tests and the bounds. */
    stats: () => ({ certificates: kept.size, bytes }),
  }
}

export type CertificateCache = ReturnType<typeof createCertificateCache>
