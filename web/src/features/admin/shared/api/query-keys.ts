/** Every admin query's key starts with this, so Refresh Data can refetch them all. */
export const adminQueryKey = ['admin'] as const

/** Every users query (the list's pages, a user's details) is keyed below this; Settings' spending alert refreshes it too. */
export const adminUsersKey = [...adminQueryKey, 'users'] as const
