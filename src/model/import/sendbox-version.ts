/**
 * The Sendbox file format's version, on its own so that code writing a collection file (the
 * workspace's `readCollectionFile`, in the app shell) does not pull in the readers of `sendbox.ts`.
 */
export const SENDBOX_FORMAT_VERSION = 1
