// nanoid as Bruno offers it: `nanoid(size = 21)` from the URL-safe alphabet, and
// `customAlphabet(alphabet, size)`. Randomness is Math.random (QuickJS has no crypto).
const URL_SAFE = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict'

function customAlphabet(alphabet, defaultSize = 21) {
  return (size = defaultSize) => {
    let id = ''
    for (let i = 0; i < size; i++) id += alphabet[Math.floor(Math.random() * alphabet.length)]
    return id
  }
}
const nanoid = customAlphabet(URL_SAFE)

export default { nanoid, customAlphabet, urlAlphabet: URL_SAFE }
