import type { AddressInfo } from 'node:net'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { etagOf, matchesIfNoneMatch, sendJsonWithEtag } from './etag'

let body: unknown = { n: 1 }
const app = new Koa()
app.use(async (ctx) => sendJsonWithEtag(ctx, body))
const server = app.listen(0)
let base = ''
beforeAll(() => {
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
})

describe('sendJsonWithEtag', () => {
  test('a matching If-None-Match is answered 304 without a body; a changed body gets a new tag', async () => {
    const first = await fetch(base)
    const etag = first.headers.get('etag')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    expect(first.headers.get('content-type')).toMatch(/^application\/json/)
    expect(etag).toBe(etagOf(JSON.stringify(body)))
    expect(await first.json()).toEqual({ n: 1 })

    const again = await fetch(base, { headers: { 'If-None-Match': etag ?? '' } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    body = { n: 2 }
    const changed = await fetch(base, { headers: { 'If-None-Match': etag ?? '' } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })
})

describe('matchesIfNoneMatch', () => {
  test('any listed tag matches, weak or strong; * matches all; nothing else does', () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"x", W/"a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false)
    expect(matchesIfNoneMatch('', '"a"')).toBe(false)
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false)
  })
})
