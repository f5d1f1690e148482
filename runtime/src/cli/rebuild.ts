import { ConfigError } from '@prizes/platform'
import { allProjections, rebuildProjections, selectProjections, UnknownProjection } from '@prizes/projections'
import { migrateReadModels } from '@prizes/read-models'
import { Presets, SingleBar } from 'cli-progress'
import { withJobDatabase } from './job-database'

const usage = `Usage: npm run rebuild -- [${allProjections.map((p) => p.name).join('|')}|all]

Replays the event log into new tables for the named read models (default: all) and swaps them
in when complete; readers keep the old tables meanwhile, and a failed rebuild changes nothing.`

/** `npm run rebuild -- [projection|all]`: rebuilds read models from the log, with progress. */
async function main(argv: readonly string[]): Promise<void> {
  const args = argv.filter((a) => a !== '--')
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage)
    return
  }
  const names = args.length === 0 ? 'all' : args
  // Check the names before touching any database.
  const chosen = selectProjections(allProjections, names).map((p) => p.name)
  // A rebuild copies and swaps whole tables: its statements get the job's longer bound.
  await withJobDatabase(async ({ store, knex, source }) => {
    console.log(`Rebuilding ${chosen.join(', ')} on ${source}`)
    const bar = new SingleBar(
      {
        format: ' {bar} {percentage}% | {value}/{total} events | {rate} events/s | {duration_formatted}',
        hideCursor: true,
      },
      Presets.shades_classic,
    )
    let barStarted = false
    try {
      await store.migrate()
      await migrateReadModels(knex)
      const summary = await rebuildProjections({
        store,
        knex,
        projections: allProjections,
        names: chosen,
        countFirst: true,
        onProgress: (p) => {
          const rate = Math.round(p.eventsPerSecond).toLocaleString('en-GB')
          if (!barStarted) bar.start(p.total ?? p.events, p.events, { rate })
          barStarted = true
          if (p.total !== undefined) bar.setTotal(p.total)
          bar.update(p.events, { rate })
        },
      })
      bar.stop()
      console.log(
        `Rebuilt ${summary.projections.join(', ')}: ${summary.events.toLocaleString('en-GB')} events in ` +
          `${summary.seconds.toFixed(2)} s (${Math.round(summary.eventsPerSecond).toLocaleString('en-GB')} events/s)`,
      )
    } finally {
      bar.stop()
    }
  })
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UnknownProjection) {
      console.error(`${error.message}\n\n${usage}`)
    } else if (error instanceof ConfigError) {
      console.error(error.message)
    } else {
      console.error('Rebuild failed:', error)
    }
    process.exit(1)
  },
)
