// `timers` on the sandbox's own setTimeout (its limits apply): immediates are zero-delay
// timeouts, intervals re-arm themselves until cleared.
const intervals = new Map()
let next = 1

function setInterval(fn, ms, ...args) {
  const id = next++
  const tick = () => {
    intervals.set(id, setTimeout(tick, ms))
    fn(...args)
  }
  intervals.set(id, setTimeout(tick, ms))
  return id
}
function clearInterval(id) {
  clearTimeout(intervals.get(id))
  intervals.delete(id)
}
export default {
  setTimeout: (fn, ms, ...args) => setTimeout(() => fn(...args), ms),
  clearTimeout: (id) => clearTimeout(id),
  setImmediate: (fn, ...args) => setTimeout(() => fn(...args), 0),
  clearImmediate: (id) => clearTimeout(id),
  setInterval,
  clearInterval,
}
