import { type ServerAnswers, sitePages } from '@prizes/contracts'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { App } from './app/app'
import { createQueryClient } from './app/providers'
import { CompetitionPage } from './app/routes'
import { seedServerAnswers } from './app/server-answers'
import { RenderTime } from './lib/use-now'

/** The address of the page `answers` are for, as its links name it. */
function pathOf(answers: ServerAnswers): string {
  switch (answers.page) {
    case 'home':
      return sitePages.home.path
    case 'competition':
      return `/competitions/${encodeURIComponent(answers.getCompetition.competition.id)}`
  }
}

/**
 * A page's markup as the browser's first render makes it from `answers` (see
 * `server-answers.ts`) at the moment they were rendered at: the gateway sends it inside
 * `#root`, so a phone paints the page (the featured prize, a competition's details) before any
 * script has run. A lazy page's chunk is loaded first, since a server render cannot wait for
 * one. Emotion's styles come ahead of it (`withStylesFirst`); the browser's Emotion moves them
 * to the head before the app renders over this markup.
 */
export async function renderPage(answers: ServerAnswers): Promise<string> {
  if (answers.page === 'competition') await CompetitionPage.preload()
  const queryClient = createQueryClient()
  seedServerAnswers(queryClient, answers)
  try {
    return withStylesFirst(
      renderToString(
        <StrictMode>
          <RenderTime.Provider value={{ at: new Date(answers.renderedAt) }}>
            <Router ssrPath={pathOf(answers)}>
              <App queryClient={queryClient} />
            </Router>
          </RenderTime.Provider>
        </StrictMode>,
      ),
    )
  } finally {
    queryClient.clear()
  }
}

/** A style element Emotion writes before the element it styles on a server: its key, names and rules. */
const emotionStyle = /<style data-emotion="([\w-]+) ([^"]*)">([^<]*)<\/style>/g

/**
 * Emotion's style elements (one before each styled element, about a hundred on the home page)
 * gathered into one per key, in their order, ahead of the markup: the browser parses one
 * stylesheet instead of a hundred, and the browser's Emotion moves one element to the head and
 * reads every name it already holds from it, as it would each of them.
 */
export function withStylesFirst(markup: string): string {
  const styles = new Map<string, { names: string[]; rules: string[] }>()
  const rest = markup.replace(emotionStyle, (_match, key: string, names: string, rules: string) => {
    const style = styles.get(key) ?? { names: [], rules: [] }
    style.names.push(names)
    style.rules.push(rules)
    styles.set(key, style)
    return ''
  })
  const gathered = [...styles].map(
    ([key, { names, rules }]) => `<style data-emotion="${key} ${names.join(' ')}">${rules.join('')}</style>`,
  )
  return gathered.join('') + rest
}
