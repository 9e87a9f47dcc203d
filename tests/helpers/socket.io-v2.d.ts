/** `socket.io` 2 (an npm alias: a Socket.IO v2 server for the tests) ships no types. */
declare module 'socket.io-v2' {
  import type { Server as HttpServer } from 'node:http'
  interface V2Socket {
    id: string
    handshake: { query: Record<string, string>; headers: Record<string, string | undefined> }
    on(event: string, listener: (...args: never[]) => void): void
    emit(event: string, ...args: unknown[]): void
  }
  interface V2Server {
    on(event: 'connection', listener: (socket: V2Socket) => void): void
    close(done?: () => void): void
  }
  const createServer: (http: HttpServer, options?: object) => V2Server
  export default createServer
}
