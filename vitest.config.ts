import { defineConfig } from 'vitest/config'

const packages = [
  'contracts',
  'domain',
  'event-store',
  'payments',
  'reactors',
  'read-models',
  'command-service',
  'query-service',
  'projections',
  'platform',
  'runtime',
  'web',
]

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: packages.map((p) => `${p}/src/**/*.test.{ts,tsx}`),
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: packages.map((p) => `${p}/src/**/*.int.test.ts`),
          globalSetup: ['./vitest.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
