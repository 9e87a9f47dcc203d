/** The GraphQL editor's way to send an introspection query (shared by graphql-body and the lazy explorer). */
import type { SendResult } from '../../runtime/send.ts'

export type Introspect = (query: string) => Promise<SendResult | undefined>
