/**
 * Footer compliance copy (SPEC section 1). The regulator and licence line is configuration
 * (OPERATOR_LICENCE, see `licence-line.tsx`), shown only when set: no claim we cannot back.
 */
export const responsibleGamblingNotice =
  '18+ only. Entrants must live in the UK or Ireland. Please play responsibly: only spend what you can afford to lose, and take a break if it stops being fun.'
