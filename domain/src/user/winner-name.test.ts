import { describe, test } from 'vitest'
import { given, metadata, registered, userId } from './test-fixtures'

const choose = (shown: boolean) => ({ type: 'ChooseWinnerName', data: { userId, shown }, metadata }) as const

describe("a winner's name (issue 24)", () => {
  test('shown by default: objecting hides it, once', () => {
    given(registered)
      .when(choose(false))
      .thenEmits([{ type: 'WinnerNameHidden', data: { userId } }])
    given(registered, { type: 'WinnerNameHidden', data: { userId } }).when(choose(false)).thenEmits([])
  })

  test('withdrawing the objection shows it again; showing a shown name changes nothing', () => {
    given(registered, { type: 'WinnerNameHidden', data: { userId } })
      .when(choose(true))
      .thenEmits([{ type: 'WinnerNameShown', data: { userId } }])
    given(registered).when(choose(true)).thenEmits([])
  })

  test('nobody to choose for without an account', () => {
    given().when(choose(false)).thenFails({ code: 'USER_NOT_FOUND' })
  })
})
