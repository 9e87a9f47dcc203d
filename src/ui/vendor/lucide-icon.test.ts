import { describe, expect, it } from 'vitest'
import { iconAttributes } from './lucide-icon.ts'

describe('iconAttributes: what lucide-solid gives an icon’s <svg>', () => {
  it('sizes the icon and hides it from assistive technology when nothing names it', () => {
    expect(iconAttributes({ name: 'menu' }, { size: 20 })).toEqual({
      width: '20',
      height: '20',
      class: 'lucide lucide-menu lucide-icon',
      'aria-hidden': 'true',
    })
  })

  it('keeps a named icon visible to assistive technology and copies the other props', () => {
    expect(
      iconAttributes(
        { name: 'check' },
        { size: 16, role: 'img', 'aria-label': 'Passed', fill: 'currentColor' },
      ),
    ).toEqual({
      width: '16',
      height: '16',
      class: 'lucide lucide-check lucide-icon',
      role: 'img',
      'aria-label': 'Passed',
      fill: 'currentColor',
    })
  })

  it('adds the aliases’ classes and the given class once each; color and strokeWidth set the stroke', () => {
    const attrs = iconAttributes(
      { name: 'code-xml', aliases: ['code-2'] },
      { class: 'lucide-icon runner-grip', color: 'red', strokeWidth: 1.5 },
    )
    expect(attrs.class).toBe('lucide lucide-code-xml lucide-code-2 lucide-icon runner-grip')
    expect(attrs.stroke).toBe('red')
    expect(attrs['stroke-width']).toBe('1.5')
    expect(attrs.width).toBeUndefined()
  })

  it('an explicit aria-hidden counts as naming: it is kept as given', () => {
    expect(iconAttributes({ name: 'plus' }, { 'aria-hidden': 'false' })['aria-hidden']).toBe('false')
  })
})
