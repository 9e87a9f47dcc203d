/**
 * Secret values out of a file: a secret variable keeps its name and flag, its value is emptied
 * (the spec: secret values are never exported unless the user asks for them). Counts what it
 * emptied so the caller can say how many values were left out.
 */
import type { Collection, Environment, TreeItem, Variable } from '../types.ts'

export interface WithoutSecrets {
  collection: Collection
  environments: Environment[]
  /** How many secret variables had a value that was emptied. */
  emptied: number
}

export function withoutSecrets(collection: Collection, environments: Environment[] = []): WithoutSecrets {
  let emptied = 0
  const blank = (variables: Variable[]): Variable[] =>
    variables.map((variable) => {
      if (!variable.secret || variable.value === '') return variable
      emptied++
      return { ...variable, value: '' }
    })
  const strip = (items: TreeItem[]): TreeItem[] =>
    items.map((item) =>
      item.type === 'folder'
        ? { ...item, variables: blank(item.variables), children: strip(item.children) }
        : item,
    )
  const result = {
    collection: {
      ...collection,
      variables: blank(collection.variables),
      children: strip(collection.children),
    },
    environments: environments.map((environment) => ({
      ...environment,
      variables: blank(environment.variables),
    })),
  }
  return { ...result, emptied }
}
