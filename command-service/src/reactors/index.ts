export {
  createMailReactor,
  type MailReactorOptions,
  mailReactorName,
  startMailReactor,
} from './mail/mail-reactor'
export { ReactorStopped } from './progress'
export { type Reactor, type RunningReactor, type StartReactorOptions, startReactor } from './runner'
export { migrateReactorTables } from './tables'
export { knexUserKeyReader, type UserKeyReader } from './user-keys'
