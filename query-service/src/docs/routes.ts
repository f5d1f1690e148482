import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import Router from '@koa/router'
import { endpoints, errorCodes, Refusal } from '@prizes/contracts'
import { buildOpenApiDocument } from '@prizes/contracts/openapi'
import { docsContentSecurityPolicy, platformVersion } from '@prizes/platform'
import { etagOf, sendWithEtag, type TaggedBody } from '../http/etag'

const require = createRequire(import.meta.url)
const javascript = 'text/javascript; charset=utf-8'

/**
 * Every file `/api/docs/assets/:file` serves, by name: Swagger UI's bundle and style sheet from
 * its package, and the script that starts it. A name not listed is 404; no name is ever joined
 * to a path, so none can reach another file.
 */
const assetFiles = new Map<string, { readonly path: string; readonly type: string }>([
  [
    'swagger-ui-bundle.js',
    { path: require.resolve('swagger-ui-dist/swagger-ui-bundle.js'), type: javascript },
  ],
  [
    'swagger-ui.css',
    { path: require.resolve('swagger-ui-dist/swagger-ui.css'), type: 'text/css; charset=utf-8' },
  ],
  ['reference.js', { path: fileURLToPath(new URL('./reference.js', import.meta.url)), type: javascript }],
])

const assetUrl = (file: string) => endpoints.apiDocsAsset.path.replace(':file', file)

/** The reference page: Swagger UI from our own origin, pointed at the document. */
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Prize competitions</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assetUrl('swagger-ui.css')}">
</head>
<body>
<main id="swagger-ui" data-url="${endpoints.apiDocument.path}"></main>
<script src="${assetUrl('swagger-ui-bundle.js')}"></script>
<script src="${assetUrl('reference.js')}"></script>
</body>
</html>
`

/** Files are read on their first request and kept: they change only with a new install. */
const loadedAssets = new Map<string, Promise<TaggedBody>>()

function assetNamed(name: string): Promise<TaggedBody> | undefined {
  const file = assetFiles.get(name)
  if (!file) return undefined
  let loaded = loadedAssets.get(name)
  if (!loaded) {
    loaded = readFile(file.path).then((body) => ({ body, etag: etagOf(body), type: file.type }))
    // A failed read (a broken install) is tried again next time rather than kept.
    loaded.catch(() => loadedAssets.delete(name))
    loadedAssets.set(name, loaded)
  }
  return loaded
}

let openApiJson: TaggedBody | undefined

/** The document, built once per process: the contracts do not change while it runs. */
function openApiDocument(): TaggedBody {
  if (!openApiJson) {
    const body = JSON.stringify(buildOpenApiDocument({ version: platformVersion }))
    openApiJson = { body, etag: etagOf(body), type: 'application/json' }
  }
  return openApiJson
}

/** `/api/openapi.json`, and the API reference page at `/api/docs` with its files. */
export function apiDocsRouter(): Router {
  const document = openApiDocument()
  const router = new Router()
  router.get(endpoints.apiDocument.path, (ctx) => {
    sendWithEtag(ctx, document)
  })
  router.get(endpoints.apiDocs.path, (ctx) => {
    // The one page of the API that loads anything: its own script and style sheet.
    ctx.set('Content-Security-Policy', docsContentSecurityPolicy)
    ctx.set('Cache-Control', 'no-cache')
    ctx.type = 'text/html; charset=utf-8'
    ctx.body = page
  })
  router.get(endpoints.apiDocsAsset.path, async (ctx) => {
    const asset = assetNamed(String(ctx.params.file))
    if (!asset) throw new Refusal(errorCodes.notFound, 'No such file')
    sendWithEtag(ctx, await asset)
  })
  return router
}
