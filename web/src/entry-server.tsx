import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { App } from './app/app'
import { createQueryClient } from './app/providers'
import { type ServerAnswers, seedServerAnswers } from './app/server-answers'
import { publicEndpoints } from './lib/api-schemas'

export type { ServerAnswers }

/**
 * The home page's markup as the browser's first render makes it from `answers` (see
 * `server-answers.ts`): the gateway sends it inside `#root`, so a phone paints the featured prize
 * before any script has run. Styles come inline, as Emotion writes them on a server; the
 * browser's Emotion moves them to the head before the app renders over this markup.
 */
export function renderHomePage(answers: ServerAnswers): string {
  const queryClient = createQueryClient()
  seedServerAnswers(queryClient, answers, publicEndpoints)
  try {
    return renderToString(
      <StrictMode>
        <Router ssrPath="/">
          <App queryClient={queryClient} />
        </Router>
      </StrictMode>,
    )
  } finally {
    queryClient.clear()
  }
}
