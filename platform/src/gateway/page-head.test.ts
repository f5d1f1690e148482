import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import {
  absoluteUrl,
  type CompetitionPage,
  competitionHead,
  escapeHtml,
  pageHeadEnd,
  pageHeadStart,
  summarise,
  withPageHead,
} from './page-head'

const competition: CompetitionPage = {
  id: '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21',
  title: 'Win a Tesla Model 3',
  description: 'A brand-new Tesla Model 3 in red.\n\nDelivered to your door anywhere in the UK.',
  image_url: '/media/tesla.webp',
  status: 'active',
  start_date: '2026-11-01T00:00:00.000Z',
  end_date: '2026-12-01T20:00:00.000Z',
  drawn_at: null,
}
const publicUrl = 'https://prizes.example.com'

describe("a competition page's head", () => {
  test('title, description, canonical, Open Graph and Twitter card, with absolute URLs', () => {
    const head = competitionHead(competition, publicUrl)
    expect(head).toContain('<title>Win a Tesla Model 3 – Prize Platform</title>')
    expect(head).toContain(
      '<meta name="description" content="A brand-new Tesla Model 3 in red. Delivered to your door anywhere in the UK." />',
    )
    const url = `${publicUrl}/competitions/${competition.id}`
    expect(head).toContain(`<link rel="canonical" href="${url}" />`)
    expect(head).toContain(`<meta property="og:url" content="${url}" />`)
    expect(head).toContain('<meta property="og:title" content="Win a Tesla Model 3" />')
    expect(head).toContain('<meta property="og:type" content="website" />')
    expect(head).toContain(`<meta property="og:image" content="${publicUrl}/media/tesla.webp" />`)
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(head).toContain(`<meta name="twitter:image" content="${publicUrl}/media/tesla.webp" />`)
  })

  test('a hostile title and description stay text: no element, no attribute breaks out', () => {
    const hostile = {
      ...competition,
      title: '</title><script>alert(1)</script>',
      description: '" onload="alert(2)" x=\'<img src=x onerror=alert(3)>',
      image_url: 'javascript:alert(4)',
    }
    const head = competitionHead(hostile, publicUrl)
    expect(head).not.toMatch(/<script|<img|javascript:/i)
    expect(head).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; – Prize Platform</title>',
    )
    expect(head).toContain(
      'content="&quot; onload=&quot;alert(2)&quot; x=&#39;&lt;img src=x onerror=alert(3)&gt;"',
    )
    // Every tag is one of ours: a meta, a link or the title.
    for (const tag of head.match(/<[a-z]+/g) ?? []) expect(['<title', '<meta', '<link']).toContain(tag)
    expect(head).toContain('<meta name="twitter:card" content="summary" />')
  })

  test('escapeHtml', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })

  test('an image is made absolute on the public origin, and only http(s)', () => {
    expect(absoluteUrl('/media/a.webp', publicUrl)).toBe(`${publicUrl}/media/a.webp`)
    expect(absoluteUrl('https://cdn.example.com/a.webp', publicUrl)).toBe('https://cdn.example.com/a.webp')
    expect(absoluteUrl('data:image/png;base64,AAAA', publicUrl)).toBeUndefined()
  })
})

describe('summarise', () => {
  test('a short description is one line as it is', () => {
    expect(summarise('  Two\n lines  ')).toBe('Two lines')
  })

  test('a long one is cut at a word, within 160 characters, with an ellipsis', () => {
    const long = 'word '.repeat(60)
    const summary = summarise(long)
    expect(summary.length).toBeLessThanOrEqual(160)
    expect(summary).toMatch(/word…$/)
    expect(summarise('x'.repeat(300))).toHaveLength(160)
  })
})

describe('withPageHead', () => {
  const html = `<html><head><meta charset="UTF-8" />${pageHeadStart}<title>Site</title>${pageHeadEnd}</head></html>`

  test('replaces the defaults, or adds after them', () => {
    expect(withPageHead(html, { replace: '<title>Page</title>' })).toMatch(
      /<!-- page-head -->\s*<title>Page<\/title>\s*<!-- \/page-head -->/,
    )
    expect(withPageHead(html, { add: '<meta name="robots" content="noindex" />' })).toMatch(
      /<title>Site<\/title>\s*<meta name="robots" content="noindex" \/>\s*<!-- \/page-head -->/,
    )
    expect(withPageHead(html, {})).toBe(html)
  })

  test('an index.html without the markers is sent as it is', () => {
    expect(withPageHead('<title>Old</title>', { replace: '<title>New</title>' })).toBe('<title>Old</title>')
  })

  test("the web app's index.html has the region, its defaults and the site's language", async () => {
    const source = await readFile(new URL('../../../web/index.html', import.meta.url), 'utf8')
    expect(source).toContain('<html lang="en-GB">')
    const region = source.slice(source.indexOf(pageHeadStart), source.indexOf(pageHeadEnd))
    expect(region).toContain('<title>')
    expect(region).toContain('name="description"')
    expect(region).toContain('property="og:title"')
    expect(source).toContain('name="theme-color"')
  })
})
