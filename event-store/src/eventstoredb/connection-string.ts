/**
 * The client only knows `esdb://` and `esdb+discover://`; KurrentDB documents `kurrentdb://`
 * (and `kurrent://`) for the same servers, so those are rewritten.
 */
export function toEsdbConnectionString(url: string): string {
  return url.replace(/^(?:kurrentdb|kurrent)(\+discover)?:\/\//i, (_, discover: string | undefined) => {
    return `esdb${discover ?? ''}://`
  })
}
