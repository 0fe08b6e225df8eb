// Comments speak of the code: none names a tracker issue or a numbered layer, which mean nothing to a
// reader of the code and go stale as soon as the work is done.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

describe('source comments', () => {
  it('name no issue and no layer number', () => {
    const root = path.join(__dirname, '..', '..', 'src');
    const offending = files(root).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${path.relative(root, file)}:${index + 1}` }))
        .filter(({ line }) => /\b(issue|layer)\s+#?\d+/i.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
    assert.deepEqual(offending, []);
  });
});
