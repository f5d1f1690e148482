import { anyParam, type Endpoint, endpoints } from '@prizes/contracts'
import type Koa from 'koa'
import { z } from 'zod'
import { createEndpointTable } from './endpoint-table'
import { badRequest } from './errors'

/** Parse input with a contract schema, turning failures into a 400 naming each bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_'
    const list = fieldErrors[key] ?? []
    list.push(issue.message)
    fieldErrors[key] = list
  }
  const first = result.error.issues[0]
  const message = first ? `${first.path.join('.') || 'Request'}: ${first.message}` : 'Invalid request'
  throw badRequest(message, fieldErrors)
}

/** A path parameter no endpoint describes (the table's test keeps this from happening). */
const undescribedParams = z.record(z.string(), anyParam)
/** A query value an endpoint does not read: checked only to be storable and short. */
const otherQueryValue = z.union([anyParam, z.array(anyParam).max(20)])

function decodeParams(raw: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    try {
      decoded[name] = decodeURIComponent(value)
    } catch {
      const message = 'Must be valid percent-encoded UTF-8'
      throw badRequest(`${name}: ${message}`, { [name]: [message] })
    }
  }
  return decoded
}

/**
 * Checks the path parameters and the query of every request to an endpoint of the table
 * against the endpoint's schemas, before any router or handler sees them: an id that is not
 * one, a NUL or a lone surrogate, or an overlong value is a 400 naming it, and never reaches a
 * query, a stream name or an event. Requests to other paths pass untouched.
 */
export function validateRequestTarget(table: Record<string, Endpoint> = endpoints) {
  const endpointTable = createEndpointTable(table)
  return async function validatePathAndQuery(ctx: Koa.Context, next: Koa.Next) {
    const match = endpointTable.match(ctx.method, ctx.path)
    if (typeof match === 'object') {
      parseOr400(match.endpoint.params ?? undescribedParams, decodeParams(match.params))
      parseOr400((match.endpoint.query ?? z.object({})).catchall(otherQueryValue), ctx.query)
    }
    await next()
  }
}
