import type { z } from 'zod'
import { adminEndpoints } from './admin-endpoints'
import { publicEndpoints } from './public-endpoints'

export type { Endpoint, Method, Service } from './endpoint'

/**
 * Every HTTP endpoint: the gateway routes by it, services validate by it, the web's typed
 * client calls by it. Later slices add their endpoints to one of the two tables.
 */
export const endpoints = { ...publicEndpoints, ...adminEndpoints } as const

export type EndpointName = keyof typeof endpoints
export type ResponseOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]['response']>
export type RequestOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]['request']>
