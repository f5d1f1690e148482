export {
  decryptValue,
  encryptValue,
  generateUserKey,
  keyIdOf,
  UndecryptableValue,
  type UserKey,
} from './cipher'
export {
  hashesOfSearchWord,
  hashSearchTerm,
  searchTermsOf,
  searchWordsOf,
  userSearchSecret,
} from './search-terms'
export { readUserKey, readUserKeys, userKeysTable } from './user-keys'
