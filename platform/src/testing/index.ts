export { type Exposition, parseExposition, samplesOf, sampleValue } from '../metrics/testing/exposition'
export { createInMemoryEventStore } from './in-memory-event-store'
export { type Served, serve } from './serve'
export { startTcpProxy, type TcpProxy } from './tcp-proxy'
