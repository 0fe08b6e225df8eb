// Checks a response body against its zod schema. Loose schemas keep the fields the contract does not
// name; a body that breaks the contract becomes an InvalidResponseError naming the first bad field.
import type * as z from 'zod';
import { InvalidResponseError } from './errors';

/** `['choices', 0, 'message']` → `choices[0].message`; the root is `(body)`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(body)' : out;
}

export function validateResponse<S extends z.ZodType>(schema: S, body: unknown, status?: number): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new InvalidResponseError(
    formatFieldPath(issue?.path ?? []),
    issue?.message ?? 'does not match the contract',
    status,
  );
}
