export {
  decryptValue,
  encryptValue,
  generateUserKey,
  keyIdOf,
  UndecryptableValue,
  type UserKey,
} from './cipher'
export { readUserKey, readUserKeys, userKeysTable } from './user-keys'
