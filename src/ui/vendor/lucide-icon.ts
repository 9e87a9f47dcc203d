/**
 * Lucide's icons as cloned SVG. lucide-solid's own component builds every icon through
 * splitProps, two memos, a For and a Dynamic with spread props per path: at a 4x CPU slowdown
 * its ~15 icons took about a quarter of the first render of a cold start. Here an icon's SVG is
 * built once from lucide-solid's own icon data and cloned for each use; the props the app passes
 * are set as attributes, as lucide-solid sets them (same classes, size, stroke and aria-hidden).
 * vite.config.ts points the app's `lucide-solid/icons/<name>` imports here (`lucideIcons`).
 */
import { createRenderEffect, type JSX } from 'solid-js'

export interface IconData {
  name: string
  aliases?: string[]
  size?: number
  node: [tag: string, attrs: Record<string, string | number>][]
}

export interface IconProps extends JSX.SvgSVGAttributes<SVGSVGElement> {
  size?: number | string
  color?: string
  strokeWidth?: number | string
}

const SVG_NS = 'http://www.w3.org/2000/svg'

const DEFAULTS: Record<string, string> = {
  xmlns: SVG_NS,
  width: '24',
  height: '24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '2',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
}

/** Props read here, not copied as attributes. */
const OWN = new Set(['size', 'color', 'strokeWidth', 'class', 'children', 'width', 'height'])

const isA11y = (name: string) => name.startsWith('aria-') || name === 'role' || name === 'title'

/** The attributes lucide-solid's Icon gives the `<svg>` of an icon for these props. */
export function iconAttributes(
  icon: Pick<IconData, 'name' | 'aliases'>,
  props: Record<string, unknown>,
): Record<string, string> {
  const attrs: Record<string, string> = {}
  const size = props.size ?? undefined
  if (props.color) attrs.stroke = String(props.color)
  const width = props.width ?? size
  const height = props.height ?? size
  if (width !== undefined && width !== null) attrs.width = String(width)
  if (height !== undefined && height !== null) attrs.height = String(height)
  if (props.strokeWidth !== undefined && props.strokeWidth !== null)
    attrs['stroke-width'] = String(props.strokeWidth)
  const classes = [
    'lucide',
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`),
    'lucide-icon',
    ...String(props.class ?? '').split(' '),
  ]
  attrs.class = classes.filter((c, i) => c.trim() !== '' && classes.indexOf(c) === i).join(' ')
  let a11y = props.children !== undefined && props.children !== null && props.children !== false
  for (const key of Object.keys(props)) {
    if (OWN.has(key)) continue
    if (isA11y(key)) a11y = true
    const value = props[key]
    if (value !== undefined && value !== null && value !== false) attrs[key] = String(value)
  }
  if (!a11y) attrs['aria-hidden'] = 'true'
  return attrs
}

/** A component drawing the icon `data` (lucide-solid's `__iconData` of one icon). */
export function staticIcon(data: IconData): (props: IconProps) => JSX.Element {
  let template: SVGSVGElement | undefined
  const build = () => {
    const svg = document.createElementNS(SVG_NS, 'svg')
    for (const [key, value] of Object.entries(DEFAULTS)) svg.setAttribute(key, value)
    svg.setAttribute('viewBox', `0 0 ${data.size ?? 24} ${data.size ?? 24}`)
    for (const [tag, attrs] of data.node) {
      const child = document.createElementNS(SVG_NS, tag)
      for (const [key, value] of Object.entries(attrs))
        if (key !== 'key') child.setAttribute(key, String(value))
      svg.append(child)
    }
    return svg
  }
  return (props) => {
    const svg = (template ??= build()).cloneNode(true) as SVGSVGElement
    let set: Record<string, string> = {}
    createRenderEffect(() => {
      const attrs = iconAttributes(data, props as Record<string, unknown>)
      for (const key of Object.keys(set))
        if (!(key in attrs)) {
          if (key in DEFAULTS) svg.setAttribute(key, DEFAULTS[key]!)
          else svg.removeAttribute(key)
        }
      for (const [key, value] of Object.entries(attrs)) if (set[key] !== value) svg.setAttribute(key, value)
      set = attrs
    })
    return svg
  }
}
