/**
 * What the API client validates with, loaded as a chunk of its own (see `api-client.ts`), and
 * the live stream's change, read with the same schemas. The admin endpoints are another chunk
 * (`admin-schemas.ts`), loaded when an admin screen first calls one.
 */
export { competitionChange, errorBody, publicEndpoints } from '@prizes/contracts'
