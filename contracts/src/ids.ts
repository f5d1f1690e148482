// No zod here: the web's first script checks ids in addresses without the schemas.

/** The canonical form of our ids (`randomUUID`), which PostgreSQL's `uuid` also reads. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `value` is an id of ours: what `entityId` accepts, for code that does not load zod. */
export const isEntityId = (value: string): boolean => uuidPattern.test(value)
