export { createReadSideTestDatabase, type ReadSideTestDatabase } from './database'
export * from './fixtures'
