import { type Endpoint, endpoints } from '@prizes/contracts'

export interface EndpointMatch {
  readonly endpoint: Endpoint
  /** The path's parameters by name, as sent: still percent-encoded. */
  readonly params: Record<string, string>
}

function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? `(?<${segment.slice(1)}>[^/]+)`
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/')
  return new RegExp(`^${source}/?$`)
}

/**
 * The endpoint table of contracts, matched against requests: the gateway routes by it and
 * every service validates path parameters and queries by it. `methodNotAllowed` tells a known
 * path called with the wrong method from an unknown path.
 */
export function createEndpointTable(table: Record<string, Endpoint> = endpoints) {
  const routes = Object.values(table).map((endpoint) => ({ endpoint, pattern: compile(endpoint.path) }))
  return {
    match(method: string, path: string): EndpointMatch | 'methodNotAllowed' | undefined {
      let onPath = false
      for (const { endpoint, pattern } of routes) {
        const found = pattern.exec(path)
        if (!found) continue
        onPath = true
        if (endpoint.method === method || (method === 'HEAD' && endpoint.method === 'GET')) {
          return { endpoint, params: { ...found.groups } }
        }
      }
      return onPath ? 'methodNotAllowed' : undefined
    },
  }
}
