import { parseWithoutEval } from '@prizes/contracts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'

// Before any schema is made (they load later, in chunks): our CSP forbids eval, and zod's
// probe for it would be reported as a violation.
parseWithoutEval()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
