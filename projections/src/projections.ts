import { competitionsProjection } from './competitions/projection'
import { entriesProjection } from './entries/projection'
import type { Projection } from './projection'

/** Every read model the platform keeps, in the order they are started and listed. */
export const allProjections: readonly Projection[] = [competitionsProjection, entriesProjection]
