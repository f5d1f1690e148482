export { type EntryFlowMachine, entryFlowMachine } from './entry-flow.machine'
export { entryFlowMessages, messageFrom } from './messages'
export type * from './types'
