import { metricsRegistry } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterEach, describe, expect, test } from 'vitest'
import { silentLogger as logger } from '../testing/fixtures'
import { registerHealthMetrics } from './metrics'

let unregister: (() => void) | undefined
afterEach(() => unregister?.())

/** A database that refuses every query, counting the tables asked for. */
function downDatabase() {
  const asked: string[] = []
  const knex = ((table: string) => {
    asked.push(table)
    throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
  }) as unknown as Knex
  return { knex, asked }
}

const store = { readAll: async () => [] }
const lines = async (prefix: string) =>
  (await metricsRegistry.metrics()).split('\n').filter((line) => line.startsWith(prefix))

describe('the health gauges', () => {
  test('a database that does not answer: measured 0 and no lag series, not a failed scrape', async () => {
    const { knex } = downDatabase()
    unregister = registerHealthMetrics({ store, knex, logger })
    expect(await lines('prizes_health_measured')).toEqual(['prizes_health_measured 0'])
    expect(await lines('prizes_consumer_lag_events{')).toEqual([])
  })

  test('one measurement serves every scrape for a while, however many', async () => {
    const { knex, asked } = downDatabase()
    let projectionReads = 0
    const projections = async () => {
      projectionReads += 1
      return []
    }
    unregister = registerHealthMetrics({ store, knex, logger, projections })
    await Promise.all([metricsRegistry.metrics(), metricsRegistry.metrics()])
    await metricsRegistry.metrics()
    expect(asked).toEqual(['reactor_checkpoints'])
    expect(projectionReads).toBe(1)
  })
})
