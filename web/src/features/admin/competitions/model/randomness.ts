import { type PublicRandomness, publicRandomnessInput } from '@prizes/contracts'
import type { FieldErrors } from '../../../../lib/field-errors'

/** The only public randomness the platform seals draws to (DESIGN section 8). */
export const randomnessSource = 'drand' as const

export interface RandomnessValues {
  round: string
  value: string
  /**
   * drand's BLS signature for the round (hex): with it the certificate checks the value is
   * drand's. Optional only in TEST MODE (the offline provider); a real-money site refuses a value
   * without it.
   */
  signature: string
}

export interface RandomnessRules {
  /** Real payments are taken (not the offline TEST MODE provider): the signature is required. */
  readonly signatureRequired: boolean
}

const signatureRequiredMessage = 'Enter drand’s signature for the round: this site takes real payments'

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

export function validateRandomness(
  values: RandomnessValues,
  rules: RandomnessRules = { signatureRequired: false },
): FieldErrors<keyof RandomnessValues> {
  const result = publicRandomnessInput.safeParse(randomnessPayload(values))
  const errors: FieldErrors<keyof RandomnessValues> = {}
  if (rules.signatureRequired && values.signature.trim() === '') errors.signature = signatureRequiredMessage
  if (result.success) return errors
  for (const issue of result.error.issues) {
    if (issue.path[0] === 'round') errors.round ??= 'Enter the round number (a whole number above 0)'
    if (issue.path[0] === 'value') errors.value ??= 'Enter the round’s randomness as hexadecimal'
    if (issue.path[0] === 'signature') errors.signature ??= 'The signature is hexadecimal too'
  }
  return errors
}

export function parseRandomness(
  values: RandomnessValues,
  rules: RandomnessRules = { signatureRequired: false },
): PublicRandomness | null {
  const result = publicRandomnessInput.safeParse(randomnessPayload(values))
  if (!result.success) return null
  return rules.signatureRequired && result.data.signature === undefined ? null : result.data
}
