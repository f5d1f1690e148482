import { z } from 'zod'

/** The one error body every service answers with (DESIGN section 10). */
export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof errorBody>
