// What the request rules share: the plain-object check, quoting a value in a message, and the list of
// broken rules they fill.
import type { ValidationIssue } from './errors';
import type { IssueRule } from './issueRule';

export type Obj = Record<string, unknown>;

export function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
export function isNonEmptyString(v: unknown): v is string {
  return typeof v === 'string' && v !== '';
}
export function quote(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v);
}

export class Issues {
  readonly list: ValidationIssue[] = [];
  add(field: string, message: string, rule?: IssueRule): void {
    this.list.push(rule ? { field, message, rule } : { field, message });
  }
}
