import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './precompress'

/** The all-in-one platform (gateway) that `npm start` runs; the dev server forwards API and media calls to it. */
const platformUrl = 'http://localhost:3000'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react({ jsxImportSource: '@emotion/react' }), precompress()],
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
        // The domain package's modules only declare things (machines, deciders, rules). Saying so
        // lets the web take the rules it imports without the server-side machines beside them.
        moduleSideEffects: (id) => !/[\\/]domain[\\/]src[\\/]/.test(id),
      },
    },
  },
})
