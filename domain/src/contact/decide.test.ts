import type { ContactEvent, Encrypted } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { type ContactCommand, decideContact, evolveContact, initialContactState } from './decide'

const reference = 'CT-ABCDEF'
const sealed = (text: string) => `v1:key:${text}` as unknown as Encrypted
const metadata = { now: new Date('2030-01-10T12:00:00.000Z') }
const received: ContactEvent = {
  type: 'ContactMessageReceived',
  data: {
    reference,
    topic: 'complaint',
    name: sealed('n'),
    email: sealed('e'),
    subject: sealed('s'),
    message: sealed('m'),
    userId: null,
  },
}
const answer: ContactCommand = {
  type: 'AnswerContactMessage',
  data: { reference, answer: sealed('a') },
  metadata,
}
const close: ContactCommand = { type: 'CloseContactMessage', data: { reference, note: null }, metadata }

const given = (events: ContactEvent[]) => events.reduce(evolveContact, initialContactState)

describe('a contact message', () => {
  it('is answered, as often as needed, while not closed', () => {
    const answered = decideContact(answer, given([received]))
    expect(answered).toEqual([{ type: 'ContactMessageAnswered', data: answer.data }])
    expect(given([received, ...answered]).status).toBe('answered')
    expect(decideContact(answer, given([received, ...answered]))).toHaveLength(1)
  })

  it('is closed once; closing again records nothing, and a closed message is not answered', () => {
    const closed = decideContact(close, given([received]))
    expect(closed).toEqual([{ type: 'ContactMessageClosed', data: close.data }])
    const state = given([received, ...closed])
    expect(state.status).toBe('closed')
    expect(decideContact(close, state)).toEqual([])
    expect(() => decideContact(answer, state)).toThrow(
      expect.objectContaining({ code: 'CONTACT_MESSAGE_CLOSED' }),
    )
  })

  it('is not found before it was received', () => {
    for (const command of [answer, close]) {
      expect(() => decideContact(command, initialContactState)).toThrow(
        expect.objectContaining({ code: 'CONTACT_MESSAGE_NOT_FOUND' }),
      )
    }
  })
})

describe('a complaint received', () => {
  const receive = (topic: 'complaint' | 'general', now: Date): ContactCommand => ({
    type: 'ReceiveContactMessage',
    data: {
      reference,
      topic,
      name: sealed('n'),
      email: sealed('e'),
      subject: sealed('s'),
      message: sealed('m'),
      userId: null,
    },
    metadata: { now },
  })

  it('records its deadlines: acknowledged in 2 working days, answered within 8 weeks', () => {
    // Thursday 26 November 2026: the weekend is not counted.
    const [event] = decideContact(receive('complaint', new Date('2026-11-26T15:00:00Z')), initialContactState)
    expect(event).toMatchObject({
      type: 'ContactMessageReceived',
      data: { topic: 'complaint', deadlines: { acknowledgeBy: '2026-11-30', finalAnswerBy: '2027-01-21' } },
    })
  })

  it('other topics have no deadlines', () => {
    const [event] = decideContact(receive('general', new Date('2026-11-26T15:00:00Z')), initialContactState)
    expect(event).toMatchObject({ type: 'ContactMessageReceived', data: { deadlines: null } })
  })
})
