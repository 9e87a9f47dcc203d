// undici's Agent module on its own (dispatcher.ts): its CommonJS export is the class.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici'
  export default Agent
}
