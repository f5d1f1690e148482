import { Refusal } from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import { replyTo } from '../http/errors'
import type { CompetitionPage } from './page-head'
import { createSitemap, sitemapXml } from './sitemap'

const competition = (id: string): CompetitionPage => ({
  id,
  title: 'A prize',
  description: 'A prize',
  image_url: null,
  status: 'active',
  start_date: '2026-11-01T00:00:00.000Z',
  end_date: '2026-12-01T00:00:00.000Z',
  drawn_at: null,
})
const builtAt = async () => new Date('2026-11-24T12:00:00.000Z')

describe('sitemap.xml', () => {
  test('escapes what it lists', () => {
    expect(sitemapXml([{ url: 'https://x.example/?a=1&b=<2>' }])).toContain(
      '<loc>https://x.example/?a=1&amp;b=&lt;2&gt;</loc>',
    )
  })

  test('is built once per TTL however many ask, and lists at most `limit` competitions', async () => {
    let clock = 0
    const limits: number[] = []
    const sitemap = createSitemap({
      publicUrl: 'https://prizes.example.com',
      builtAt,
      limit: 2,
      ttlMs: 60_000,
      now: () => clock,
      listCompetitionPages: async (limit) => {
        limits.push(limit)
        // A list source that ignores the limit is cut to it all the same.
        return ['a', 'b', 'c'].map(competition)
      },
    })
    const [xml] = await Promise.all([sitemap(), sitemap(), sitemap()])
    expect(limits).toEqual([2])
    expect(xml).toContain('/competitions/a<')
    expect(xml).toContain('/competitions/b<')
    expect(xml).not.toContain('/competitions/c<')
    expect(xml).toContain('<loc>https://prizes.example.com/</loc><lastmod>2026-11-24T12:00:00.000Z</lastmod>')
    clock = 59_999
    await sitemap()
    expect(limits).toHaveLength(1)
    clock = 60_000
    await sitemap()
    expect(limits).toHaveLength(2)
  })

  test('when the competitions cannot be listed: 503, and the next request tries again', async () => {
    let fail = true
    const sitemap = createSitemap({
      publicUrl: 'https://prizes.example.com',
      builtAt,
      listCompetitionPages: async () => {
        if (fail) throw new Error('query service down')
        return [competition('a')]
      },
    })
    const refused = await sitemap().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Refusal)
    expect(replyTo(refused as Refusal).status).toBe(503)
    fail = false
    expect(await sitemap()).toContain('/competitions/a<')
  })
})
