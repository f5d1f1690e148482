/** What the API client validates with, loaded as a chunk of its own (see `api-client.ts`). */
export { endpoints, errorBody } from '@prizes/contracts'
