// Node's stream module (readable-stream: the same code as Node's own).
import stream from 'readable-stream'

export default stream
