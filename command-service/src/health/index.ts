export { type HealthRouterDeps, healthRouter } from './router'
