/**
 * The admin's Optimise, as the composition root gives it: the runtime's `optimiseReadModels`
 * (VACUUM (ANALYZE)) on the read side's tables.
 */
export type OptimiseReadModels = () => Promise<{ tables: string[]; milliseconds: number } | 'busy'>
