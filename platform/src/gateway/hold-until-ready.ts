import { createHash } from 'node:crypto'

/**
 * The one inline script of a server-rendered page, right after `#root`: with scripts on, the
 * server's markup is inert until the app takes it over (a button that looks ready would
 * otherwise swallow a tap the script cannot answer yet); with scripts off it never runs, so
 * the page stays usable and readable (links followed, content in the accessibility tree).
 */
export const holdUntilReadyScript = "document.getElementById('root').inert=true"

/** The script's hash for the Content-Security-Policy: allowed by its content, nothing else inline. */
export const holdUntilReadyHash = `'sha256-${createHash('sha256').update(holdUntilReadyScript).digest('base64')}'`
