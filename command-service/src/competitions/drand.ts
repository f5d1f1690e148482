import type { PublicRandomness } from '@prizes/contracts'
import { z } from 'zod'

const drandBeacon = z.object({
  round: z.number().int().positive(),
  randomness: z.string().regex(/^[0-9a-f]+$/),
})

/**
 * A drand round's value from `${drandUrl}/public/<round>`, or undefined when the beacon cannot
 * be reached, answers something else, or has not published the round yet: the caller then
 * needs the value from the admin. The signature is not checked here; the certificate shows
 * the round so anyone can check it against drand.
 */
export async function fetchDrandRandomness(
  drandUrl: string,
  round: number,
  fetchImpl: typeof fetch = fetch,
): Promise<PublicRandomness | undefined> {
  try {
    const response = await fetchImpl(`${drandUrl.replace(/\/$/, '')}/public/${round}`, {
      signal: AbortSignal.timeout(5000),
    })
    if (!response.ok) return undefined
    const beacon = drandBeacon.safeParse(await response.json())
    if (!beacon.success || beacon.data.round !== round) return undefined
    return { source: 'drand', round, value: beacon.data.randomness }
  } catch {
    return undefined
  }
}
