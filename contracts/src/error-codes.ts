// No zod here: the web's first script takes these codes without the schemas.

/** Error codes shared by services and the web. Domain codes are added by later slices. */
export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  maintenance: 'MAINTENANCE',
  /** The database (or another part the service needs) is down or hung: try again shortly. */
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const
