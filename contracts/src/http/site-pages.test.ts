import { describe, expect, test } from 'vitest'
import { matchSitePage } from './site-pages'

describe('matchSitePage', () => {
  test.each([
    ['/', 'home', {}],
    ['/about', 'about', {}],
    ['/about/', 'about', {}],
    ['/ABOUT', 'about', {}],
    ['/competitions', 'competitions', {}],
    [
      '/competitions/3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21',
      'competition',
      { id: '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21' },
    ],
    ['/draws/abc', 'drawCertificate', { competitionId: 'abc' }],
    ['/newsletter/unsubscribe', 'newsletterUnsubscribe', {}],
    ['/terms-and-conditions', 'terms', {}],
  ])('%s is the %s page', (path, name, params) => {
    expect(matchSitePage(path)).toEqual({ name, params })
  })

  test.each([
    '/nope',
    '/about/more',
    '/competitions/a/b',
    '//about',
    '/newsletter',
    '/draws',
    '/draws/',
    'about',
  ])('%s is no page', (path) => expect(matchSitePage(path)).toBeUndefined())
})
