/** The admin endpoints' table, a chunk of its own: only admins' screens ever call them. */
export { adminEndpoints } from '@prizes/contracts'
