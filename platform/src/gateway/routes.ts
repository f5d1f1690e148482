import { type Endpoint, endpoints, type Service } from '@prizes/contracts'
import { createEndpointTable } from '../http/endpoint-table'

export interface RouteMatch {
  readonly service: Service
}

/**
 * The gateway's routing table, built from the endpoint table in contracts: a request goes to
 * the service that owns its method and path. `methodNotAllowed` distinguishes a known path
 * called with the wrong method from an unknown path.
 */
export function createRouteTable(table: Record<string, Endpoint> = endpoints) {
  const endpointTable = createEndpointTable(table)
  return {
    match(method: string, path: string): RouteMatch | 'methodNotAllowed' | undefined {
      const match = endpointTable.match(method, path)
      return typeof match === 'object' ? { service: match.endpoint.service } : match
    },
  }
}
