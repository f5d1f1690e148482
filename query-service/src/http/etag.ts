import { createHash } from 'node:crypto'
import type Koa from 'koa'

/** A strong validator of the exact bytes sent. */
export function etagOf(bytes: string | Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

/**
 * RFC 9110 If-None-Match with the weak comparison. Koa's `ctx.fresh` is not used: it never
 * matches when the request says `Cache-Control: no-cache`, which fetch adds to every request
 * that sets If-None-Match itself, although the origin's answer to the condition is the same.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}

/**
 * Sends a JSON body with an ETag that clients must revalidate every time (`no-cache`): a match
 * of `If-None-Match` answers 304 with no body, so polling lists costs a query but no transfer.
 */
export function sendJsonWithEtag(ctx: Koa.Context, body: unknown): void {
  const json = JSON.stringify(body)
  sendWithEtag(ctx, { body: json, etag: etagOf(json), type: 'application/json' })
}

/** An answer whose ETag is known already: a file or a document built once and sent many times. */
export interface TaggedBody {
  readonly body: string | Buffer
  readonly etag: string
  /** The Content-Type. */
  readonly type: string
}

/** Sends `tagged` as `sendJsonWithEtag` does: `no-cache`, and 304 with no body on a match. */
export function sendWithEtag(ctx: Koa.Context, tagged: TaggedBody): void {
  ctx.set('Cache-Control', 'no-cache')
  ctx.set('ETag', tagged.etag)
  if (matchesIfNoneMatch(ctx.get('If-None-Match'), tagged.etag)) {
    ctx.status = 304
    return
  }
  ctx.type = tagged.type
  ctx.body = tagged.body
}
