/**
 * How the public sees a winner (issue 24, point 5): first name and surname initial, or, for a
 * winner who objected, only "a winner from <place>"; the place is a town or county taken from
 * the one-line address only when it cannot be a street line.
 */

/** UK (`SW1A 1AA`, or its outward code `SW1A`) and Irish Eircode (`D02 X285`) postcodes. */
const postcode = /^([A-Z]{1,2}\d[A-Z\d]?(\s*\d[A-Z]{2})?|[A-Z]\d[\dW]\s*[A-Z\d]{4})$/i
const trailingPostcode = /\s+[A-Z]{1,2}\d[A-Z\d]?(\s*\d[A-Z]{2})?$/i
const country =
  /^(uk|u\.k\.|gb|great britain|united kingdom|england|scotland|wales|northern ireland|ireland|éire|eire)$/i
/** Dublin's postal districts ("Dublin 2", "Dublin 6W") name the city. */
const dublinDistrict = /^dublin\s+\d{1,2}w?$/i

/** Words that mark a line as a street, a building or a box: never published. */
const streetWords = new Set(
  `street st road rd lane ln avenue ave av drive dr close cl court ct crescent cres place pl square sq
  terrace tce way grove gardens gdns row walk mews parade pde boulevard blvd embankment wharf quay
  yard passage alley wynd vennel circus broadway highway bypass flat flats apartment apartments apt
  unit suite floor storey block building house cottage lodge farm barn mill manor rectory vicarage
  hall estate room box p.o. po c/o care`.split(/\s+/),
)

/** Letters, spaces, hyphens, apostrophes and full stops only: no digits, no markup, no emails. */
const placeShape = /^\p{L}[\p{L} '’.-]*$/u
const maxPlaceLength = 40
const maxPlaceWords = 4

function looksLikePlace(part: string): boolean {
  if (part.length > maxPlaceLength || !placeShape.test(part)) return false
  const words = part.toLowerCase().split(/[\s-]+/)
  return words.length <= maxPlaceWords && !words.some((word) => streetWords.has(word.replace(/\.$/, '')))
}

/**
 * The town or county of a one-line address ("12 High Street, Leeds, LS1 1AA" gives "Leeds"), or
 * null when no part can safely be one. The first part is always the street or the building and
 * is never read; of the others (postcodes and countries left out) the last that looks like a
 * place is taken, and any that could be a street line ("10 Downing Street", "Flat 2") is not.
 */
export function publicPlace(address: string): string | null {
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !postcode.test(part) && !country.test(part))
  const place = parts
    .slice(1)
    .map((part) => (dublinDistrict.test(part) ? 'Dublin' : part.replace(trailingPostcode, '').trim()))
    .findLast(looksLikePlace)
  return place ?? null
}

export interface NamedWinner {
  readonly firstName: string
  readonly lastName: string
  readonly address: string
}

/**
 * The name a winner is published under: "Grace H." by default; "A winner from Leeds" (or
 * "A winner" when no place can be told) once they have objected to their name being shown.
 */
export function publicWinnerName(person: NamedWinner, objected: boolean): string {
  if (objected) {
    const place = publicPlace(person.address)
    return place ? `A winner from ${place}` : 'A winner'
  }
  const initial = person.lastName.trim().charAt(0).toUpperCase()
  return initial ? `${person.firstName.trim()} ${initial}.` : person.firstName.trim()
}
