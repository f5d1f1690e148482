import type { AdminCompetition, PublicRandomness } from '@prizes/contracts'
import { useEffect, useState } from 'react'
import { usePaymentConfig } from '../../../../api/get-payment-config'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { FieldRow, TextField } from '../../../../components/form-field'
import { showSnackbar } from '../../../../stores/ui-store'
import { failureMessage, needsRandomness, reasonOf } from '../../shared/model/errors'
import { useSetCompetitionStatus } from '../api/set-competition-status'
import {
  parseRandomness,
  type RandomnessValues,
  randomnessSource,
  validateRandomness,
} from '../model/randomness'
import { type StatusAction, statusLabels } from '../model/status-actions'

interface StatusDialogProps {
  readonly competition: AdminCompetition
  readonly action: StatusAction
  readonly onClose: () => void
}

/**
 * Confirms a status change and sends it. The screen changes only when the server accepts it
 * (the list is refetched); a refusal stays in the dialog with the server's reason. Completing a
 * draw first asks the server to fetch the sealed drand round itself; when it cannot, the admin
 * enters that round's published randomness here.
 */
export function StatusDialog({ competition, action, onClose }: StatusDialogProps) {
  const change = useSetCompetitionStatus()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  /** The server's request for the randomness, once it has asked. */
  const [asked, setAsked] = useState<string | null>(null)
  // The round sealed at close, from the competition itself; the admin may still correct it.
  const sealed = competition.draw.randomness_round
  const [randomness, setRandomness] = useState<RandomnessValues>({
    round: sealed === null ? '' : String(sealed),
    value: '',
    signature: '',
  })
  const [touched, setTouched] = useState(false)
  // Only TEST MODE's offline provider may draw on a value without drand's signature (UNVERIFIED).
  const payments = usePaymentConfig()
  const rules = { signatureRequired: payments.data?.provider !== 'offline' }

  useEffect(() => {
    // The confirm button the admin pressed is disabled now; the field to fill takes the focus.
    if (asked !== null) document.querySelector<HTMLInputElement>('input[name="randomness"]')?.focus()
  }, [asked])

  async function send(publicRandomness?: PublicRandomness) {
    setError(null)
    const trimmed = reason.trim()
    try {
      await change.mutateAsync({
        id: competition.id,
        request: {
          status: action.status,
          ...(trimmed === '' ? {} : { reason: trimmed }),
          ...(publicRandomness ? { publicRandomness } : {}),
        },
      })
      showSnackbar(`${competition.title} is now ${statusLabels[action.status].toLowerCase()}`, {
        severity: 'success',
      })
      onClose()
    } catch (failure) {
      if (action.status === 'completed' && needsRandomness(failure)) {
        setAsked(reasonOf(failure))
        return
      }
      setError(failureMessage(action.failure, failure))
    }
  }

  if (asked !== null) {
    const errors = validateRandomness(randomness, rules)
    const given = parseRandomness(randomness, rules)
    return (
      <ConfirmDialog
        open
        title="Enter the public randomness"
        colour={action.colour}
        message={
          <>
            <p>{asked}.</p>
            {rules.signatureRequired ? (
              <p>
                Copy what the drand beacon published for this round: its “randomness” and its “signature”
                (both hexadecimal). This site takes real payments, so a value without drand’s signature is
                refused.
              </p>
            ) : (
              <p>
                Copy what the drand beacon published for this round: its “randomness” and, if you have it, its
                “signature” (both hexadecimal). In TEST MODE a value without the signature is accepted, and
                the certificate and the winner’s email say the draw is UNVERIFIED.
              </p>
            )}
          </>
        }
        confirmLabel={action.label}
        onConfirm={() => {
          setTouched(true)
          if (given) void send(given)
        }}
        onCancel={onClose}
        pending={change.isPending}
        error={error}
        confirmDisabled={given === null}
      >
        <FieldRow>
          <TextField
            label="Source"
            name="source"
            value={randomnessSource}
            onValueChange={() => undefined}
            readOnly
          />
          <TextField
            label="Round"
            name="round"
            inputMode="numeric"
            value={randomness.round}
            onValueChange={(round) => setRandomness((current) => ({ ...current, round }))}
            onBlur={() => setTouched(true)}
            error={touched ? errors.round : undefined}
          />
        </FieldRow>
        <TextField
          label="Randomness (hex)"
          name="randomness"
          autoComplete="off"
          spellCheck={false}
          value={randomness.value}
          onValueChange={(value) => setRandomness((current) => ({ ...current, value }))}
          onBlur={() => setTouched(true)}
          error={touched ? errors.value : undefined}
        />
        <TextField
          label={rules.signatureRequired ? 'Signature (hex)' : 'Signature (hex, optional in TEST MODE)'}
          name="signature"
          autoComplete="off"
          spellCheck={false}
          hint="With drand’s signature for the round, the certificate can prove the value is drand’s."
          value={randomness.signature}
          onValueChange={(signature) => setRandomness((current) => ({ ...current, signature }))}
          onBlur={() => setTouched(true)}
          error={touched ? errors.signature : undefined}
        />
      </ConfirmDialog>
    )
  }

  return (
    <ConfirmDialog
      open
      title={action.confirmTitle}
      colour={action.colour}
      message={
        <>
          <p>
            <strong>{competition.title}</strong>
          </p>
          <p>{action.confirmMessage}</p>
        </>
      }
      confirmLabel={action.label === 'Cancel' ? 'Cancel Competition' : action.label}
      cancelLabel={action.status === 'cancelled' ? 'Keep Competition' : 'Cancel'}
      onConfirm={() => void send()}
      onCancel={onClose}
      pending={change.isPending}
      error={error}
    >
      {action.asksReason && (
        <TextField
          label="Reason (optional)"
          name="reason"
          maxLength={500}
          hint="Kept in the competition’s history."
          value={reason}
          onValueChange={setReason}
        />
      )}
    </ConfirmDialog>
  )
}
