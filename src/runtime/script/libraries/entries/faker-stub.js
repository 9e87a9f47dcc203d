// postman-collection reads faker's generators when it loads, for its own {{$random...}} values.
// Sendbox resolves those on the host (model/dynamic-variables), so inside the sandbox every
// generator is a function that gives an empty text, at any depth.
const generator = new Proxy(function () {}, {
  get: (_target, key) => (key === 'prototype' ? undefined : generator),
  apply: () => '',
})

module.exports = generator
