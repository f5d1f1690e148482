import { css, useTheme } from '@emotion/react'
import { type DrawVerification, testChainNotice } from '@prizes/domain'
import type { ReactNode } from 'react'
import { chainLabel, randomnessStatus, stepLabel } from '../model/certificate'

const mono = css`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`

/** What the headline says after the verdict. */
function verdictText(result: DrawVerification): string {
  switch (result.verdict) {
    case 'PASS':
      return result.testChain
        ? '– your browser re-ran every check of this draw, the TEST chain’s signature on the randomness included, and they all hold.'
        : '– your browser re-ran every check of this draw, drand’s signature on the randomness included, and they all hold.'
    case 'UNVERIFIED': {
      const unchecked = result.steps.filter((step) => step.unverified)
      const why =
        result.drandSignature === 'unverified' && result.publicRandomness?.signature === undefined
          ? 'the drand value was recorded without drand’s signature, so nothing here shows it is drand’s'
          : unchecked.map((step) => step.detail.replace(/^Unverified: /, '')).join('; ')
      return `– your browser re-ran the checks it could and none failed, but not everything could be checked: ${why}.`
    }
    case 'FAIL':
      return `– first mismatch: ${result.mismatch?.check ?? 'unknown check'}. ${result.mismatch?.detail ?? ''}`
  }
}

/**
 * The verdict the browser reached, announced as a status: PASS, UNVERIFIED (in warning
 * colours, saying what could not be checked) or FAIL naming the first mismatch; on the TEST
 * drand chain, with a line saying it is no real-money draw, whatever the verdict.
 */
export function VerdictStatus({ result }: { readonly result: DrawVerification }) {
  const theme = useTheme()
  const colours = {
    PASS: theme.palette.success,
    UNVERIFIED: theme.palette.warning,
    FAIL: theme.palette.error,
  }[result.verdict]
  return (
    <div
      role="status"
      css={css`
        margin-top: 24px;
        padding: 16px 18px;
        border-radius: ${theme.radius.md};
        border: 2px solid ${colours.main};
        background: ${colours.soft};
        color: ${colours.text};
      `}
    >
      <strong
        css={css`
          font-size: 1.25rem;
        `}
      >
        {result.verdict}
      </strong>{' '}
      {verdictText(result)}
      {result.testChain ? (
        <p
          css={css`
            margin: 8px 0 0;
            font-weight: 700;
          `}
        >
          {testChainNotice}
        </p>
      ) : null}
    </div>
  )
}

/** Each check the verifier made, in order. */
export function VerificationSteps({ result }: { readonly result: DrawVerification }) {
  const theme = useTheme()
  return (
    <ol
      aria-label="Verifier steps"
      css={css`
        padding-left: 20px;
        /* Steps quote hashes, which have no spaces to wrap at. */
        overflow-wrap: anywhere;
        li + li {
          margin-top: 8px;
        }
      `}
    >
      {result.steps.map((step, i) => (
        <li
          // Steps have no identity beyond their place in the replay.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once computed
          key={i}
          css={css`
            color: ${
              !step.ok
                ? theme.palette.error.text
                : step.unverified
                  ? theme.palette.warning.text
                  : theme.palette.text.secondary
            };
          `}
        >
          <strong>{stepLabel(step)}</strong>: {step.check} – {step.detail}
        </li>
      ))}
    </ol>
  )
}

function Fact({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <>
      <dt
        css={css`
          margin-top: 12px;
          font-weight: 700;
        `}
      >
        {label}
      </dt>
      <dd css={mono}>{children}</dd>
    </>
  )
}

const missing = 'Not recorded'

/** What the draw was made from, as the certificate records it. */
export function DrawFacts({ result }: { readonly result: DrawVerification }) {
  const randomness = result.publicRandomness
  return (
    <dl>
      <Fact label="Seed commitment (sha256 of the seed, published at launch)">
        {result.commitment ?? missing}
      </Fact>
      <Fact label="Revealed seed">{result.seed ?? missing}</Fact>
      <Fact label="Sealed list hash (sha256 of one “ticket reference” line per ticket)">
        {result.seal?.listHash ?? missing}
      </Fact>
      <Fact label="Eligible tickets">{result.seal ? String(result.seal.eligibleTickets) : missing}</Fact>
      <Fact label="drand chain">{chainLabel(result) ?? missing}</Fact>
      <Fact label="Public randomness">
        {randomness ? `${randomness.source}, round ${randomness.round}` : missing}
      </Fact>
      <Fact label="Randomness value">{randomness?.value ?? missing}</Fact>
      <Fact label="drand signature (BLS, on the round)">{randomness?.signature ?? missing}</Fact>
      <Fact label="Randomness">{randomnessStatus(result)}</Fact>
      <Fact label="Winning ticket">
        {result.winner ? `#${result.winner.ticketNumber} (entry ${result.winner.entryReference})` : missing}
      </Fact>
    </dl>
  )
}
