import { parseWithoutEval } from '@prizes/contracts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createQueryClient } from './app/providers'
import { readServerAnswers, seedServerAnswers } from './app/server-answers'
import { loadApiSchemas } from './lib/api-client'

// Before any schema is made (they load later, in chunks): our CSP forbids eval, and zod's
// probe for it would be reported as a violation.
parseWithoutEval()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const queryClient = createQueryClient()
// A page the gateway rendered (the home page) came with the answers it was rendered from: the
// first render waits for them, so it shows what is on screen already and takes its markup over.
const answers = readServerAnswers(document)
if (answers) {
  try {
    const { publicEndpoints } = await loadApiSchemas()
    // The schemas' chunk has just run (zod building every endpoint's schema); the render gets a
    // task of its own, so neither holds a phone's main thread for long. The page is on screen.
    await new Promise((resolve) => setTimeout(resolve, 0))
    seedServerAnswers(queryClient, answers, publicEndpoints)
  } catch {
    // The schemas did not load: the queries ask the API themselves, as on any other page.
  }
}

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
)
// The server's markup was inert (nothing to click before the script could answer); the app's is not.
root.removeAttribute('inert')
