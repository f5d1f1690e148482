import { css } from '@emotion/react'
import { type EmailStatus, emailToolMessages, type TestSendResult } from '@prizes/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { FieldRow, FormStack, TextField } from '../../../../components/form-field'
import { formatDateTime } from '../../../../lib/format'
import { Card } from '../../shared/components/card'
import { AdminStack } from '../../shared/components/load-state'
import { Facts, TableFrame, Td } from '../../shared/components/table'
import { reasonOf } from '../../shared/model/errors'
import { useEmailStatus } from '../api/get-email-status'
import { useSendAllTemplatesTest } from '../api/send-all-templates-test'
import { useSendDirectTest } from '../api/send-direct-test'
import { useSendTestEntryConfirmation } from '../api/send-test-entry-confirmation'
import {
  allTemplatesOutcome,
  callFailedOutcome,
  checkEntryConfirmationForm,
  checkRecipient,
  type EntryConfirmationForm,
  emptyEntryConfirmationForm,
  type FieldErrors,
  singleSendOutcome,
  type ToolOutcome,
} from '../model/email-tools'
import { EmailOutbox } from './email-outbox'

const yesNo = (ok: boolean, yes: string, no: string) => (
  <Chip tone={ok ? 'success' : 'error'}>{ok ? yes : no}</Chip>
)

function StatusFacts({ status }: { readonly status: EmailStatus }) {
  return (
    <>
      <Facts
        facts={[
          { term: 'Configured', value: yesNo(status.configured, 'Yes', 'No') },
          { term: 'Connection', value: yesNo(status.connection, 'Connected', 'Failed') },
          { term: 'Permissions', value: yesNo(status.permissions, 'Can send', 'Refused') },
          { term: 'Provider', value: status.provider },
          { term: 'From address', value: status.email || '—' },
          { term: 'Checked', value: status.checkedAt ? formatDateTime(status.checkedAt) : 'Never' },
        ]}
      />
      {status.connectionError && <Alert tone="error">Connection: {status.connectionError}</Alert>}
      {status.permissionsError && <Alert tone="error">Permissions: {status.permissionsError}</Alert>}
    </>
  )
}

/** SPEC section 3 "Email status", from the server's real SMTP check, with Check again. */
function StatusCard({ active }: { readonly active: boolean }) {
  const status = useEmailStatus(active)
  return (
    <Card title="Email status">
      {status.isPending && status.fetchStatus !== 'idle' ? (
        <p role="status">Checking the mail server…</p>
      ) : null}
      {status.data && <StatusFacts status={status.data} />}
      {status.isError && (
        <Alert tone="error">
          {emailToolMessages.statusFailed}: {reasonOf(status.error)}
        </Alert>
      )}
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void status.refetch()}
          disabled={status.isFetching}
        >
          {status.isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
    </Card>
  )
}

function Outcome({ outcome }: { readonly outcome: ToolOutcome | null }) {
  if (!outcome) return null
  return <Alert tone={outcome.tone}>{outcome.message}</Alert>
}

/** One recipient and a button: the direct test and the all-templates test. */
function RecipientForm({
  label,
  submitLabel,
  pendingLabel,
  pending,
  onSend,
}: {
  readonly label: string
  readonly submitLabel: string
  readonly pendingLabel: string
  readonly pending: boolean
  readonly onSend: (recipient: string) => void
}) {
  const [recipient, setRecipient] = useState('')
  const [error, setError] = useState<string | undefined>()
  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkRecipient(recipient)
    if (!checked.ok) return setError(checked.error)
    setError(undefined)
    onSend(checked.recipient)
  }
  return (
    <FormStack noValidate onSubmit={submit}>
      <TextField
        label={label}
        type="email"
        autoComplete="email"
        value={recipient}
        onValueChange={setRecipient}
        error={error}
        maxLength={254}
      />
      <div>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </FormStack>
  )
}

function DirectTest() {
  const send = useSendDirectTest()
  const [outcome, setOutcome] = useState<ToolOutcome | null>(null)
  async function run(recipient: string) {
    setOutcome(null)
    try {
      setOutcome(singleSendOutcome(emailToolMessages.directTestFailed, await send.mutateAsync(recipient)))
    } catch (error) {
      setOutcome(callFailedOutcome(emailToolMessages.directTestFailed, error))
    }
  }
  return (
    <Card title="Direct test">
      <p>One plain message, without a template: does mail from the platform reach this inbox?</p>
      <RecipientForm
        label="Direct test recipient"
        submitLabel="Send direct test"
        pendingLabel="Sending…"
        pending={send.isPending}
        onSend={(recipient) => void run(recipient)}
      />
      <Outcome outcome={outcome} />
    </Card>
  )
}

const resultTones = { sent: 'success', failed: 'error' } as const

function TemplateResults({ results }: { readonly results: readonly TestSendResult[] }) {
  return (
    <TableFrame label="Template test results" columns={['Template', 'Status', 'Error']}>
      <tbody>
        {results.map((result) => (
          <tr key={result.template}>
            <Td>{result.template}</Td>
            <Td>
              <Chip tone={resultTones[result.status]}>{result.status === 'sent' ? 'Sent' : 'Failed'}</Chip>
            </Td>
            <Td>{result.error ?? '—'}</Td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  )
}

function AllTemplatesTest() {
  const send = useSendAllTemplatesTest()
  const [outcome, setOutcome] = useState<ToolOutcome | null>(null)
  const [results, setResults] = useState<readonly TestSendResult[]>([])
  async function run(recipient: string) {
    setOutcome(null)
    setResults([])
    try {
      const answer = await send.mutateAsync(recipient)
      setResults(answer.results)
      setOutcome(allTemplatesOutcome(answer))
    } catch (error) {
      setOutcome(callFailedOutcome(emailToolMessages.allTemplatesFailed, error))
    }
  }
  return (
    <Card title="Test all templates">
      <p>One of every email the platform sends, with sample details, each marked as a test.</p>
      <RecipientForm
        label="Template test recipient"
        submitLabel="Test all templates"
        pendingLabel="Sending templates…"
        pending={send.isPending}
        onSend={(recipient) => void run(recipient)}
      />
      <Outcome outcome={outcome} />
      {results.length > 0 && <TemplateResults results={results} />}
    </Card>
  )
}

function EntryConfirmationTest() {
  const send = useSendTestEntryConfirmation()
  const [form, setForm] = useState<EntryConfirmationForm>(emptyEntryConfirmationForm)
  const [errors, setErrors] = useState<FieldErrors<keyof EntryConfirmationForm>>({})
  const [outcome, setOutcome] = useState<ToolOutcome | null>(null)
  const field = (name: keyof EntryConfirmationForm) => ({
    value: form[name],
    onValueChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    error: errors[name],
  })
  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkEntryConfirmationForm(form)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    setOutcome(null)
    try {
      const answer = await send.mutateAsync(checked.request)
      setOutcome(singleSendOutcome(emailToolMessages.entryConfirmationFailed, answer))
    } catch (error) {
      setOutcome(callFailedOutcome(emailToolMessages.entryConfirmationFailed, error))
    }
  }
  return (
    <Card title="Entry confirmation">
      <p>The entry-confirmation email with these details, sample ticket numbers and a TEST reference.</p>
      <FormStack noValidate onSubmit={(event) => void submit(event)}>
        <FieldRow>
          <TextField label="Email" type="email" autoComplete="email" maxLength={254} {...field('email')} />
          <TextField label="First name" maxLength={100} {...field('firstName')} />
        </FieldRow>
        <TextField label="Competition title" maxLength={200} {...field('competitionTitle')} />
        <FieldRow>
          <TextField
            label="Number of entries"
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            step={1}
            {...field('numberOfEntries')}
          />
          <TextField
            label="Total cost (£)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...field('totalCost')}
          />
        </FieldRow>
        <div>
          <Button type="submit" size="sm" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send entry confirmation'}
          </Button>
        </div>
      </FormStack>
      <Outcome outcome={outcome} />
    </Card>
  )
}

/**
 * The Email System tab (SPEC section 2): the transport's status from a real SMTP check, the three
 * test tools of SPEC section 7, and the outbox with its errors and Resend. Asks the server only
 * while `active` (the tab is shown).
 */
export function EmailTab({ active }: { readonly active: boolean }) {
  return (
    <AdminStack>
      <StatusCard active={active} />
      <div
        css={css`
          display: grid;
          gap: 16px;
          grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
          align-items: start;
        `}
      >
        <DirectTest />
        <AllTemplatesTest />
      </div>
      <EntryConfirmationTest />
      <EmailOutbox active={active} />
    </AdminStack>
  )
}
