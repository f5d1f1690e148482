import { describe, expect, it } from 'vitest'
import { answersGivenAway } from './answer-giveaway'

const texts = {
  title: 'Win a Tesla Model 3 Long Range',
  prize: 'Tesla Model 3 (2026)',
  description: 'Drive away in a brand-new car, delivered anywhere in the UK.',
}
const q = (correct: string, question = 'Which?') => ({
  question,
  options: [correct, 'Ford', 'BMW', 'Kia'],
  correct,
})

describe('answersGivenAway (issue 24)', () => {
  it('names each question whose answer appears in the title, prize or description', () => {
    expect(answersGivenAway(texts, [q('Tesla'), q('Ford'), q('UK')])).toEqual([
      { questionIndex: 0, answer: 'Tesla', fields: ['title', 'prize'] },
      { questionIndex: 2, answer: 'UK', fields: ['description'] },
    ])
  })

  it('ignores case, accents and the spacing of the words', () => {
    expect(
      answersGivenAway({ ...texts, description: 'A trip to   MONTRÉAL  city' }, [q('montreal city')]),
    ).toEqual([{ questionIndex: 0, answer: 'montreal city', fields: ['description'] }])
  })

  it('matches whole words and numbers only, not inside another', () => {
    const found = answersGivenAway(
      { title: 'Win 100 tickets', prize: 'Carpet', description: 'A 1000-piece set' },
      [q('Car'), q('10'), q('100'), q('pet')],
    )
    expect(found).toEqual([{ questionIndex: 2, answer: '100', fields: ['title'] }])
  })

  it('finds an answer that begins or ends with punctuation, and never a blank one', () => {
    expect(answersGivenAway({ ...texts, title: 'Win (C++) books' }, [q('C++'), q('  ')])).toEqual([
      { questionIndex: 0, answer: 'C++', fields: ['title'] },
    ])
  })
})
