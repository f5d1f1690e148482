import { z } from 'zod'
import { maxLength, tooLongMessage } from './bounds'
import { uuidPattern } from './ids'

/**
 * A UTF-16 surrogate without its partner: not a Unicode character. UTF-8 cannot carry it (Node
 * writes U+FFFD instead, so the text changes on its way) and PostgreSQL's jsonb refuses it.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Whether text can be stored and sent on unchanged: no NUL (PostgreSQL's text and jsonb cannot
 * hold it) and no lone surrogate. Every text a client sends is checked with this before it can
 * reach a query, an event or an email.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value)
}

export const unstorableTextMessage = 'Must not contain NUL characters or unpaired surrogates'

/**
 * The one string schema for request input: storable (see `isStorableText`) and at most `max`
 * characters. Further checks chain on it (`.trim().min(1)`, `.regex(...)`); a value that is not
 * storable fails with that message alone.
 */
export const text = (
  max: number,
  tooLong: string = tooLongMessage('The text', max),
  params?: { error: string },
) =>
  z.string(params).refine(isStorableText, { message: unstorableTextMessage, abort: true }).max(max, tooLong)

/** An id of ours (a competition, a user, an entry): a UUID, checked before it reaches a query or a stream name. */
export const entityId = text(36, 'Must be a valid id').regex(uuidPattern, 'Must be a valid id')

/** A payment provider's intent id: Stripe's `pi_…`, the offline provider's `pi_offline_…`. */
export const paymentIntentId = text(maxLength.identifier, 'Must be a valid payment id').regex(
  /^[A-Za-z0-9_-]+$/,
  'Must be a valid payment id',
)

/** A path or query value no endpoint describes more closely (a one-time token, a page number). */
export const anyParam = text(maxLength.identifier)
