// y-leveldb ships declarations its package.json "exports" does not point to: the part used here.
declare module 'y-leveldb' {
  import type * as Y from 'yjs'

  export class LeveldbPersistence {
    // `Level` is any Level-compatible class; y-leveldb constructs the database with it.
    constructor(location: string, options?: { Level?: unknown; levelOptions?: object })
    /** Resolves with null, not a rejection, when the read failed: y-leveldb logs and swallows errors. */
    getYDoc(docName: string): Promise<Y.Doc | null>
    /** The stored update's clock, or null when the write failed. */
    storeUpdate(docName: string, update: Uint8Array): Promise<number | null>
    flushDocument(docName: string): Promise<void>
    destroy(): Promise<void>
  }
}
