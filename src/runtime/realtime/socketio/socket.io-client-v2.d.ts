/** `socket.io-client` 2 (an npm alias, for Socket.IO v2 servers) ships no types: client-v2.ts types what it uses. */
declare module 'socket.io-client-v2' {
  const io: unknown
  export default io
}
