export { type AutoCloseOptions, autoCloseName, startAutoClose } from './auto-close-reactor'
export {
  type CancellationRefundOptions,
  cancellationEmailKey,
  cancellationRefundReason,
  cancellationRefundsName,
  competitionCancelledTemplate,
  createCancellationRefundReactor,
  startCancellationRefunds,
} from './cancellation-refunds'
export type { LifecycleCommands } from './commands'
export { lifecycleCommandsOf } from './commands-of'
export {
  createDrawResultEmailReactor,
  type DrawResultEmailOptions,
  drawResultEmailName,
  drawResultKey,
  drawResultTemplate,
  startDrawResultEmail,
} from './draw-result-email'
export {
  createExtensionEmailReactor,
  type ExtensionEmailOptions,
  extensionEmailKey,
  extensionEmailName,
  startExtensionEmail,
} from './extension-email'
export { maxTimerMs } from './keyed-timers'
export {
  createWinnerEmailReactor,
  startWinnerEmail,
  type WinnerEmailOptions,
  winnerEmailName,
} from './winner-email'
