export { type AdminRouterDeps, adminCompetitionsRouter } from './routes'
