import { builtinModules } from 'node:module'
import { packageOf } from './build'

/**
 * The bare specifiers a file imports: packages, not relative paths or node's own modules. A
 * small scanner, so that text in strings, templates and comments (a test's sample source, a
 * label) is never taken for an import: a specifier is a string literal right after `from`,
 * `import`, `import(`, `require(` or `require.resolve(`.
 */
export function importsOf(text: string): string[] {
  const found = new Set<string>()
  const recent: string[] = []
  const push = (token: string) => {
    recent.push(token)
    if (recent.length > 4) recent.shift()
  }
  const templateBraces: number[] = []
  let braces = 0
  let i = 0
  const scanTemplate = (): void => {
    while (i < text.length) {
      const c = text[i]
      if (c === '\\') i += 2
      else if (c === '`') {
        i += 1
        return
      } else if (c === '$' && text[i + 1] === '{') {
        templateBraces.push(braces)
        braces += 1
        i += 2
        return
      } else i += 1
    }
  }
  while (i < text.length) {
    const c = text[i] ?? ''
    const next = text[i + 1]
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
    } else if (c === '/' && regexMayStart(recent.at(-1))) {
      i = regexEnd(text, i)
      push('<regex>')
    } else if (c === "'" || c === '"') {
      let end = i + 1
      while (end < text.length && text[end] !== c && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1
      const specifier = text.slice(i + 1, end)
      if (importContext(recent) && packageName.test(specifier) && !isBuiltin(specifier)) {
        found.add(specifier)
      }
      push('<string>')
      i = end + 1
    } else if (c === '`') {
      push('<template>')
      i += 1
      scanTemplate()
    } else if (c === '{') {
      braces += 1
      push(c)
      i += 1
    } else if (c === '}') {
      braces -= 1
      i += 1
      if (templateBraces.at(-1) === braces) {
        templateBraces.pop()
        scanTemplate()
      } else push(c)
    } else if (/[A-Za-z_$]/.test(c)) {
      const word = /^[\w$]+/.exec(text.slice(i, i + 64))?.[0] ?? c
      push(word)
      i += word.length
    } else {
      if (!/\s/.test(c)) push(c)
      i += 1
    }
  }
  return [...found]
}

/** A bare specifier: an npm package's name, maybe with a path inside it. */
const packageName = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*(?:\/\S*)?$/

/** A `/` after these (or at the start) begins a regular expression, not a division. */
function regexMayStart(previous: string | undefined): boolean {
  return previous === undefined || /^[(,=:[!&|?{};+\-*%<>~^]$/.test(previous) || previous === 'return'
}

/** Just past a regular expression literal's closing `/` (and its flags). */
function regexEnd(text: string, start: number): number {
  let i = start + 1
  let inClass = false
  while (i < text.length && text[i] !== '\n') {
    const c = text[i]
    if (c === '\\') i += 1
    else if (c === '[') inClass = true
    else if (c === ']') inClass = false
    else if (c === '/' && !inClass) break
    i += 1
  }
  i += 1
  while (i < text.length && /[a-z]/.test(text[i] ?? '')) i += 1
  return i
}

function importContext(recent: readonly string[]): boolean {
  const [a, b, c, d] = recent.slice(-4).reverse()
  if (a === 'from' || (a === 'import' && b !== '.')) return true
  if (a !== '(') return false
  if ((b === 'import' || b === 'require') && c !== '.') return true
  return b === 'resolve' && c === '.' && d === 'require'
}

const builtins = new Set(builtinModules)
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtins.has(packageOf(specifier))
