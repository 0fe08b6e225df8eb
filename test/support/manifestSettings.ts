// The settings package.json contributes, read as VS Code does: `contributes.configuration` is a list of
// titled categories (the groups of the Settings page), each with its own properties, and every `%key%`
// is the English text package.nls.json gives it.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface ManifestSetting {
  type?: string | string[];
  default?: unknown;
  scope?: string;
  description?: string;
  markdownDescription?: string;
  enum?: unknown[];
  enumDescriptions?: string[];
  anyOf?: Array<{ enum?: unknown[]; enumDescriptions?: string[]; pattern?: string }>;
  order?: number;
  minimum?: number;
  maximum?: number;
}

export interface ManifestCategory {
  id?: string;
  title?: string;
  order?: number;
  properties?: Record<string, ManifestSetting>;
}

export function manifestCategories(): ManifestCategory[] {
  const root = path.join(__dirname, '../..');
  const english = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'), (_key, value: unknown) => {
    const key = typeof value === 'string' ? /^%([^%\s]+)%$/.exec(value)?.[1] : undefined;
    return key !== undefined ? (english[key] ?? value) : value;
  }) as { contributes: { configuration: ManifestCategory[] | ManifestCategory } };
  const configuration = manifest.contributes.configuration;
  return Array.isArray(configuration) ? configuration : [configuration];
}

/** Every setting by its full name (`svc.model`), whatever its category. */
export function manifestSettings(): Record<string, ManifestSetting> {
  return Object.assign({}, ...manifestCategories().map((category) => category.properties ?? {})) as Record<string, ManifestSetting>;
}
