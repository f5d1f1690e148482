export {
  type CreditHold,
  type CreditHoldStatus,
  creditCardMonth,
  creditHoldOf,
  creditSpentIn,
  giveCreditBack,
  holdCredit,
  markCreditCaptured,
} from './ledger'
export { createCreditLimitedPaymentProvider, withCreditRefunds } from './refunds'
