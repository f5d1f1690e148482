import { z } from 'zod'

/**
 * The home page's success figures, from the platform's own records (issue 24): members are
 * accounts whose email is verified, winners are completed draws, prizes won the sum of their
 * prizes' values. The section is shown only once there is a winner.
 */
export const successFiguresResponse = z.object({
  success: z.literal(true),
  members: z.number().int().nonnegative(),
  winners: z.number().int().nonnegative(),
  prizesWonPence: z.number().int().nonnegative(),
})
export type SuccessFigures = z.infer<typeof successFiguresResponse>
