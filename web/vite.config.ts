import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** The text files of a build; images and fonts are compressed already. */
const textFile = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/i

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the build, at the highest
 * settings: compressed once here, sent many times by the gateway to every client that accepts
 * them. A variant that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'prizes:precompress',
    apply: 'build',
    configResolved(config) {
      // The server's render module is read from disk by the gateway, never sent.
      if (!config.build.ssr) outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      if (!outDir) return
      const files = (await filesUnder(outDir)).filter((file) => textFile.test(file))
      await Promise.all(
        files.map(async (file) => {
          // Every file, small ones too: compressed once here, a small script still goes over the
          // wire in half its size, at no cost per request (dynamic answers keep the gateway's
          // threshold, where compressing costs each time).
          const bytes = await readFile(file)
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ])
          if (br.length < bytes.length) await writeFile(`${file}.br`, br)
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz)
        }),
      )
    },
  }
}

const zodClassicSchemas = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/
const zodJsonSchemaModules = /[\\/]zod[\\/]v4[\\/]core[\\/](?:json-schema-processors|to-json-schema)\.js$/
const withoutJsonSchemaPrefix = '\0prizes-zod-without-json-schema:'
/** What zod's schemas use of its JSON Schema modules outside turning a schema into JSON Schema. */
const keptFromJsonSchema = new Set(['aggregateChecks'])

/**
 * Zod's schemas carry the code that turns them into JSON Schema (a sixth of zod in the browser,
 * about 5 KB gzipped, loaded with the endpoint schemas on every page), and the web never does
 * that: the API's OpenAPI document is made on the server. In the browser build, what zod's
 * schemas import from those two modules is a stand-in that throws if called, but for what the
 * schemas use otherwise (`aggregateChecks`, behind `.minLength` and the like), which is zod's
 * own. A zod that no longer has what is kept fails the build here rather than in a browser.
 */
function zodWithoutJsonSchema(): Plugin {
  let browser = false
  return {
    name: 'prizes:zod-without-json-schema',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      browser = !config.build.ssr
    },
    async resolveId(source, importer, options) {
      if (!browser || !importer || !zodClassicSchemas.test(importer)) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || !zodJsonSchemaModules.test(resolved.id)) return null
      return `${withoutJsonSchemaPrefix}${resolved.id}`
    },
    async load(id) {
      if (!id.startsWith(withoutJsonSchemaPrefix)) return null
      const real = id.slice(withoutJsonSchemaPrefix.length)
      const source = await readFile(real, 'utf8')
      const names = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1] as string)
      const kept = names.filter((name) => keptFromJsonSchema.has(name))
      const stood = names.filter((name) => !keptFromJsonSchema.has(name))
      if (real.endsWith('json-schema-processors.js') && kept.length !== keptFromJsonSchema.size)
        throw new Error(`${real} no longer exports ${[...keptFromJsonSchema].join(', ')}`)
      return [
        kept.length > 0 ? `export { ${kept.join(', ')} } from ${JSON.stringify(real)};` : '',
        'const unavailable = () => { throw new Error("JSON Schema is not part of the web build"); };',
        // The factories are called as each schema is made; what they make throws when called.
        ...stood.map((name) =>
          name.startsWith('create')
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        ),
      ].join('\n')
    },
  }
}

/** The all-in-one platform (gateway) that `npm start` runs; the dev server forwards API and media calls to it. */
const platformUrl = 'http://localhost:3000'

/**
 * The production build renders with Preact through its React compatibility layer: the app is
 * written against React's API and types (and runs on React in the dev server and the unit
 * tests), but react-dom alone is 60 KB gzipped, more than half of the home page's script budget;
 * preact/compat is about 10 KB. The whole browser suite runs on the production build.
 */
const reactToPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
]

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: command === 'build' ? reactToPreact : [] },
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react({ jsxImportSource: '@emotion/react' }), precompress(), zodWithoutJsonSchema()],
  // `vite build --ssr src/entry-server.tsx`: the server render of the home page and competition
  // pages, one module with its dependencies bundled (so they too render with Preact), for the
  // gateway to import.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': platformUrl,
      '/media': platformUrl,
    },
  },
  build: {
    outDir: 'dist',
    // The public folder is the site's; the server module's build (`--ssr`) needs none of it.
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    // Every browser the site supports preloads modules itself; the polyfill would only add to
    // the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The server module is one file: the gateway imports it under a new URL per build, and a
      // chunk of it would import the entry back under its plain URL, a second copy of the app
      // (its own contexts and the competition page unloaded) rendering the page.
      output: isSsrBuild ? { codeSplitting: false } : undefined,
      treeshake: {
        // The domain and contracts packages' modules only declare things (machines, deciders,
        // rules, schemas, messages). Saying so lets the web take the rules and messages it imports
        // without the server-side machines, or the zod schemas, beside them. @emotion/react
        // imports hoist-non-react-statics for its side effects, which it has none of (it defines a
        // function, for withTheme, which we do not use): without it, it and react-is leave the
        // first script.
        moduleSideEffects: (id) =>
          !/[\\/](domain|contracts)[\\/]src[\\/]|[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/.test(id),
      },
    },
  },
}))
