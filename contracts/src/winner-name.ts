import { z } from 'zod'

/**
 * Issue 24: whether a winner's name may be published. By default a winner is shown by first
 * name and surname initial ("Grace H."); a user who objects is shown as "A winner from <place>".
 */
export const winnerNameRequest = z
  .object({ shown: z.boolean({ message: 'Must be true (show my name) or false (do not)' }) })
  .strict()
export type WinnerNameRequest = z.infer<typeof winnerNameRequest>

export const winnerNameResponse = z.object({
  success: z.literal(true),
  shown: z.boolean(),
  message: z.string().optional(),
})
export type WinnerNameResponse = z.infer<typeof winnerNameResponse>

export const winnerNameMessages = {
  shown: 'If you win, we will show your first name and the initial of your surname.',
  hidden: 'If you win, we will not show your name: only "A winner from" your town or county.',
} as const
