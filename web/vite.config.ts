import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The all-in-one platform (gateway) that `npm start` runs; the dev server forwards API and media calls to it. */
const platformUrl = 'http://localhost:3000'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  server: {
    proxy: {
      '/api': platformUrl,
      '/media': platformUrl,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The domain and contracts packages' modules only declare things (machines, deciders,
        // rules, schemas, messages). Saying so lets the web take the rules and messages it imports
        // without the server-side machines, or the zod schemas, beside them.
        moduleSideEffects: (id) => !/[\\/](domain|contracts)[\\/]src[\\/]/.test(id),
      },
    },
  },
})
