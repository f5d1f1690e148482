import { afterAll, beforeAll, describe } from 'vitest'
import { appendContract } from './append.contract'
import type { ContractStore, StoreFactory } from './harness'
import { readContract } from './read.contract'
import { snapshotContract } from './snapshots.contract'
import { subscribeContract } from './subscribe.contract'

/**
 * The behaviour every store promises (DESIGN section 4), registered against one factory: each
 * adapter's integration test runs it, and the in-memory store's unit test.
 */
export function describeEventStoreContract(name: string, factory: StoreFactory) {
  describe(`${name} event store contract`, () => {
    let store: ContractStore | undefined
    let dispose = async () => {}
    beforeAll(async () => {
      ;({ store, dispose } = await factory())
    })
    afterAll(() => dispose())
    const access = () => {
      if (!store) throw new Error('the store was not created')
      return store
    }
    appendContract(access)
    readContract(access)
    subscribeContract(access)
    describe('snapshots', () => snapshotContract(access))
  })
}
