import { ThemeProvider } from '@emotion/react'
import type { PublicCompetitionDetail } from '@prizes/contracts'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { Router } from 'wouter'
import { theme } from '../../../theme/theme'
import { DrawCommitment } from './draw-commitment'

const draw = (randomness_verified: boolean | null): PublicCompetitionDetail['draw'] => ({
  seed_commitment: 'a'.repeat(64),
  randomness_round: 1234,
  randomness_verified,
  draw_date: '2030-02-02T12:00:00.000Z',
})

const render = (status: PublicCompetitionDetail['status'], verified: boolean | null) =>
  renderToString(
    <Router ssrPath="/competitions/c1">
      <ThemeProvider theme={theme}>
        <DrawCommitment competition={{ id: 'c1', status, draw: draw(verified) }} />
      </ThemeProvider>
    </Router>,
  )

describe("a competition page's draw", () => {
  test("once drawn, says whether the randomness was verified with drand's signature", () => {
    expect(render('completed', true)).toContain('Verified with drand’s signature on the round')
    const unverified = render('completed', false)
    expect(unverified).toContain('UNVERIFIED: entered without drand’s signature')
    expect(unverified).not.toContain('Verified with')
  })

  test('before the draw, says nothing of it', () => {
    expect(render('closed', null)).not.toContain('Randomness verified')
  })
})
