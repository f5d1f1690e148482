export { backoffDelay, type RetryOptions, retryUntilDone, sleep } from './backoff'
export { readBatches } from './batches'
export { ConsumerStopped, covering, createProgress, type Progress, passes } from './progress'
export {
  type ConsumerContext,
  type ConsumerMember,
  earliest,
  type RunningConsumer,
  type StartConsumerOptions,
  startConsumer,
} from './runner'
