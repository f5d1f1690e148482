/**
 * What the API client validates with, loaded as a chunk of its own (see `api-client.ts`), and
 * the live stream's change, read with the same schemas.
 */
export { competitionChange, endpoints, errorBody } from '@prizes/contracts'
