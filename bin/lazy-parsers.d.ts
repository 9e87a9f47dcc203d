/** Types of lazy-parsers.js (plain JavaScript, so Node runs it without a build). */
export declare const LAZY_PARSERS: readonly { package: string; worker?: string; cli?: string }[]
export declare function standIns(build: 'worker' | 'cli', prefix: string): Record<string, string>
