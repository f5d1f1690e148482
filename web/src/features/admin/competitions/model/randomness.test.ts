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

  it('requires the signature where real payments are taken, and only there', () => {
    const unsigned = { round: '3', value: 'ab', signature: '' }
    const rules = { signatureRequired: true }
    expect(validateRandomness(unsigned, rules)).toEqual({
      signature: 'Enter drand’s signature for the round: this site takes real payments',
    })
    expect(parseRandomness(unsigned, rules)).toBeNull()
    expect(parseRandomness({ ...unsigned, signature: 'cd' }, rules)).toMatchObject({ signature: 'cd' })
    expect(parseRandomness(unsigned, { signatureRequired: false })).toMatchObject({ value: 'ab' })
  })
})
