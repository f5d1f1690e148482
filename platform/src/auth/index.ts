export {
  type AuthenticateOptions,
  authenticate,
  type CurrentSession,
  optionalUser,
  type Principal,
  requireAdmin,
  requireSession,
  requireUser,
} from './authenticate'
export {
  createKnexRateLimiter,
  type RateLimit,
  type RateLimiter,
  type RateLimitVerdict,
} from './rate-limiter'
export { type EnvironmentKeys, loadSecrets, type PlatformSecrets, platformSecret } from './secrets'
export {
  createKnexSessionStore,
  type SessionRecord,
  type SessionStore,
  sessionRecordOf,
} from './session-store'
export { issueSessionToken, type SessionClaims, sessionLifetimeMs, verifySessionToken } from './session-token'
