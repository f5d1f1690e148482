import { newPassword } from '@prizes/contracts'
import { ConfigError, loadConfig } from '@prizes/platform'
import { describe, expect, it } from 'vitest'
import { boxed, configuredAdminPassword, generateAdminPassword } from './admin'

describe('generateAdminPassword', () => {
  it('always meets the password rules and differs each time', () => {
    const passwords = Array.from({ length: 200 }, () => generateAdminPassword())
    for (const password of passwords) {
      expect(newPassword.safeParse(password).success).toBe(true)
      expect(password).toHaveLength(20)
      expect(password).not.toMatch(/[lIO01]/)
    }
    expect(new Set(passwords).size).toBe(passwords.length)
  })

  it('meets the rules at the shortest length allowed', () => {
    for (let i = 0; i < 200; i += 1)
      expect(newPassword.safeParse(generateAdminPassword(8)).success).toBe(true)
  })
})

describe('boxed', () => {
  it('frames every line at the same width', () => {
    const box = boxed(['Email:    a@b.c', 'Password: Secret123']).split('\n')
    expect(box).toHaveLength(4)
    expect(new Set(box.map((line) => line.length)).size).toBe(1)
    expect(box[2]).toBe('║  Password: Secret123  ║')
  })
})

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('are optional, and the email is trimmed and lower-cased', () => {
    expect(loadConfig({}).ADMIN_EMAIL).toBeUndefined()
    expect(loadConfig({ ADMIN_EMAIL: ' Boss@Example.COM ' }).ADMIN_EMAIL).toBe('boss@example.com')
    expect(() => loadConfig({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/)
  })

  it('a weak ADMIN_PASSWORD is refused with the rules it breaks, never the password itself', () => {
    const attempt = () => configuredAdminPassword('weakpass')
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(/ADMIN_PASSWORD: Password must contain at least one uppercase letter/)
    expect(attempt).toThrow(/ADMIN_PASSWORD: Password must contain at least one number/)
    expect(attempt).not.toThrow(/weakpass/)
    expect(configuredAdminPassword('Str0ngEnough')).toBe('Str0ngEnough')
  })
})
