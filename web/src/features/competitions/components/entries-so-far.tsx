import { entriesSoFar } from '../model/odds'

/** The entries so far, on its own so the paid and free split can join it. */
export function EntriesSoFar({ soldTickets }: { readonly soldTickets: number }) {
  return <span data-testid="entries-so-far">{entriesSoFar(soldTickets)}</span>
}
