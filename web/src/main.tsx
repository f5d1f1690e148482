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
// first render starts from them, so it shows what is on screen already and takes its markup
// over. Such a page makes no API call until someone acts, so the endpoint schemas wait for the
// first call; any other page asks for them now, so its first call does not wait.
const answers = readServerAnswers(document)
if (answers) seedServerAnswers(queryClient, answers)
else void loadApiSchemas().catch(() => undefined)

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
)
// The server's markup was inert (nothing to click before the script could answer); the app's is not.
root.removeAttribute('inert')
