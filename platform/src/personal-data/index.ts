export {
  decryptValue,
  encryptValue,
  generateUserKey,
  keyIdOf,
  UndecryptableValue,
  type UserKey,
} from './cipher'
export {
  personalDataKey,
  UnwrappableUserKey,
  unwrapUserKey,
  usePersonalDataKey,
  wrapUserKey,
} from './key-wrapping'
export {
  hashesOfSearchWord,
  hashSearchTerm,
  searchTermsOf,
  searchWordsOf,
  userSearchSecret,
} from './search-terms'
export {
  readUserKey,
  readUserKeys,
  rewrapUserKeys,
  userKeyRecord,
  userKeysTable,
  wrapClearUserKeys,
} from './user-keys'
