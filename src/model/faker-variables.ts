/**
 * Postman's `{{$random…}}` dynamic variables, generated with @faker-js/faker (English). faker is
 * large, so it is imported only when something about to be resolved names one of them
 * (`needsFaker`, then `loadFakerVariables`): a run or a send that names none never loads it.
 * Until it is loaded, `fakerVariable` answers undefined and the reference stays as typed.
 * Formats follow what Postman sends (e.g. phone `###-###-####`, dates as `Date.toString()`).
 */
import type { Faker } from '@faker-js/faker'
import type { VariableContext } from './variables.ts'

type Make = (f: Faker) => string

const digits = (f: Faker, n: number) => f.string.numeric({ length: n, allowLeadingZeros: true })
const phone = (f: Faker) =>
  `${f.string.numeric({ length: 3, allowLeadingZeros: false })}-${digits(f, 3)}-${digits(f, 4)}`
const image = (category: string) => (f: Faker) =>
  `https://loremflickr.com/640/480/${category}?lock=${f.number.int({ min: 1, max: 99999 })}`

/** Postman's agents are all browsers (Mozilla/5.0 ...); faker 10 also makes bot agents. */
function browserAgent(f: Faker): string {
  let agent = f.internet.userAgent()
  for (let i = 0; i < 20 && !agent.startsWith('Mozilla/5.0 ('); i++) agent = f.internet.userAgent()
  return agent
}

/** Every name of Postman's list besides $guid, $timestamp, $isoTimestamp, $randomInt, $randomUUID. */
export const FAKER_VARIABLES: Record<string, Make> = {
  $randomPhoneNumber: phone,
  $randomPhoneNumberExt: (f) => `${f.string.numeric({ length: 2, allowLeadingZeros: false })}-${phone(f)}`,
  $randomLocale: (f) => f.location.language().alpha2,
  $randomWords: (f) => f.word.words({ count: { min: 1, max: 4 } }),
  $randomFilePath: (f) => f.system.filePath(),
  $randomDirectoryPath: (f) => f.system.directoryPath(),
  $randomCity: (f) => f.location.city(),
  $randomStreetName: (f) => f.location.street(),
  $randomStreetAddress: (f) => f.location.streetAddress(),
  $randomCountry: (f) => f.location.country(),
  $randomCountryCode: (f) => f.location.countryCode(),
  $randomLatitude: (f) => String(f.location.latitude({ precision: 4 })),
  $randomLongitude: (f) => String(f.location.longitude({ precision: 4 })),
  $randomColor: (f) => f.color.human(),
  $randomDepartment: (f) => f.commerce.department(),
  $randomProductName: (f) => f.commerce.productName(),
  $randomProductAdjective: (f) => f.commerce.productAdjective(),
  $randomProductMaterial: (f) => f.commerce.productMaterial(),
  $randomProduct: (f) => f.commerce.product(),
  $randomCompanyName: (f) => f.company.name(),
  $randomCompanySuffix: (f) => f.helpers.arrayElement(['Inc', 'and Sons', 'LLC', 'Group']),
  $randomCatchPhrase: (f) => f.company.catchPhrase(),
  $randomBs: (f) => f.company.buzzPhrase(),
  $randomCatchPhraseAdjective: (f) => f.company.catchPhraseAdjective(),
  $randomCatchPhraseDescriptor: (f) => f.company.catchPhraseDescriptor(),
  $randomCatchPhraseNoun: (f) => f.company.catchPhraseNoun(),
  $randomBsAdjective: (f) => f.company.buzzAdjective(),
  $randomBsBuzz: (f) => f.company.buzzVerb(),
  $randomBsNoun: (f) => f.company.buzzNoun(),
  $randomDatabaseColumn: (f) => f.database.column(),
  $randomDatabaseType: (f) => f.database.type(),
  $randomDatabaseCollation: (f) => f.database.collation(),
  $randomDatabaseEngine: (f) => f.database.engine(),
  $randomDatePast: (f) => f.date.past().toString(),
  $randomDateFuture: (f) => f.date.future().toString(),
  $randomDateRecent: (f) => f.date.recent().toString(),
  $randomMonth: (f) => f.date.month(),
  $randomWeekday: (f) => f.date.weekday(),
  $randomBankAccount: (f) => digits(f, 8),
  $randomBankAccountName: (f) => f.finance.accountName(),
  $randomCreditCardMask: (f) => digits(f, 4),
  $randomPrice: (f) => f.finance.amount(),
  $randomTransactionType: (f) => f.finance.transactionType(),
  $randomCurrencyCode: (f) => f.finance.currencyCode(),
  $randomCurrencyName: (f) => f.finance.currencyName(),
  $randomCurrencySymbol: (f) => f.finance.currencySymbol(),
  $randomBitcoin: (f) => f.finance.bitcoinAddress(),
  $randomBankAccountIban: (f) => f.finance.iban(),
  $randomBankAccountBic: (f) => f.finance.bic(),
  $randomAbbreviation: (f) => f.hacker.abbreviation(),
  $randomAdjective: (f) => f.hacker.adjective(),
  $randomNoun: (f) => f.hacker.noun(),
  $randomVerb: (f) => f.hacker.verb(),
  $randomIngverb: (f) => f.hacker.ingverb(),
  $randomPhrase: (f) => f.hacker.phrase(),
  $randomAvatarImage: (f) => f.image.avatar(),
  $randomImageUrl: (f) => f.image.url({ width: 640, height: 480 }),
  $randomAbstractImage: image('abstract'),
  $randomAnimalsImage: image('animals'),
  $randomBusinessImage: image('business'),
  $randomCatsImage: image('cats'),
  $randomCityImage: image('city'),
  $randomFoodImage: image('food'),
  $randomNightlifeImage: image('nightlife'),
  $randomFashionImage: image('fashion'),
  $randomPeopleImage: image('people'),
  $randomNatureImage: image('nature'),
  $randomSportsImage: image('sports'),
  $randomTransportImage: image('transport'),
  $randomImageDataUri: (f) => f.image.dataUri({ width: 640, height: 480, type: 'svg-uri' }),
  $randomEmail: (f) => f.internet.email(),
  $randomExampleEmail: (f) => f.internet.exampleEmail(),
  $randomUserName: (f) => f.internet.username(),
  $randomProtocol: (f) => f.internet.protocol(),
  $randomUrl: (f) => f.internet.url({ appendSlash: false }),
  $randomDomainName: (f) => f.internet.domainName(),
  $randomDomainSuffix: (f) => f.internet.domainSuffix(),
  $randomDomainWord: (f) => f.internet.domainWord(),
  $randomIP: (f) => f.internet.ipv4(),
  $randomIPV6: (f) => f.internet.ipv6(),
  $randomUserAgent: (f) => browserAgent(f),
  $randomHexColor: (f) => f.color.rgb({ format: 'hex', casing: 'lower' }),
  $randomMACAddress: (f) => f.internet.mac(),
  $randomPassword: (f) => f.internet.password({ length: 15 }),
  $randomLoremWord: (f) => f.lorem.word(),
  $randomLoremWords: (f) => f.lorem.words(),
  $randomLoremSentence: (f) => f.lorem.sentence(),
  $randomLoremSlug: (f) => f.lorem.slug(),
  $randomLoremSentences: (f) => f.lorem.sentences(),
  $randomLoremParagraph: (f) => f.lorem.paragraph(),
  $randomLoremParagraphs: (f) => f.lorem.paragraphs(),
  $randomLoremText: (f) => f.lorem.text(),
  $randomLoremLines: (f) => f.lorem.lines(),
  $randomFirstName: (f) => f.person.firstName(),
  $randomLastName: (f) => f.person.lastName(),
  $randomFullName: (f) => f.person.fullName(),
  $randomJobTitle: (f) => f.person.jobTitle(),
  $randomNamePrefix: (f) => f.person.prefix(),
  $randomNameSuffix: (f) => f.person.suffix(),
  $randomJobDescriptor: (f) => f.person.jobDescriptor(),
  $randomJobArea: (f) => f.person.jobArea(),
  $randomJobType: (f) => f.person.jobType(),
  $randomBoolean: (f) => String(f.datatype.boolean()),
  $randomWord: (f) => f.word.sample(),
  $randomAlphaNumeric: (f) => f.string.alphanumeric({ length: 1, casing: 'lower' }),
  $randomFileName: (f) => f.system.fileName(),
  $randomCommonFileName: (f) => f.system.commonFileName(),
  $randomMimeType: (f) => f.system.mimeType(),
  $randomCommonFileType: (f) => f.system.commonFileType(),
  $randomCommonFileExt: (f) => f.system.commonFileExt(),
  $randomFileType: (f) => f.system.fileType(),
  $randomFileExt: (f) => f.system.fileExt(),
  $randomSemver: (f) => f.system.semver(),
}

let faker: Faker | null = null
let loading: Promise<void> | null = null

/** Imports faker once (a lazy chunk in the app, a module read on first use in Node). */
export function loadFakerVariables(): Promise<void> {
  loading ??= import('@faker-js/faker/locale/en').then((module) => {
    faker = module.faker
  })
  return loading
}

/** The generator of a faker-backed name once faker is loaded; undefined before or for other names. */
export function fakerVariable(name: string): (() => string) | undefined {
  if (faker === null || !Object.hasOwn(FAKER_VARIABLES, name)) return undefined
  const f = faker
  const make = FAKER_VARIABLES[name]!
  return () => make(f)
}

/** True once faker is loaded (nothing more to check). */
export function fakerLoaded(): boolean {
  return faker !== null
}

const MENTION = /\$random(?!Int\b|UUID\b)[A-Z]/

/** Does this text name a faker-backed variable (in `{{…}}` or a script's replaceIn)? */
export function needsFaker(text: string): boolean {
  return faker === null && text.includes('$random') && MENTION.test(text)
}

/** Does any value of these variables name one? (`{{$randomEmail}}` stored in an environment) */
export function variablesNeedFaker(variables: VariableContext): boolean {
  if (faker !== null) return false
  for (const layer of variables.layers) for (const v of layer.variables) if (needsFaker(v.value)) return true
  for (const value of variables.session.values()) if (needsFaker(value)) return true
  return false
}

/**
 * Loads faker when `subject` (a request, its parents, as JSON) or a variable's value names a
 * faker-backed variable; otherwise resolves at once (and after the first load, always).
 */
export async function loadFakerFor(subject: unknown, variables: VariableContext): Promise<void> {
  if (fakerNeededFor(subject, variables)) await loadFakerVariables()
}

/** loadFakerFor's question without a promise: a send that needs no faker awaits nothing. */
export function fakerNeededFor(subject: unknown, variables: VariableContext): boolean {
  return faker === null && (mentionsFaker(subject) || variablesNeedFaker(variables))
}

/**
 * Every string in `subject` (keys too), as its JSON would hold them, without making the JSON:
 * serialising a request and its parents per send cost more than the search (README).
 */
export function mentionsFaker(subject: unknown): boolean {
  if (typeof subject === 'string') return needsFaker(subject)
  if (typeof subject !== 'object' || subject === null || ArrayBuffer.isView(subject)) return false
  // One call per object, not per value: this runs per send on code that has not warmed up.
  for (const key in subject) {
    const value = (subject as Record<string, unknown>)[key]
    if (typeof value === 'string') {
      if (value.includes('$random') && MENTION.test(value)) return true
    } else if (typeof value === 'object' && value !== null && mentionsFaker(value)) return true
    if (key.includes('$random') && MENTION.test(key)) return true
  }
  return false
}
