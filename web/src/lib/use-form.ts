import { useCallback, useMemo, useState } from 'react'
import { type FieldErrors, hasErrors } from './field-errors'

interface FormOptions<V extends object> {
  readonly initial: V
  /** Pure: every message for these values, shown once a field is touched or a submit was tried. */
  readonly validate: (values: V) => FieldErrors<Extract<keyof V, string>>
}

/**
 * Controlled form state. Messages appear for a field after the person leaves it (or types in
 * it after leaving once), and for every field after a submit attempt, so nobody is scolded
 * for a form they have not filled in yet.
 */
export function useForm<V extends object>({ initial, validate }: FormOptions<V>) {
  type Field = Extract<keyof V, string>
  const [values, setValues] = useState<V>(initial)
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set())
  const [submitted, setSubmitted] = useState(false)

  const errors = useMemo(() => validate(values), [validate, values])
  const valid = !hasErrors(errors)

  const set = useCallback(<K extends Field>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
  }, [])

  const touch = useCallback((field: Field) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)))
  }, [])

  /** The message to show under a field now, if any. */
  const errorOf = (field: Field): string | undefined =>
    submitted || touched.has(field) ? errors[field] : undefined

  const reset = useCallback((next: V) => {
    setValues(next)
    setTouched(new Set())
    setSubmitted(false)
  }, [])

  return {
    values,
    errors,
    valid,
    set,
    touch,
    errorOf,
    reset,
    submitted,
    markSubmitted: () => setSubmitted(true),
  }
}
