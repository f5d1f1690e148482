import type Router from '@koa/router'
import { accountRouter } from './account-routes'
import { linkRouter } from './link-routes'
import { publicAuthRouter } from './public-routes'
import type { AuthRouteOptions } from './routes'

/** Every endpoint of SPEC section 7 "Auth and public" that the command service owns. */
export function authRouters(options: AuthRouteOptions): Router[] {
  return [publicAuthRouter(options), linkRouter(options), accountRouter(options)]
}
