export { entryFold } from '../entries/projection'
export { createReadSideTestDatabase, type ReadSideTestDatabase } from './database'
export * from './fixtures'
