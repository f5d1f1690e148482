import { testCardRequest } from '@prizes/contracts'
import { type FieldErrors, firstErrors } from '../../../lib/field-errors'

export interface CardFormValues {
  cardNumber: string
  expiry: string
  cvc: string
}
export const emptyCard: CardFormValues = { cardNumber: '', expiry: '', cvc: '' }

const digitsOf = (value: string) => value.replace(/\D/g, '')

/** Groups of four as people read card numbers: "4242 4242 4242 4242". */
export const formatCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')

/** MM/YY, the slash added once the month is typed. */
export function formatExpiry(value: string): string {
  const d = digitsOf(value).slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d
}

export const formatCvc = (value: string) => digitsOf(value).slice(0, 4)

export const cardNumberIncomplete = 'Enter the whole card number'

/** The contract's rules for the offline card form, and a whole card number. */
export function validateCard(values: CardFormValues): FieldErrors<keyof CardFormValues> {
  const errors = firstErrors<keyof CardFormValues>(testCardRequest.safeParse(values))
  const length = digitsOf(values.cardNumber).length
  if (errors.cardNumber === undefined && (length < 12 || length > 19))
    errors.cardNumber = cardNumberIncomplete
  return errors
}
