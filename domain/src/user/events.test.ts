import { describe, expect, it } from 'vitest'
import { decodeUserEvent } from './events'
import { registered } from './test-fixtures'

describe('decodeUserEvent', () => {
  it('decodes a known event against its contract schema', () => {
    expect(decodeUserEvent(registered)).toEqual(registered)
  })

  it('answers undefined for a type it does not know', () => {
    expect(decodeUserEvent({ type: 'UserNicknamed', data: {} })).toBeUndefined()
    expect(decodeUserEvent({ type: 'hasOwnProperty', data: {} })).toBeUndefined()
  })

  it('throws for personal data stored in clear, which breaks the contract', () => {
    const clear = { ...registered.data, personal: { firstName: 'Ada' } }
    expect(() => decodeUserEvent({ type: 'UserRegistered', data: clear })).toThrow()
  })
})
