export { type MetricsEndpointOptions, metricsEndpoint } from './endpoint'
export { measuredEventStore } from './event-store'
export { requestMetrics } from './http'
export { counter, gauge, histogram, metricsRegistry } from './registry'
