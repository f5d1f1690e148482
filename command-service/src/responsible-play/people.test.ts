import { describe, expect, it } from 'vitest'
import { personHashes, postcodeOf } from './people'

const secret = Buffer.alloc(32, 7)
const jo = {
  firstName: 'Jo',
  lastName: 'Bloggs',
  email: 'jo.bloggs@gmail.com',
  address: '1 High Street, Leeds LS1 4AP',
  dateOfBirth: '1990-12-10',
}

describe('postcodeOf', () => {
  it('finds the last UK postcode or Eircode, in any case and spacing', () => {
    expect(postcodeOf('1 High Street, Leeds LS1 4AP')).toBe('LS14AP')
    expect(postcodeOf('flat 2, 10 Downing St, london sw1a2aa')).toBe('SW1A2AA')
    expect(postcodeOf('Unit 4, Dublin D02 X285')).toBe('D02X285')
    expect(postcodeOf('Somewhere with no code')).toBeUndefined()
  })
})

describe('personHashes', () => {
  it('gives one inbox for every spelling of it', () => {
    const inbox = personHashes(secret, jo).inboxHash
    for (const email of ['JoBloggs+x@googlemail.com', 'j.o.bloggs@gmail.com']) {
      expect(personHashes(secret, { ...jo, email }).inboxHash).toBe(inbox)
    }
    expect(personHashes(secret, { ...jo, email: 'jo.bloggs@example.com' }).inboxHash).not.toBe(inbox)
  })

  it('matches the same name, date of birth and postcode however written, and nothing else', () => {
    const { detailsHash } = personHashes(secret, jo)
    expect(detailsHash).toMatch(/^[0-9a-f]{64}$/)
    const same = {
      ...jo,
      firstName: ' JO ',
      lastName: 'bloggs',
      email: 'new@example.org',
      address: '2 Other Rd, ls14ap',
    }
    expect(personHashes(secret, same).detailsHash).toBe(detailsHash)
    for (const change of [
      { dateOfBirth: '1990-12-11' },
      { lastName: 'Blogs' },
      { address: '1 High Street, Leeds LS1 4AQ' },
    ]) {
      expect(personHashes(secret, { ...jo, ...change }).detailsHash).not.toBe(detailsHash)
    }
  })

  it('keeps no clear value, is keyed, and has no details hash without a date of birth or postcode', () => {
    const hashes = personHashes(secret, jo)
    expect(JSON.stringify(hashes)).not.toMatch(/bloggs|LS1|1990/i)
    expect(personHashes(Buffer.alloc(32, 8), jo).detailsHash).not.toBe(hashes.detailsHash)
    expect(personHashes(secret, { ...jo, dateOfBirth: null }).detailsHash).toBeNull()
    expect(personHashes(secret, { ...jo, address: 'No code here' }).detailsHash).toBeNull()
  })
})
