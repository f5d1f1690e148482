import { parseWithoutEval, type ServerAnswers } from '@prizes/contracts'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { createQueryClient } from './app/providers'
import { CompetitionPage } from './app/routes'
import { readServerAnswers, seedServerAnswers } from './app/server-answers'
import { takeOverInParts } from './components/take-over-later'
import { loadApiSchemas } from './lib/api-client'
import { RenderTime } from './lib/use-now'

// Before any schema is made (they load later, in chunks): our CSP forbids eval, and zod's
// probe for it would be reported as a violation.
parseWithoutEval()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const queryClient = createQueryClient()
// A page the gateway rendered (the home page, a competition's) came with the answers it was
// rendered from and the moment it was: the first render starts from them, so it shows what is on
// screen already and takes its markup over, without waiting for the endpoint schemas. Any other
// page asks for the schemas now, so its first call does not wait for them.
const answers = readServerAnswers(document)
const renderTime = { at: answers ? new Date(answers.renderedAt) : undefined }
const app = (
  <StrictMode>
    <RenderTime.Provider value={renderTime}>
      <App queryClient={queryClient} />
    </RenderTime.Provider>
  </StrictMode>
)
if (answers) void takeOver(root, answers)
else {
  void loadApiSchemas().catch(() => undefined)
  createRoot(root).render(app)
}

/**
 * The server's page taken over by the app. It is painted first: on a fast connection the scripts
 * can arrive before the first paint, and the takeover would hold it back (a frame's animation
 * callbacks run before its paint; a task queued from one runs after it). The first render makes
 * what the server made (a visitor without a session, the same answers), so it hydrates: the
 * server's elements are kept as they are, and the parts marked `TakeOverLater` follow in tasks
 * of their own. (No top-level await here: it would make the bundler split the first script into
 * dozens of chunks.)
 */
async function takeOver(root: HTMLElement, answers: ServerAnswers): Promise<void> {
  seedServerAnswers(queryClient, answers)
  // A lazy page's chunk, fetched while the first paint happens: the takeover renders it at once.
  const page = answers.page === 'competition' ? CompetitionPage.preload().catch(() => undefined) : undefined
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  await page
  try {
    await takeOverInParts(() => hydrateRoot(root, app))
  } finally {
    // The server's markup was inert (nothing to click before the script could answer); the app's is not.
    root.removeAttribute('inert')
    // What renders from now on counts from the browser's clock.
    renderTime.at = undefined
  }
}
