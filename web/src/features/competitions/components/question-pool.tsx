import { css } from '@emotion/react'
import type { PublicCompetitionDetail } from '@prizes/contracts'

/** The competition's questions (issue 24): its pool, or the one question of a competition made before pools. */
export const questionPoolOf = (competition: PublicCompetitionDetail) =>
  competition.skill_questions ?? [competition.skill_question]

/**
 * What the page says of the skill question. With a pool, each online entrant is given one of
 * its questions by the server (the same one whenever they enter), so every question is listed
 * for the free route by post, whose envelope answers one and says which.
 */
export function QuestionPool({ competition }: { readonly competition: PublicCompetitionDetail }) {
  const pool = questionPoolOf(competition)
  if (pool.length <= 1) {
    return (
      <>
        <p
          css={css`
            font-weight: 600;
            overflow-wrap: anywhere;
          `}
        >
          {competition.skill_question.question}
        </p>
        <p>
          Answer it when you enter. Only entries with the correct answer go into the draw; the answer is never
          shown here.
        </p>
      </>
    )
  }
  return (
    <>
      <p>
        This competition has {pool.length} skill questions. When you enter online you are given one of them,
        the same one each time you enter. By post, answer any one of them and write which. Only entries with
        the correct answer go into the draw; the answers are never shown here.
      </p>
      <ol
        aria-label="Skill questions"
        css={css`
          margin: 0;
          padding-left: 1.25rem;
          overflow-wrap: anywhere;
        `}
      >
        {pool.map((q) => (
          <li key={q.question}>
            {q.question} ({q.options.join(', ')})
          </li>
        ))}
      </ol>
    </>
  )
}
