import { describe, expect, test } from 'vitest'
import { endpoints } from './http/endpoints'
import { entityId, isStorableText, paymentIntentId, text, unstorableTextMessage } from './text'

describe('storable text', () => {
  test.each([
    ['plain text', 'Win a campervan', true],
    ['an emoji (a surrogate pair)', 'Prize 🚐', true],
    ['accents and scripts', 'Zoë, 東京, مرحبا', true],
    ['the empty string', '', true],
    ['NUL', 'a\u0000b', false],
    ['NUL alone', '\u0000', false],
    ['a high surrogate alone', 'a\uD800b', false],
    ['a high surrogate at the end', 'a\uD83D', false],
    ['a low surrogate alone', '\uDE90 start', false],
    ['two high surrogates', '\uD83D\uD83D', false],
    ['a pair reversed', '\uDE90\uD83D', false],
  ])('%s', (_name, value, storable) => {
    expect(isStorableText(value)).toBe(storable)
  })

  test('the schema refuses unstorable text with its own message only, and bounds the length', () => {
    const title = text(5, 'Too long').trim().min(1, 'Required')
    expect(title.safeParse(' ab ').data).toBe('ab')
    expect(title.safeParse('a\u0000b').error?.issues.map((i) => i.message)).toEqual([unstorableTextMessage])
    expect(title.safeParse('\uD800').error?.issues.map((i) => i.message)).toEqual([unstorableTextMessage])
    expect(title.safeParse('abcdef').error?.issues.map((i) => i.message)).toEqual(['Too long'])
    expect(title.safeParse('x'.repeat(900_000)).error?.issues.map((i) => i.message)).toEqual(['Too long'])
  })
})

describe('ids', () => {
  test('our ids are UUIDs', () => {
    expect(entityId.safeParse('5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0001').success).toBe(true)
    for (const bad of [
      'car',
      '',
      '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0001\u0000',
      '5b0f3c2e0d1a4c559e1e3f6f1c0a0001',
    ]) {
      expect(entityId.safeParse(bad).success, bad).toBe(false)
    }
  })

  test('payment intent ids are the providers’ word characters', () => {
    expect(paymentIntentId.safeParse('pi_3MtwBwLkdIwHu7ix28a3tqPa').success).toBe(true)
    expect(paymentIntentId.safeParse('pi_offline_0a1b2c').success).toBe(true)
    for (const bad of ['', 'pi_\u0000', 'pi 1', 'pi_/../x', 'p'.repeat(256)]) {
      expect(paymentIntentId.safeParse(bad).success, bad).toBe(false)
    }
  })
})

describe('the endpoint table', () => {
  test('describes every path parameter, so each is checked before a handler runs', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((found) => found[1])
      const described = Object.keys(endpoint.params?.shape ?? {})
      expect(described.sort(), name).toEqual(inPath.sort())
    }
  })
})
