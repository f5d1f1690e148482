import { errorCodes, Refusal } from '@prizes/contracts'
import type Koa from 'koa'
import { badRequest } from './errors'

declare module 'koa' {
  interface Request {
    /** The parsed JSON body, set by `jsonBody()`; validate it with a contract before use. */
    body?: unknown
  }
}

const limitBytes = 1024 * 1024

/** Reads a JSON request body into `ctx.request.body`; malformed JSON is a 400, never a 500. */
export function jsonBody() {
  return async function readJsonBody(ctx: Koa.Context, next: Koa.Next) {
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) && ctx.is('application/json')) {
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of ctx.req) {
        size += (chunk as Buffer).length
        if (size > limitBytes) throw new Refusal(errorCodes.payloadTooLarge, 'Request body is too large')
        chunks.push(chunk as Buffer)
      }
      const text = Buffer.concat(chunks).toString('utf8')
      try {
        ctx.request.body = text.length > 0 ? JSON.parse(text) : undefined
      } catch {
        throw badRequest('Request body is not valid JSON')
      }
    }
    await next()
  }
}
