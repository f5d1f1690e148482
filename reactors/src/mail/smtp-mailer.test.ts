import { describe, expect, it } from 'vitest'
import { createSmtpMailer, InvalidSmtpUrl } from './smtp-mailer'

describe('createSmtpMailer', () => {
  it('refuses a URL that is not smtp:// or smtps://, without echoing credentials', () => {
    expect(() => createSmtpMailer({ url: 'http://user:secret@mail.example.com' })).toThrow(InvalidSmtpUrl)
    expect(() => createSmtpMailer({ url: 'http://user:secret@mail.example.com' })).toThrow(
      'Not an SMTP URL (expected smtp:// or smtps://): http://***@mail.example.com',
    )
  })

  it('accepts smtp:// and smtps:// URLs', () => {
    for (const url of ['smtp://127.0.0.1:1025', 'smtps://user:pass@mail.example.com:465']) {
      const mailer = createSmtpMailer({ url })
      expect(typeof mailer.send).toBe('function')
      mailer.close()
    }
  })
})
