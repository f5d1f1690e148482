export { backoffDelay, type RetryOptions, retryUntilDone, sleep } from './backoff'
export { readBatches } from './batches'
export {
  createLeases,
  type Lease,
  type LeasedConsumer,
  type LeaseSession,
  type Leases,
  type LeasesOptions,
  leaseKey,
  projectionsLeaseName,
  type Stoppable,
} from './leases'
export {
  consumerLeaseClass,
  createPgLeases,
  keepalivesFor,
  type PgLeaseSessionOptions,
  type PgLeasesOptions,
  pgLeaseSession,
} from './pg-lease-session'
export { ConsumerStopped, covering, createProgress, type Progress, passes } from './progress'
export {
  type ConsumerContext,
  type ConsumerMember,
  earliest,
  type RunningConsumer,
  type StartConsumerOptions,
  startConsumer,
} from './runner'
