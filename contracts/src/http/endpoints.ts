import { z } from 'zod'
import { competitionList } from '../competition'

export type Service = 'command' | 'query'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly method: Method
  /** Koa-router style path, `:param` for parameters. */
  readonly path: string
  readonly service: Service
  readonly request: Req
  readonly response: Res
}

const endpoint = <Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>) => e

const noBody = z.undefined().or(z.object({}).strict())

/**
 * Every HTTP endpoint: the gateway routes by it, services validate by it, the web's typed
 * client calls by it. Later slices add their endpoints here.
 */
export const endpoints = {
  listCompetitions: endpoint({
    method: 'GET',
    path: '/api/competitions',
    service: 'query',
    request: noBody,
    response: competitionList,
  }),
  listFeaturedCompetitions: endpoint({
    method: 'GET',
    path: '/api/competitions/featured',
    service: 'query',
    request: noBody,
    response: competitionList,
  }),
  commandHealth: endpoint({
    method: 'GET',
    path: '/api/health/command',
    service: 'command',
    request: noBody,
    response: z.object({ success: z.literal(true), service: z.literal('command') }),
  }),
  queryHealth: endpoint({
    method: 'GET',
    path: '/api/health/query',
    service: 'query',
    request: noBody,
    response: z.object({ success: z.literal(true), service: z.literal('query') }),
  }),
} as const

export type EndpointName = keyof typeof endpoints
export type ResponseOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]['response']>
