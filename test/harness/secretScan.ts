// Looks for an API key in every file under some folders: the whole key, its random part alone and its
// base64 form (a Basic header or an encoded dump would hold that), so a leak in any spelling is found.
import fs from 'node:fs';
import path from 'node:path';

/** The environment variable that hands the integration suite the key its session uses. */
export const SECRET_ENV = 'SVC_INTEGRATION_SECRET';

export interface SecretScan {
  files: number;
  /** Of those, the files named `*.log` (VS Code's logs, the extension's output channel). */
  logs: string[];
  bytes: number;
  /** `file: what was found`, one line per leak. */
  leaks: string[];
}

/** The spellings of `secret` that count as a leak. */
export function secretForms(secret: string): string[] {
  return [secret, secret.slice(secret.lastIndexOf('-') + 1), Buffer.from(secret).toString('base64').slice(0, 40)];
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function scanForSecret(dirs: string[], secret: string): SecretScan {
  const forms = secretForms(secret);
  const scan: SecretScan = { files: 0, logs: [], bytes: 0, leaks: [] };
  for (const file of dirs.flatMap(filesUnder)) {
    const bytes = fs.readFileSync(file);
    scan.files++;
    if (file.endsWith('.log')) scan.logs.push(file);
    scan.bytes += bytes.length;
    for (const form of forms) if (bytes.includes(form)) scan.leaks.push(`${file}: ${form === secret ? 'the key' : 'a form of the key'}`);
  }
  return scan;
}
