import { matchSitePage, sitePages } from '@prizes/contracts'
import { parse } from 'regexparam'
import { describe, expect, test } from 'vitest'

/** The gateway answers 404 for paths no page matches: it must match them as this app's router does. */
describe("the site's pages", () => {
  test("the gateway's matcher agrees with the web's router (wouter's regexparam) on every page and near miss", () => {
    const paths = [
      '/',
      '/about',
      '/About/',
      '/competitions/x',
      '/competitions/x/',
      '/draws/1',
      '/nope',
      '/about/x',
      '/faqs//',
    ]
    for (const path of paths) {
      const wouter = Object.entries(sitePages).find(([, page]) => parse(page.path).pattern.test(path))?.[0]
      expect(matchSitePage(path)?.name, path).toBe(wouter)
    }
  })
})
