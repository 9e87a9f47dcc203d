// @usebruno/lang ships no types; `bruno-lang.ts` gives the parts Sendbox uses theirs.
declare module '@usebruno/lang' {
  const lang: unknown
  export default lang
}
