/** One sample line of Prometheus's text format: `name{label="value",...} 1.5`. */
export interface Sample {
  readonly name: string
  readonly labels: Readonly<Record<string, string>>
  readonly value: number
}

export interface Exposition {
  /** Each metric family's `# TYPE`: counter, gauge, histogram, summary, untyped. */
  readonly types: ReadonlyMap<string, string>
  readonly samples: readonly Sample[]
}

const samplePattern = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/
const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {}
  labelPattern.lastIndex = 0
  while (labelPattern.lastIndex < text.length) {
    const match = labelPattern.exec(text)
    if (!match?.[1] || match[2] === undefined) throw new Error(`Not a label set: ${line}`)
    labels[match[1]] = match[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
  }
  return labels
}

/** Go's float syntax, as Prometheus reads it: `NaN` and `Inf` in any case (prom-client writes `Nan`). */
function numberOf(text: string): number {
  const word = text.toLowerCase()
  if (word === 'nan') return Number.NaN
  if (word === '+inf' || word === 'inf') return Number.POSITIVE_INFINITY
  if (word === '-inf') return Number.NEGATIVE_INFINITY
  const value = text.trim() === text && text !== '' ? Number(text) : Number.NaN
  if (Number.isNaN(value)) throw new Error(`Not a value: ${text}`)
  return value
}

/**
 * Reads Prometheus's text exposition format (version 0.0.4) strictly: every line is a comment or
 * a sample, and every sample belongs to a family with a `# TYPE`; anything else throws.
 */
export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line)
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2])
      continue
    }
    if (line.startsWith('# HELP ')) continue
    const sample = samplePattern.exec(line)
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`Not a sample: ${line}`)
    const value = numberOf(sample[3])
    const name = sample[1]
    const family = [name, name.replace(/_(bucket|sum|count|total)$/, '')].find((n) => types.has(n))
    if (!family) throw new Error(`A sample without a # TYPE: ${line}`)
    samples.push({ name, labels: sample[2] ? labelsOf(sample[2], line) : {}, value })
  }
  return { types, samples }
}

/** The samples of `name` whose labels include every one of `labels`. */
export function samplesOf(
  exposition: Exposition,
  name: string,
  labels: Readonly<Record<string, string>> = {},
): Sample[] {
  return exposition.samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
}

/** The one sample of `name` with these labels; throws when none or several match. */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number {
  const found = samplesOf(exposition, name, labels)
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`)
  return (found[0] as Sample).value
}
