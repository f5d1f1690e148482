import type Koa from 'koa'

/** A caller's own or an admin's data: never kept by a shared cache, never reused for another caller. */
export function sendPrivate(ctx: Koa.Context, body: unknown): void {
  ctx.set('Cache-Control', 'private, no-store')
  ctx.body = body
}
