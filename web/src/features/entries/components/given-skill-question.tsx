import { css, useTheme } from '@emotion/react'
import { entryMessages, entrySubmission } from '@prizes/contracts'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { ApiError } from '../../../lib/api-client'
import { useSkillQuestion } from '../api/get-skill-question'
import { SkillQuestion } from './skill-question'

interface GivenSkillQuestionProps {
  readonly competitionId: string
  /** The signed-in account, whose email decides; null when signed out. */
  readonly userId: string | null
  /** The email typed so far (signed out, it decides which question of a pool is given). */
  readonly email: string
  readonly value: string
  readonly onChange: (answer: string) => void
  /** The question the server gave, so the entry says which one it answers. */
  readonly onQuestion: (index: number) => void
  readonly onBlur: () => void
  readonly error?: string | undefined
}

/** Asked once typing has paused, so a half-typed address does not ask for a question. */
const typingPauseMs = 500

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), typingPauseMs)
    return () => clearTimeout(timer)
  }, [value])
  return settled
}

/**
 * The skill question the server gives this entrant (issue 24): one of the competition's pool,
 * the same whenever they ask. Signed out, a competition with several questions needs the
 * entrant's email first, and says so in the question's place.
 */
export function GivenSkillQuestion(props: GivenSkillQuestionProps) {
  const { competitionId, userId, value, onChange, onQuestion } = props
  const theme = useTheme()
  const email = useSettled(props.email.trim())
  const emailValid = entrySubmission.shape.email.safeParse(email).success
  const asker = userId !== null ? { me: userId } : emailValid ? { email } : {}
  const given = useSkillQuestion(competitionId, asker)
  const question = given.data

  // The form learns each question once, when it arrives; the callbacks change every render.
  const callbacks = useRef({ onQuestion, onChange, value })
  callbacks.current = { onQuestion, onChange, value }
  useEffect(() => {
    if (!question) return
    const latest = callbacks.current
    latest.onQuestion(question.index)
    // An answer to the question shown before (another email) is not an answer to this one.
    if (latest.value !== '' && !question.options.includes(latest.value)) latest.onChange('')
  }, [question])

  if (question) {
    return (
      <SkillQuestion
        question={question.question}
        options={question.options}
        value={value}
        onChange={onChange}
        onBlur={props.onBlur}
        error={props.error}
      />
    )
  }
  const needsEmail = given.error instanceof ApiError && given.error.status === 400
  return (
    <div
      role="status"
      css={css`
        display: grid;
        gap: 8px;
        padding: 12px 14px;
        border: 1.5px dashed ${theme.palette.border};
        border-radius: ${theme.radius.md};
        color: ${theme.palette.text.secondary};
        font-size: 0.9375rem;
      `}
    >
      {needsEmail ? (
        entryMessages.emailForQuestion
      ) : given.error ? (
        <>
          Your skill question could not be loaded: {given.error.message}
          <Button type="button" variant="outline" onClick={() => given.refetch()}>
            Try again
          </Button>
        </>
      ) : (
        'Loading your skill question…'
      )}
    </div>
  )
}
