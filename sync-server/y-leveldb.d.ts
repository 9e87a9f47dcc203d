// y-leveldb ships declarations its package.json "exports" does not point to: the part used here.
declare module 'y-leveldb' {
  import type * as Y from 'yjs'

  /** Every stored update of the document, oldest first. */
  export function getLevelUpdates(db: unknown, docName: string): Promise<Uint8Array[]>

  export class LeveldbPersistence {
    // `Level` is any Level-compatible class; y-leveldb constructs the database with it.
    constructor(location: string, options?: { Level?: unknown; levelOptions?: object })
    /** Resolves with null, not a rejection, when the read failed: y-leveldb logs and swallows errors. */
    getYDoc(docName: string): Promise<Y.Doc | null>
    /** The stored update's clock, or null when the write failed. */
    storeUpdate(docName: string, update: Uint8Array): Promise<number | null>
    flushDocument(docName: string): Promise<void>
    /** Private in y-leveldb 0.2.0 (pinned): runs `f` after every earlier read and write. */
    _transact<T>(f: (db: unknown) => Promise<T>): Promise<T | null>
    destroy(): Promise<void>
  }
}
