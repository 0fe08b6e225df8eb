// The metadata rules the Open VSX registry applies when an extension is uploaded (its server's extension
// validator: names, lengths, characters, URLs, banner), restated so the package can be checked without the
// network. ovsx itself checks only the publisher, name, version and licence before it uploads.

/** The package.json fields the registry reads. */
export interface StoreManifest {
  publisher?: unknown;
  name?: unknown;
  version?: unknown;
  displayName?: unknown;
  description?: unknown;
  categories?: unknown;
  keywords?: unknown;
  license?: unknown;
  homepage?: unknown;
  repository?: unknown;
  bugs?: unknown;
  galleryBanner?: unknown;
}

const NAME = /^[\w\-+$~]+$/;
const VERSION_PUNCTUATION = new Set(['$', '+', '-', ',', '.', ':', ';', '_']);
const DEFAULT_LIMIT = 255;
const DESCRIPTION_LIMIT = 2048;
const BANNER_COLOUR_LIMIT = 16;
// Control, format, unassigned, private-use and line/paragraph separator characters are refused.
const REFUSED_CHARACTER = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\u2028\u2029]/u;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function urlOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'url' in value) return text((value as { url: unknown }).url);
  return undefined;
}

function hasHost(value: string): boolean {
  try {
    return new URL(value.startsWith('git+') ? value.slice(4) : value).host !== '';
  } catch {
    return false;
  }
}

/** Every rule the manifest breaks, each naming the field and what is allowed; empty when the registry accepts it. */
export function openVsxIssues(manifest: StoreManifest): string[] {
  const issues: string[] = [];
  const checkText = (field: string, value: string | undefined, limit: number) => {
    if (value === undefined) return;
    if (REFUSED_CHARACTER.test(value)) issues.push(`${field}: a control or unassigned character in "${value}"`);
    if (value.length > limit) issues.push(`${field}: ${value.length} characters, at most ${limit} allowed`);
  };
  for (const field of ['publisher', 'name'] as const) {
    const value = text(manifest[field]);
    if (!value) issues.push(`${field}: missing`);
    else if (!NAME.test(value) || value.length > DEFAULT_LIMIT) issues.push(`${field}: "${value}" is not a valid name (letters, digits, _ - + $ ~, at most ${DEFAULT_LIMIT})`);
  }
  const version = text(manifest.version);
  if (!version) issues.push('version: missing');
  else if ([...version].some((c) => !/[\p{L}\p{N}]/u.test(c) && !VERSION_PUNCTUATION.has(c))) issues.push(`version: "${version}" has a character other than letters, digits and ${[...VERSION_PUNCTUATION].join(' ')}`);
  else if (['latest', 'pre-release', 'reviews'].includes(version)) issues.push(`version: "${version}" is reserved`);
  checkText('displayName', text(manifest.displayName), DEFAULT_LIMIT);
  checkText('description', text(manifest.description), DESCRIPTION_LIMIT);
  checkText('license', text(manifest.license), DEFAULT_LIMIT);
  for (const field of ['categories', 'keywords'] as const) {
    const values = manifest[field];
    if (values === undefined) continue;
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) issues.push(`${field}: must be a list of strings`);
    else for (const value of values as string[]) checkText(field, value, DEFAULT_LIMIT);
  }
  for (const field of ['homepage', 'repository', 'bugs'] as const) {
    if (manifest[field] === undefined) continue;
    const url = urlOf(manifest[field]);
    if (!url || !hasHost(url)) issues.push(`${field}: "${String(url)}" is not a URL with a host`);
    else checkText(field, url, DEFAULT_LIMIT);
  }
  const banner = manifest.galleryBanner as { color?: unknown; theme?: unknown } | undefined;
  if (banner !== undefined) {
    checkText('galleryBanner.color', text(banner.color), BANNER_COLOUR_LIMIT);
    if (banner.theme !== undefined && banner.theme !== 'dark' && banner.theme !== 'light') issues.push(`galleryBanner.theme: "${String(banner.theme)}", allowed: dark, light`);
  }
  return issues;
}
