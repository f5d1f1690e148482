export {
  confirmBackoffMs,
  type EntryFlowMachine,
  entryFlowMachine,
  maxConfirmAttempts,
  processingRecheckMs,
} from './entry-flow.machine'
export { entryFlowMessages, messageFrom } from './messages'
export type * from './types'
