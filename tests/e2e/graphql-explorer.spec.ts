import { expect, test, type Page } from '@playwright/test'
import { openApp } from './helpers.ts'
import { ECHO, section, urlField } from './send-helpers.ts'

const explorer = (page: Page) => page.getByRole('region', { name: 'Schema explorer' })
const query = (page: Page) => page.getByRole('textbox', { name: 'Query', exact: true })

async function graphqlBody(page: Page, url: string) {
  await openApp(page)
  await urlField(page).fill(url)
  await section(page, 'Body')
  await page.getByRole('radiogroup', { name: 'Body type' }).getByText('GraphQL', { exact: true }).click()
}

test('the explorer fetches the schema through the relay, browses types and inserts fields', async ({
  page,
}) => {
  await graphqlBody(page, `${ECHO}/graphql`)
  const relay = page.waitForRequest((r) => r.url().endsWith('/relay'))
  await page.getByRole('button', { name: 'Schema', exact: true }).click()
  await relay
  const panel = explorer(page)
  await expect(panel.getByRole('heading', { name: /^Query/ })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Insert users' })).toContainText(
    'users(first: Int = 10, role: Role)',
  )
  // The tab's own response area is untouched by the introspection.
  await expect(page.getByText('Send the request to see its response.')).toBeVisible()

  await query(page).fill('{ ')
  await query(page).press('End')
  await panel.getByRole('button', { name: 'Insert users' }).click()
  await expect(query(page)).toHaveValue('{ users {  }')
  await panel.getByRole('button', { name: 'Open type User' }).first().click()
  await expect(panel.getByRole('heading', { name: /^User/ })).toBeVisible()
  await panel.getByRole('button', { name: 'Insert name' }).click()
  await expect(query(page)).toHaveValue('{ users { name }')

  await panel.getByRole('button', { name: 'Mutation', exact: true }).click()
  await expect(panel.getByRole('button', { name: 'Insert createUser' })).toContainText(
    'createUser(input: NewUser!)',
  )

  await panel.getByRole('searchbox', { name: 'Search schema' }).fill('titl')
  await expect(panel.getByRole('button', { name: /^Insert / })).toHaveText(['Post.title'])
})

test('with a schema loaded, field names are suggested while typing and Tab takes the first', async ({
  page,
}) => {
  await graphqlBody(page, `${ECHO}/graphql`)
  await page.getByRole('button', { name: 'Schema', exact: true }).click()
  await expect(explorer(page).getByRole('heading', { name: /^Query/ })).toBeVisible()
  await query(page).fill('')
  await query(page).pressSequentially('query Q { user(id: 1) { em')
  const suggestions = page.getByRole('listbox', { name: 'Field suggestions' })
  await expect(suggestions.getByRole('option')).toHaveText(['email'])
  await query(page).press('Tab')
  await expect(query(page)).toHaveValue('query Q { user(id: 1) { email')
  await expect(suggestions).toHaveCount(0)
  await query(page).pressSequentially(' po')
  await expect(suggestions.getByRole('option')).toHaveText(['posts'])
})

test('an endpoint that refuses introspection, and one that is no GraphQL endpoint, say so', async ({
  page,
}) => {
  await graphqlBody(page, `${ECHO}/graphql/closed`)
  await page.getByRole('button', { name: 'Schema', exact: true }).click()
  await expect(explorer(page).getByRole('alert')).toHaveText(
    'The endpoint answered 400. The endpoint did not answer introspection: GraphQL introspection is not allowed, but the query contained __schema or __type',
  )
  await urlField(page).fill(`${ECHO}/post`)
  await explorer(page).getByRole('button', { name: 'Fetch schema' }).click()
  await expect(explorer(page).getByRole('alert')).toHaveText(
    'The answer holds no schema (data.__schema): is this a GraphQL endpoint?',
  )
  await urlField(page).fill('http://127.0.0.1:9/graphql')
  await explorer(page).getByRole('button', { name: 'Fetch schema' }).click()
  await expect(explorer(page).getByRole('alert')).toContainText('The introspection request failed:')
})
