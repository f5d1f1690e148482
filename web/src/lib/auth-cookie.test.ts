import { describe, expect, it } from 'vitest'
import { authCookie, expiredAuthCookie, parseAuthToken, readAuthToken } from './auth-cookie'

describe('auth cookie', () => {
  it('keeps the token for 7 days, for the whole site, SameSite=Lax', () => {
    expect(authCookie('abc.def.ghi', { secure: false })).toBe(
      'auth_token=abc.def.ghi; Path=/; Max-Age=604800; SameSite=Lax',
    )
  })

  it('is Secure on https', () => {
    expect(authCookie('t', { secure: true })).toMatch(/; Secure$/)
    expect(expiredAuthCookie({ secure: true })).toBe('auth_token=; Path=/; Max-Age=0; SameSite=Lax; Secure')
  })

  it('round-trips characters a cookie cannot hold', () => {
    const cookie = authCookie('a b;c=d', { secure: false })
    const pair = cookie.split('; ')[0] ?? ''
    expect(parseAuthToken(`theme=dark; ${pair}`)).toBe('a b;c=d')
  })

  it('finds the token among other cookies and ignores look-alikes', () => {
    expect(parseAuthToken('x_auth_token=no; auth_token=yes; other=1')).toBe('yes')
    expect(parseAuthToken('auth_tokens=no')).toBeNull()
  })

  it('reads an empty or broken value as no token', () => {
    expect(parseAuthToken('')).toBeNull()
    expect(parseAuthToken('auth_token=')).toBeNull()
    expect(parseAuthToken('auth_token=%E0%A4%A')).toBeNull()
  })

  it('reads nothing outside a browser', () => {
    expect(readAuthToken()).toBeNull()
  })
})
