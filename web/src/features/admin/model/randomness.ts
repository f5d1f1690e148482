import { type PublicRandomness, publicRandomnessInput } from '@prizes/contracts'
import type { FieldErrors } from '../../../lib/field-errors'

/** The only public randomness the platform seals draws to (DESIGN section 8). */
export const randomnessSource = 'drand' as const

export interface RandomnessValues {
  round: string
  value: string
  /** drand's BLS signature for the round (hex), optional: with it the certificate checks the value is drand's. */
  signature: string
}

/** The admin's entry as the contract's `publicRandomness`; hex is case-insensitive, the contract wants lower case. */
export function randomnessPayload(values: RandomnessValues) {
  const signature = values.signature.trim().toLowerCase()
  return {
    source: randomnessSource,
    round: values.round.trim() === '' ? Number.NaN : Number(values.round),
    value: values.value.trim().toLowerCase(),
    ...(signature === '' ? {} : { signature }),
  }
}

export function validateRandomness(values: RandomnessValues): FieldErrors<keyof RandomnessValues> {
  const result = publicRandomnessInput.safeParse(randomnessPayload(values))
  const errors: FieldErrors<keyof RandomnessValues> = {}
  if (result.success) return errors
  for (const issue of result.error.issues) {
    if (issue.path[0] === 'round') errors.round ??= 'Enter the round number (a whole number above 0)'
    if (issue.path[0] === 'value') errors.value ??= 'Enter the round’s randomness as hexadecimal'
    if (issue.path[0] === 'signature') errors.signature ??= 'The signature is hexadecimal too'
  }
  return errors
}

export function parseRandomness(values: RandomnessValues): PublicRandomness | null {
  const result = publicRandomnessInput.safeParse(randomnessPayload(values))
  return result.success ? result.data : null
}
