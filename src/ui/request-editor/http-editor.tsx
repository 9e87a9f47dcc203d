/** The request area of HTTP and GraphQL: the name, method, URL and Send above the request's sections. */
import { RequestHeader } from '../request-header/index.tsx'
import type { TabState } from '../../model/workspace/api.ts'
import { RequestEditor } from './index.tsx'

export function HttpEditor(props: { tab: TabState }) {
  return (
    <>
      <RequestHeader tab={props.tab} />
      <RequestEditor tab={props.tab} />
    </>
  )
}
