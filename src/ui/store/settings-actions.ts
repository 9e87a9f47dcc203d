/** Device settings and secret values as the response viewer and Explain read them. */
import { createMemo, type Accessor } from 'solid-js'
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'

export function makeSettingsActions(docs: OpenDocs, deviceVersion: Accessor<number>) {
  const settings = createMemo(() => {
    deviceVersion()
    return data.readSettings(docs.device)
  })
  return {
    settings,
    updateSettings: (patch: data.SettingsPatch) => data.updateSettings(docs.device, patch),
    /** Values of the secret variables a request can see: Explain masks them. */
    secretValues(requestId: Id | null): string[] {
      return data
        .variableLayers(docs.workspace, docs.device, requestId)
        .flatMap((layer) => layer.variables)
        .filter((v) => v.secret && v.value !== '')
        .map((v) => v.value)
    },
  }
}
