/** The real `yaml`, a chunk of its own in the import worker (lazy/packages.ts). */
export { parse, YAMLError } from 'yaml'
