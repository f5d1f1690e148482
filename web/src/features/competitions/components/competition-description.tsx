import { css } from '@emotion/react'

/**
 * An admin's description as plain text: blank lines make paragraphs, single line breaks stay.
 * It is rendered as text nodes, never as HTML.
 */
export function CompetitionDescription({ text }: { readonly text: string }) {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
  return (
    <div
      css={css`
        display: grid;
        gap: 12px;
        white-space: pre-line;
        overflow-wrap: anywhere;
      `}
    >
      {paragraphs.map((paragraph, index) => (
        // The paragraphs have no identity of their own; their order is the description's.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  )
}
