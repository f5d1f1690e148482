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
export {
  type EnvironmentKeys,
  type EnvironmentSessionKeys,
  loadPersonalDataKey,
  loadSecrets,
  loadSessionKeys,
  type PlatformSecrets,
  personalDataSecret,
  platformSecret,
  rotateDatabaseSessionKey,
} from './secrets'
export {
  createKnexSessionStore,
  type SessionRecord,
  type SessionStore,
  sessionRecordOf,
} from './session-store'
export {
  issueSessionToken,
  type SessionClaims,
  type SessionKey,
  type SessionKeys,
  sessionKeys,
  sessionLifetimeMs,
  verifySessionToken,
} from './session-token'
