export { ageOn, dateOfBirthRange, isAtLeastAge, minimumAgeYears, oldestAgeYears } from './age'
export {
  type BandedStrength,
  type BandedStrengthLabel,
  changePasswordStrength,
  type RegisterStrength,
  type RegisterStrengthLabel,
  registerPasswordStrength,
  registerStrengthLabels,
  resetPasswordStrength,
} from './password-strength'
