/** The real `@usebruno/lang` (its grammars compile while it loads: seconds in a browser). */
import lang from '@usebruno/lang'

export default lang
