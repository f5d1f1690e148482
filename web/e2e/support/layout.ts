import type { Page } from '@playwright/test'

/**
 * What sticks out sideways: the document wider than the viewport, and any element whose box is
 * wider than the viewport or reaches past its edges, unless an ancestor clips or scrolls it (a
 * table in its own scroll box is fine; a page the visitor must pan is not). Each as a short path.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement
    const width = root.clientWidth
    const found: string[] = []
    if (root.scrollWidth > width) found.push(`document scrollWidth ${root.scrollWidth} > ${width}`)

    const clippedByAncestor = (element: Element): boolean => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const { overflowX } = getComputedStyle(parent)
        if (overflowX !== 'visible') return parent.getBoundingClientRect().width <= width + 0.5
      }
      return false
    }
    const describe = (element: Element): string => {
      const parts: string[] = []
      for (
        let e: Element | null = element;
        e && e !== document.body && parts.length < 4;
        e = e.parentElement
      ) {
        const label = e.id
          ? `#${e.id}`
          : (e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? '')
        parts.unshift(`${e.tagName.toLowerCase()}${label ? `[${label}]` : ''}`)
      }
      return parts.join(' > ')
    }

    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.position === 'fixed') {
        // Fixed boxes (the header bar, dialogs, the snackbar) are measured like any other below
        // only when they would not fit at all.
        if (box.width <= width + 0.5) continue
      }
      const sticksOut = box.width > width + 0.5 || box.right > width + 0.5 || box.left < -0.5
      if (!sticksOut || clippedByAncestor(element)) continue
      found.push(`${describe(element)} (left ${Math.round(box.left)}, width ${Math.round(box.width)})`)
      if (found.length >= 10) break
    }
    // A box of its own that scrolls sideways (a dialog's body) hides overflow from the checks
    // above; only a wide table in its own scroll frame, and a row of tabs, may do that.
    for (const element of document.body.querySelectorAll('*')) {
      const { overflowX } = getComputedStyle(element)
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue
      if (element.scrollWidth <= element.clientWidth + 1) continue
      if (element.firstElementChild?.tagName === 'TABLE' || element.getAttribute('role') === 'tablist')
        continue
      // Name what sticks out: the narrowest boxes inside that reach past its right edge.
      const edge = element.getBoundingClientRect().right
      const culprits = [...element.querySelectorAll('*')]
        .map((e) => ({ e, box: e.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.right > edge + 0.5)
        .sort((a, b) => a.box.width - b.box.width)
        .slice(0, 2)
        .map(({ e, box }) => `${describe(e)} right ${Math.round(box.right)}`)
      found.push(
        `${describe(element)} scrolls sideways (${element.scrollWidth} > ${element.clientWidth}): ${culprits.join('; ')}`,
      )
      if (found.length >= 10) break
    }

    // Text spills out of a box that keeps its width (a hash that does not wrap).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node && found.length < 10; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || node.textContent?.trim() === '') continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const box = range.getBoundingClientRect()
      if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5)) continue
      if (getComputedStyle(parent).position === 'fixed' || clippedByAncestor(node as unknown as Element))
        continue
      found.push(
        `text "${node.textContent?.trim().slice(0, 40)}" in ${describe(parent)} (right ${Math.round(box.right)})`,
      )
    }
    return found
  })
}
