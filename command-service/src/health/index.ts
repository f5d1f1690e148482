export type { ConsumerRow, ProjectionRows, RecordedFailure } from './consumers'
export { registerHealthMetrics } from './metrics'
export { type HealthRouterDeps, healthRouter } from './router'
