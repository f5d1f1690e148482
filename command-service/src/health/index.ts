export { registerHealthMetrics } from './metrics'
export { type HealthRouterDeps, healthRouter } from './router'
