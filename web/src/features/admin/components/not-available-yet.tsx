import { Alert } from '../../../components/alert'

/** An honest panel for a section that has not been built yet: no sample data. */
export function NotAvailableYet({ part }: { readonly part: string }) {
  return (
    <Alert tone="info">
      {part} is not available yet. It arrives in a coming release; nothing here is sample data.
    </Alert>
  )
}
