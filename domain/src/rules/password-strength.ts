/**
 * The three password-strength scores of SPEC section 4. They differ on purpose: the register
 * form, the change-password tab and the reset page each show their own meter, and people see the
 * same label for the same password wherever it was typed on the old product.
 */

const hasLowercase = (p: string) => /[a-z]/.test(p)
const hasUppercase = (p: string) => /[A-Z]/.test(p)
const hasDigit = (p: string) => /[0-9]/.test(p)
const hasSymbol = (p: string) => /[^A-Za-z0-9]/.test(p)

export const registerStrengthLabels = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const
export type RegisterStrengthLabel = (typeof registerStrengthLabels)[number]

export interface RegisterStrength {
  /** One point each for length 8, lowercase, uppercase, digit and symbol: 0 to 5. */
  readonly points: number
  /** Points capped at 4: the index of the label. */
  readonly level: 0 | 1 | 2 | 3 | 4
  readonly label: RegisterStrengthLabel
}

/** Register form: Very Weak, Weak, Fair, Good, Strong. */
export function registerPasswordStrength(password: string): RegisterStrength {
  const points = [
    password.length >= 8,
    hasLowercase(password),
    hasUppercase(password),
    hasDigit(password),
    hasSymbol(password),
  ].filter(Boolean).length
  const level = Math.min(points, 4) as RegisterStrength['level']
  return { points, level, label: registerStrengthLabels[level] }
}

export type BandedStrengthLabel = 'Weak' | 'Medium' | 'Strong'

export interface BandedStrength {
  /** 0 to 100. */
  readonly score: number
  readonly label: BandedStrengthLabel
}

/** Weak below 40, Medium below 70, else Strong (change-password tab and reset page alike). */
function band(score: number): BandedStrength {
  const capped = Math.min(score, 100)
  return { score: capped, label: capped < 40 ? 'Weak' : capped < 70 ? 'Medium' : 'Strong' }
}

/** Change-password tab: 25 for length 8, 15 more for 12, 20 lowercase, 20 uppercase, 15 digit, 5 symbol. */
export function changePasswordStrength(password: string): BandedStrength {
  let score = 0
  if (password.length >= 8) score += 25
  if (password.length >= 12) score += 15
  if (hasLowercase(password)) score += 20
  if (hasUppercase(password)) score += 20
  if (hasDigit(password)) score += 15
  if (hasSymbol(password)) score += 5
  return band(score)
}

/** Reset page: 20 for length 8, 10 more for 12, 20 each lowercase, uppercase and digit, 10 symbol. */
export function resetPasswordStrength(password: string): BandedStrength {
  let score = 0
  if (password.length >= 8) score += 20
  if (password.length >= 12) score += 10
  if (hasLowercase(password)) score += 20
  if (hasUppercase(password)) score += 20
  if (hasDigit(password)) score += 20
  if (hasSymbol(password)) score += 10
  return band(score)
}
