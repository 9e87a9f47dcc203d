/** The six snippets of spec 4.5, offered at the start of an empty line. */
export const SCRIPT_SNIPPETS: { label: string; detail: string; body: string }[] = [
  {
    label: 'test',
    detail: 'status code is 200',
    body: "svc.test('Status code is 200', function () {\n\tsvc.response.to.have.status(200)\n})",
  },
  {
    label: 'test',
    detail: 'body value equals',
    body: "svc.test('Body value equals', function () {\n\tsvc.expect(svc.response.json().${1:field}).to.equal(${2:'value'})\n})",
  },
  {
    label: 'test',
    detail: 'response time is fast',
    body: "svc.test('Response time is below 500 ms', function () {\n\tsvc.expect(svc.response.responseTime).to.be.below(500)\n})",
  },
  {
    label: 'test',
    detail: 'has header',
    body: "svc.test('Has Content-Type header', function () {\n\tsvc.response.to.have.header('${1:Content-Type}')\n})",
  },
  {
    label: 'environment.set',
    detail: 'save token',
    body: "svc.environment.set('token', svc.response.json().${1:access_token})",
  },
  {
    label: 'variables.set',
    detail: 'from response',
    body: "svc.variables.set('${1:name}', svc.response.json().${2:field})",
  },
]
