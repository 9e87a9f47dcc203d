/** A test's pass or fail mark: an SVG icon named for screen readers, never a font glyph. */
import Check from 'lucide-solid/icons/check'
import X from 'lucide-solid/icons/x'
import { messages } from '../messages.ts'

export function TestMark(props: { passed: boolean }) {
  return (
    <span class="test-mark" classList={{ 'test-mark-failed': !props.passed }}>
      {props.passed ? (
        <Check size={16} role="img" aria-label={messages.testPassed} />
      ) : (
        <X size={16} role="img" aria-label={messages.testFailed} />
      )}
    </span>
  )
}
