import { describe, expect, it } from 'vitest'
import { createCertificateCache } from './certificate-cache'

const tagged = (body: string) => ({ body, etag: `"${body.length}"`, type: 'application/json' })

describe('createCertificateCache', () => {
  it('builds a certificate once and sends the kept one after', async () => {
    const cache = createCertificateCache({ maxBytes: 100 })
    let builds = 0
    const build = async () => {
      builds += 1
      return tagged('x'.repeat(10))
    }
    const first = await cache.get('a', build)
    expect(await cache.get('a', build)).toBe(first)
    expect(builds).toBe(1)
    expect(cache.stats()).toEqual({ certificates: 1, bytes: 10 })
  })

  it('shares one build among requests that miss together, and builds again after a failure', async () => {
    const cache = createCertificateCache({ maxBytes: 100 })
    let builds = 0
    let finish: (value: ReturnType<typeof tagged>) => void = () => {}
    const build = () => {
      builds += 1
      return new Promise<ReturnType<typeof tagged>>((resolve) => {
        finish = resolve
      })
    }
    const both = Promise.all([cache.get('a', build), cache.get('a', build)])
    finish(tagged('ok'))
    const [one, two] = await both
    expect(one).toBe(two)
    expect(builds).toBe(1)

    await expect(cache.get('b', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    )
    expect((await cache.get('b', async () => tagged('later'))).body).toBe('later')
  })

  it('keeps at most maxBytes, dropping the least recently sent first, and never one larger than all', async () => {
    const cache = createCertificateCache({ maxBytes: 25 })
    await cache.get('a', async () => tagged('a'.repeat(10)))
    await cache.get('b', async () => tagged('b'.repeat(10)))
    await cache.get('a', async () => tagged('rebuilt'))
    await cache.get('c', async () => tagged('c'.repeat(10)))
    expect(cache.stats()).toEqual({ certificates: 2, bytes: 20 })
    expect((await cache.get('a', async () => tagged('rebuilt'))).body).toBe('a'.repeat(10))
    expect((await cache.get('b', async () => tagged('b rebuilt'))).body).toBe('b rebuilt')

    await cache.get('huge', async () => tagged('h'.repeat(26)))
    expect(cache.stats().bytes).toBeLessThanOrEqual(25)
  })
})
