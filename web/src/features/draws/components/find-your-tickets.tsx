import type { DrawCertificate } from '@prizes/contracts'
import { useState } from 'react'
import { TextField } from '../../../components/form-field'
import { exampleReference, ticketsOf } from '../model/certificate'

/**
 * An entrant looks up their tickets on the sealed list by the entry reference from their
 * confirmation; the certificate names no one, so this is how they find themselves in it.
 */
export function FindYourTickets({ certificate }: { readonly certificate: DrawCertificate }) {
  const [reference, setReference] = useState('')
  const tickets = ticketsOf(certificate, reference)
  const asked = reference.trim() !== ''
  const example = exampleReference(certificate)
  return (
    <div>
      <TextField
        label="Your entry reference"
        placeholder={example === undefined ? undefined : `e.g. ${example}`}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        value={reference}
        onValueChange={setReference}
        hint="From your entry confirmation email or your dashboard."
      />
      <p role="status">
        {!asked
          ? ''
          : tickets
            ? `On the sealed list: ticket${tickets.length > 1 ? 's' : ''} ${tickets.map((t) => `#${t}`).join(', ')}.`
            : 'That reference is not on the sealed list: only entries with the correct answer that were not refunded take part.'}
      </p>
    </div>
  )
}
