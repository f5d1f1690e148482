import { z } from 'zod'

/** The one error body every service answers with (DESIGN section 10). */
export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof errorBody>

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
