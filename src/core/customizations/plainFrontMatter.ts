// The front matter almost every customization file has: one `field: text` line per field. Read
// directly, it costs a small part of what the YAML parser does for it (which was a sixth of finding a
// hundred skills). Only lines whose value YAML 1.2 would read as that same text, trimmed, are accepted:
// anything YAML could read otherwise (quotes, a leading indicator, a comment, `: ` inside, a value
// that is a number, a boolean or null, a list, continued lines, a repeated field) returns undefined,
// and the caller parses with YAML. test/unit/core/customizations/plainFrontMatter.test.ts holds the
// two to the same result.

const LINE = /^([A-Za-z][A-Za-z0-9_-]{0,63}):[ ]+(.*?)[ ]*$/;
// A first character that makes the value something other than plain text, or may.
const INDICATOR_START = /^[-?:,[\]{}#&*!|>'"%@`+.~0-9]/;
const NOT_PLAIN_INSIDE = /: | #|:$|\t/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
const YAML_WORD = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;

/** The fields of a front matter made of plain `field: text` lines; undefined when YAML must read it. */
export function plainFrontMatter(yamlText: string): Record<string, string> | undefined {
  if (CONTROL.test(yamlText.replace(/\n/g, ''))) return undefined;
  const fields: Record<string, string> = {};
  let count = 0;
  for (const line of yamlText.split('\n')) {
    if (line === '') continue;
    const match = LINE.exec(line);
    if (!match) return undefined;
    const [, key, value] = match as unknown as [string, string, string];
    if (value === '' || INDICATOR_START.test(value) || NOT_PLAIN_INSIDE.test(value) || YAML_WORD.test(value) || YAML_WORD.test(key)) return undefined;
    if (Object.prototype.hasOwnProperty.call(fields, key)) return undefined;
    fields[key] = value;
    count += 1;
  }
  return count > 0 ? fields : undefined;
}
