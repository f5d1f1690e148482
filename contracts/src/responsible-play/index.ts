export * from './admin'
export * from './limits'
export * from './messages'
export * from './schemas'
