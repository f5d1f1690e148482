import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client'

/**
 * The one registry of this process: every metric it records, and the process's own (CPU,
 * memory, event-loop lag, handles). `npm start` runs every service in one process, so its
 * gateway's `/metrics` answers them all; a service on its own answers its own.
 */
export const metricsRegistry = new Registry()
collectDefaultMetrics({ register: metricsRegistry })

type MetricClass<M> = abstract new (...args: never[]) => M

/**
 * The metric of that name, made on first use: a module loaded twice, or an app created once per
 * test, records into the same series instead of failing on a second registration.
 */
function registered<M>(kind: MetricClass<M>, name: string, make: () => M): M {
  const existing = metricsRegistry.getSingleMetric(name)
  if (existing === undefined) return make()
  if (!(existing instanceof kind)) throw new Error(`Metric ${name} is registered as another kind`)
  return existing
}

export function counter<T extends string>(config: Omit<CounterConfiguration<T>, 'registers'>): Counter<T> {
  return registered(Counter<T>, config.name, () => new Counter({ ...config, registers: [metricsRegistry] }))
}

export function gauge<T extends string>(config: Omit<GaugeConfiguration<T>, 'registers'>): Gauge<T> {
  return registered(Gauge<T>, config.name, () => new Gauge({ ...config, registers: [metricsRegistry] }))
}

export function histogram<T extends string>(
  config: Omit<HistogramConfiguration<T>, 'registers'>,
): Histogram<T> {
  return registered(
    Histogram<T>,
    config.name,
    () => new Histogram({ ...config, registers: [metricsRegistry] }),
  )
}
