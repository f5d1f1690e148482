export { defaultTestSendLimit, type EmailToolsDeps, emailToolsRouter } from './routes'
export { createStatusChecker } from './status'
