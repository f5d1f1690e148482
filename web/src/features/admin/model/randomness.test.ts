import { describe, expect, it } from 'vitest'
import { parseRandomness, sealedRound, validateRandomness } from './randomness'

describe('sealedRound', () => {
  it('reads the round the server asks for', () => {
    expect(sealedRound('Enter the value of drand round 4242: the beacon could not be reached')).toBe(4242)
  })

  it('falls back to the close in the history', () => {
    const history = [
      { type: 'CompetitionPublished', summary: 'Published' },
      {
        type: 'CompetitionClosed',
        summary: 'Closed by an admin: 3 eligible tickets sealed, drand round 777',
      },
    ]
    expect(sealedRound('The beacon could not be reached', history)).toBe(777)
  })

  it('knows nothing when neither names a round', () => {
    expect(sealedRound('Something else')).toBeNull()
  })
})

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
