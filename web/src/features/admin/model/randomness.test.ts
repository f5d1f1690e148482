import { describe, expect, it } from 'vitest'
import { parseRandomness, validateRandomness } from './randomness'

describe('the randomness form', () => {
  it('gives the contract shape, hex in lower case', () => {
    expect(parseRandomness({ round: '12', value: ' ABcd ', signature: '' })).toEqual({
      source: 'drand',
      round: 12,
      value: 'abcd',
    })
    expect(parseRandomness({ round: '12', value: 'abcd', signature: 'EF01' })).toEqual({
      source: 'drand',
      round: 12,
      value: 'abcd',
      signature: 'ef01',
    })
  })

  it('names the field that is wrong', () => {
    expect(validateRandomness({ round: '', value: 'xyz', signature: 'not hex' })).toEqual({
      round: 'Enter the round number (a whole number above 0)',
      value: 'Enter the round’s randomness as hexadecimal',
      signature: 'The signature is hexadecimal too',
    })
    expect(validateRandomness({ round: '3', value: 'ab', signature: '' })).toEqual({})
  })
})
