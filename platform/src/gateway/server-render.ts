import { stat } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { type ServerAnswers, serverAnswersElementId } from '@prizes/contracts'
import { holdUntilReadyScript } from './hold-until-ready'

/** What the web build's server module (`web/dist-server/entry-server.js`) exports. */
interface ServerRenderModule {
  renderPage(answers: ServerAnswers): Promise<string>
}

const isServerRenderModule = (module: unknown): module is ServerRenderModule =>
  typeof (module as Partial<ServerRenderModule> | undefined)?.renderPage === 'function'

/**
 * A page's markup from the web build's server module at `file`: imported at once and again when
 * a new build replaces it. One render per answers object, begun by the first visit and
 * shared by those arriving while it runs: the lookups reuse their answers for a while, so a
 * flood of visits costs one render, not one each. No module (a build without it), one that
 * fails to load, or a render that fails: undefined, and the page is sent as the browser's app
 * would build it alone.
 */
export function serverRender(file: string, onError: (error: unknown) => void) {
  let loaded: { mtimeMs: number; module: Promise<ServerRenderModule | undefined> } | undefined
  const rendered = new WeakMap<ServerAnswers, Promise<string | undefined>>()

  async function load(): Promise<ServerRenderModule | undefined> {
    const stats = await stat(file).catch(() => undefined)
    if (!stats) return undefined
    if (loaded?.mtimeMs !== stats.mtimeMs) {
      // A new URL per build: Node keeps a module by its URL, so a rebuilt file needs a new one.
      const url = `${pathToFileURL(file).href}?built=${stats.mtimeMs}`
      loaded = {
        mtimeMs: stats.mtimeMs,
        module: import(url).then(
          (module: unknown) => {
            if (isServerRenderModule(module)) return module
            onError(new Error(`${file} does not export renderPage`))
            return undefined
          },
          (error: unknown) => {
            onError(error)
            return undefined
          },
        ),
      }
    }
    return loaded.module
  }

  async function renderOnce(answers: ServerAnswers): Promise<string | undefined> {
    const module = await load()
    try {
      return await module?.renderPage(answers)
    } catch (error) {
      onError(error)
      return undefined
    }
  }

  // Imported now, not by the first visit: the module is the whole app, and importing it takes a
  // moment that visit would wait for.
  void load()

  return function renderPage(answers: ServerAnswers): Promise<string | undefined> {
    const known = rendered.get(answers)
    if (known) return known
    const markup = renderOnce(answers)
    rendered.set(answers, markup)
    return markup
  }
}

const emptyRoot = '<div id="root"></div>'

/**
 * index.html with the server's markup in `#root` and the answers it was rendered from beside it
 * (see `serverAnswersElementId`). With scripts on, the markup is inert until the app takes it
 * over (`holdUntilReadyScript`); with scripts off it is a plain, usable page. `<` is
 * escaped in the JSON, so no text in an answer can close the script element. An index.html
 * without an empty `#root` is sent as it is.
 */
export function withRenderedRoot(html: string, markup: string, answers: ServerAnswers): string {
  const at = html.indexOf(emptyRoot)
  if (at < 0) return html
  const json = JSON.stringify(answers).replace(/</g, '\\u003c')
  return [
    html.slice(0, at),
    `<div id="root">${markup}</div>`,
    `<script>${holdUntilReadyScript}</script>`,
    `<script type="application/json" id="${serverAnswersElementId}">${json}</script>`,
    html.slice(at + emptyRoot.length),
  ].join('')
}
