/**
 * A data file chosen in the runner, read on this device: its rows (one iteration each) and
 * columns, parsed by the model (src/model/iteration-data/), as the CLI's `-d` parses them.
 */
import { parseIterationData } from '../../model/iteration-data/index.ts'
import type { DataFile } from './run-session.ts'

/** Throws IterationDataError (the file, the row and the problem) for a file that cannot be read. */
export async function readDataFile(file: File): Promise<DataFile> {
  const { rows, columns } = parseIterationData(await file.text(), file.name)
  return { name: file.name, rows, columns }
}
