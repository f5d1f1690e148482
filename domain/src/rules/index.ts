export { ageOn, dateOfBirthRange, isAtLeastAge, minimumAgeYears, oldestAgeYears } from './age'
export { answersGivenAway, type Giveaway, type GiveawayField } from './answer-giveaway'
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
export { ukTimeZoneName } from './uk-time'
export {
  addWorkingDays,
  type ComplaintDeadlines,
  complaintAcknowledgeWorkingDays,
  complaintDeadlines,
  complaintFinalAnswerWeeks,
  englandAndWalesBankHolidays,
  isWorkingDay,
} from './working-days'
