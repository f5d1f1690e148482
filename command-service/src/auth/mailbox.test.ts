import { describe, expect, it } from 'vitest'
import { mailboxOf } from './mailbox'

describe('mailboxOf', () => {
  it('folds case and drops a +tag', () => {
    expect(mailboxOf(' Ada+Entry-1@Example.com ')).toBe('ada@example.com')
    expect(mailboxOf('ada+@example.com')).toBe('ada@example.com')
  })

  it('drops dots in a Gmail local part only, and knows googlemail.com is Gmail', () => {
    expect(mailboxOf('a.d.a+x@googlemail.com')).toBe('ada@gmail.com')
    expect(mailboxOf('a.da@example.com')).toBe('a.da@example.com')
  })

  it('keeps a local part that is only a tag as it is, and leaves a value without @ alone', () => {
    expect(mailboxOf('+tag@example.com')).toBe('+tag@example.com')
    expect(mailboxOf('not-an-email')).toBe('not-an-email')
  })
})
