import { type Endpoint, endpoints, type Method, type Service } from '@prizes/contracts'

export interface RouteMatch {
  readonly service: Service
}

interface CompiledRoute {
  readonly method: Method
  readonly pattern: RegExp
  readonly service: Service
}

function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${source}/?$`)
}

/**
 * The gateway's routing table, built from the endpoint table in contracts: a request goes to
 * the service that owns its method and path. `methodNotAllowed` distinguishes a known path
 * called with the wrong method from an unknown path.
 */
export function createRouteTable(table: Record<string, Endpoint> = endpoints) {
  const routes: CompiledRoute[] = Object.values(table).map((e) => ({
    method: e.method,
    pattern: compile(e.path),
    service: e.service,
  }))
  return {
    match(method: string, path: string): RouteMatch | 'methodNotAllowed' | undefined {
      const onPath = routes.filter((r) => r.pattern.test(path))
      if (onPath.length === 0) return undefined
      const route = onPath.find((r) => r.method === method || (method === 'HEAD' && r.method === 'GET'))
      return route ? { service: route.service } : 'methodNotAllowed'
    },
  }
}
