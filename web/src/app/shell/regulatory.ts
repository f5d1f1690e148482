/**
 * Footer compliance copy (SPEC section 1). Compliance must confirm the regulator's name and our
 * licence or exemption before launch; until then the statement names no licence number.
 */
export const regulatoryStatement =
  'This platform is regulated by a gambling regulator. Our licence details will be published here before launch.'

export const responsibleGamblingNotice =
  '18+ only. Entrants must live in the UK or Ireland. Please play responsibly: only spend what you can afford to lose, and take a break if it stops being fun.'
