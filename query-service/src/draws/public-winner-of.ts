import type { Person } from '../users/directory'
import { publicPlace, publicWinnerName } from '../users/public-winner'

/**
 * A winner's published name and place: "Grace H." of Leeds, or "A winner from Leeds" alone when
 * they objected; both null once erased (no person).
 */
export function publicWinnerOf(person: Person | undefined): { name: string | null; town: string | null } {
  if (!person) return { name: null, town: null }
  return {
    name: publicWinnerName(person, person.winnerNameHidden),
    town: person.winnerNameHidden ? null : publicPlace(person.address),
  }
}
