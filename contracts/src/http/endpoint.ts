import { z } from 'zod'
import { anyParam, entityId, text } from '../text'

/** What every endpoint of the table is, and the pieces they share. */
export type Service = 'command' | 'query'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly method: Method
  /** Koa-router style path, `:param` for parameters. */
  readonly path: string
  readonly service: Service
  readonly request: Req
  readonly response: Res
  /**
   * One schema per `:param` of `path` (a test holds every endpoint to this); the services check
   * them before any handler runs, so an id reaches a query or a stream name only once it is valid.
   */
  readonly params?: z.ZodObject
  /** The query values the endpoint reads; any other value is only checked to be storable and short. */
  readonly query?: z.ZodObject
}

export const endpoint = <Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>) => e

export const noBody = z.undefined().or(z.object({}).strict())

/** A one-time token from an email link (base64url today; only its hash is ever looked up). */
export const tokenParams = z.object({ token: anyParam })
/** A competition named by the path. */
export const competitionParams = z.object({ id: entityId })
/** A user named by the path. */
export const userParams = z.object({ id: entityId })
/** Pages are counted from 1; past the last, a page is empty. */
export const pageQuery = z.object({
  page: text(6, 'Must be a page number from 1')
    .regex(/^[1-9][0-9]*$/, 'Must be a page number from 1')
    .optional(),
})
