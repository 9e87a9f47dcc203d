/**
 * Sugar 1.x (sugar@1.3.9, the build newman 6's sandbox evaluates into every script context):
 * prototype helpers such as `[1, 2].average()`, `'a-b'.camelize()`, `(56).ordinalize()`,
 * `fn.once()`, `new Date().isToday()`. Evaluating it costs a context tens of ms, so it is loaded
 * only for a script whose text calls one of its methods (`usesSugar`): that script runs in a fresh
 * context (its built-ins are changed), the library is read like any other (catalogue.ts
 * `postman:sugar`), and the script begins by requiring it. Scripts that call none pay one cached
 * regex test.
 *
 * METHODS are the instance methods Sugar adds to Array, String, Number, Function, Date and
 * RegExp prototypes under V8 (newman's engine), less the names ordinary scripts call on other
 * objects (SDK lists, chai, moment, Math, console): `get`, `has`, `add`, `each`, `format`, `max`,
 * `log`, `days`, ... Such a script still finds the method where newman's sandbox gives it; it only is
 * not recognised from that name alone. A call through lodash (`_.first(`) is not Sugar's.
 */
import { TextCache } from '../text-cache.ts'
const ARRAY =
  'any average compact exclude findAll first flatten groupBy inGroups inGroupsOf intersect isEmpty last none randomize removeAt sample sortBy sum union unique zip'
const STRING =
  'camelize capitalize chars codes dasherize decodeBase64 encodeBase64 escapeHTML escapeRegExp escapeURL hankaku hasArabic hasCyrillic hasDevanagari hasGreek hasHan hasHangul hasHebrew hasHiragana hasKana hasKanji hasKatakana hasLatin hasThai hiragana humanize isArabic isBlank isCyrillic isDevanagari isGreek isHan isHangul isHebrew isHiragana isKana isKanji isKatakana isLatin isThai katakana lines pad padLeft padRight paragraphs parameterize pluralize removeTags singularize spacify stripTags titleize toNumber truncate underscore unescapeHTML unescapeURL words zenkaku'
const NUMBER =
  'abbr bytes chr dayAfter dayAgo dayBefore dayFromNow daysAfter daysAgo daysBefore daysFromNow downto hex hourAfter hourAgo hourBefore hourFromNow hoursAfter hoursAgo hoursBefore hoursFromNow isEven isMultipleOf isOdd metric millisecondAfter millisecondAgo millisecondBefore millisecondFromNow millisecondsAfter millisecondsAgo millisecondsBefore millisecondsFromNow minuteAfter minuteAgo minuteBefore minuteFromNow minutesAfter minutesAgo minutesBefore minutesFromNow monthAfter monthAgo monthBefore monthFromNow monthsAfter monthsAgo monthsBefore monthsFromNow ordinalize secondAfter secondAgo secondBefore secondFromNow secondsAfter secondsAgo secondsBefore secondsFromNow times upto weekAfter weekAgo weekBefore weekFromNow weeksAfter weeksAgo weeksBefore weeksFromNow yearAfter yearAgo yearBefore yearFromNow yearsAfter yearsAgo yearsBefore yearsFromNow'
const FUNCTION = 'after cancel debounce delay lazy once throttle'
const DATE =
  'addDays addHours addMilliseconds addMinutes addMonths addSeconds addWeeks addYears advance beginningOfDay beginningOfMonth beginningOfWeek beginningOfYear daysInMonth daysSince daysUntil endOfDay endOfMonth endOfWeek endOfYear full getISOWeek getUTCOffset getUTCWeekday getWeekday hoursSince hoursUntil isApril isAugust isDecember isFebruary isFriday isFuture isJanuary isJuly isJune isLastMonth isLastWeek isLastYear isLeapYear isMarch isMay isMonday isNextMonth isNextWeek isNextYear isNovember isOctober isPast isSaturday isSeptember isSunday isThisMonth isThisWeek isThisYear isThursday isToday isTomorrow isTuesday isUTC isWednesday isWeekday isWeekend isYesterday iso long millisecondsSince millisecondsUntil minutesSince minutesUntil monthsSince monthsUntil relative rewind secondsSince secondsUntil setISOWeek setWeekday short weeksSince weeksUntil yearsSince yearsUntil'
const REGEXP = 'addFlag getFlags removeFlag setFlags'

export const SUGAR_METHODS: readonly string[] = [ARRAY, STRING, NUMBER, FUNCTION, DATE, REGEXP]
  .join(' ')
  .split(' ')

/** The catalogue's name of the library. */
export const SUGAR_LIBRARY = 'postman:sugar'

const CALL = new RegExp(`(?<!\\b_)\\.\\s*(?:${[...new Set(SUGAR_METHODS)].join('|')})\\s*\\(`)
const answers = new TextCache<boolean>(256)

/** Does the script's text call one of Sugar's prototype methods? */
export function usesSugar(code: string): boolean {
  let answer = answers.get(code)
  if (answer === undefined) {
    answer = CALL.test(code)
    answers.set(code, answer)
  }
  return answer
}

/** Put before the script's own text (same line: its line numbers stay). */
export const SUGAR_PRELUDE = `require(${JSON.stringify(SUGAR_LIBRARY)});`
