// How each language names, in its own text, the files it imports by a path relative to itself, and where
// its compiler or interpreter looks for them: TypeScript and JavaScript (`import … from './x'`, `require`,
// `import()`), Python (`from .x import y`, `from .. import z`), C and C++ (`#include "x.h"`) and Rust
// (`mod x;`). Package imports (`react`, `numpy`, `<stdio.h>`, `use std::…`) are not files of the workspace
// and are not followed. Every pattern is linear, so a long file costs one pass each.
import * as nodePath from 'node:path/posix';

/** One import: the workspace paths it may name, in the order they are tried. */
export type ImportCandidates = string[];

interface ImportSyntax {
  /** The imports of `text`, the file at workspace path `fromPath`, in the order they first appear. */
  imports(fromPath: string, text: string): ImportCandidates[];
}

/** `relative` joined to the folder of `fromPath`; undefined when it climbs out of the workspace folder. */
function beside(fromPath: string, relative: string): string | undefined {
  const joined = nodePath.normalize(nodePath.join(nodePath.dirname(fromPath), relative));
  return joined === '..' || joined.startsWith('../') || joined === '.' ? undefined : joined;
}

/** Matches of `patterns` in `text`, group `group` of each, in the order they appear, each once. */
function inOrder(text: string, patterns: readonly RegExp[], group: number): string[] {
  const found: { at: number; value: string }[] = [];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push({ at: match.index, value: match[group]! });
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.value))];
}

const SPECIFIER = String.raw`(['"])(\.{1,2}/[^'"\n]*)\1`;
const SCRIPT_PATTERNS = [new RegExp(String.raw`\bfrom\s*${SPECIFIER}`, 'g'), new RegExp(String.raw`\bimport\s*${SPECIFIER}`, 'g'), new RegExp(String.raw`\b(?:require|import)\s*\(\s*${SPECIFIER}\s*\)`, 'g')];
const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'];
/** What TypeScript maps an import written with a JavaScript extension to, tried before the name itself. */
const TYPESCRIPT_FOR: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** `./x` is `x.ts`, `x.tsx`, `x.js`… or `x/index.ts`…; `./x.js` written in TypeScript is `x.ts` first. */
function scriptCandidates(fromPath: string, specifier: string): ImportCandidates {
  const base = specifier.endsWith('/') ? undefined : beside(fromPath, specifier);
  if (!base) return [];
  const extension = nodePath.extname(base);
  const mapped = TYPESCRIPT_FOR[extension];
  if (mapped) return [...mapped.map((ext) => base.slice(0, -extension.length) + ext), base];
  if (extension === '.json' || SCRIPT_EXTENSIONS.includes(extension)) return [base];
  return [...SCRIPT_EXTENSIONS.map((ext) => base + ext), ...['.ts', '.tsx', '.js', '.jsx'].map((ext) => `${base}/index${ext}`)];
}

const scripts: ImportSyntax = {
  imports: (fromPath, text) => inOrder(text, SCRIPT_PATTERNS, 2).map((specifier) => scriptCandidates(fromPath, specifier)),
};

/** `from .x.y import a` / `from .. import a, b`: dots climb packages, the module path names a file or a package. */
const PYTHON_FROM = /^[ \t]*from[ \t]+(\.+)([A-Za-z_][\w.]*)?[ \t]*import\b[ \t]*\(?([\w, \t]*)/gm;

function pythonModule(fromPath: string, dots: number, dotted: string): ImportCandidates {
  const base = beside(fromPath, `${'../'.repeat(dots - 1)}./${dotted.split('.').join('/')}`);
  return base ? [`${base}.py`, `${base}.pyi`, `${base}/__init__.py`] : [];
}

const python: ImportSyntax = {
  imports(fromPath, text) {
    const found: ImportCandidates[] = [];
    for (const match of text.matchAll(PYTHON_FROM)) {
      const dots = match[1]!.length;
      if (match[2]) found.push(pythonModule(fromPath, dots, match[2]));
      else for (const name of match[3]!.split(',').map((n) => n.trim()).filter((n) => /^[A-Za-z_]\w*$/.test(n))) found.push(pythonModule(fromPath, dots, name));
    }
    return found;
  },
};

/** `#include "x.h"` is looked for beside the including file first; `<x.h>` is the system's. */
const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm;

const includes: ImportSyntax = {
  imports: (fromPath, text) => inOrder(text, [INCLUDE], 1).map((header) => {
    const path = beside(fromPath, `./${header}`);
    return path ? [path] : [];
  }),
};

/** `mod x;` (not `mod x { … }`): a module in a file of its own. */
const RUST_MOD = /^[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?mod[ \t]+([A-Za-z_]\w*)[ \t]*;/gm;

const rust: ImportSyntax = {
  imports(fromPath, text) {
    // main.rs, lib.rs and mod.rs own their folder; any other file's modules live in a folder of its name.
    const stem = nodePath.basename(fromPath, '.rs');
    const folder = ['main', 'lib', 'mod'].includes(stem) ? '.' : stem;
    return inOrder(text, [RUST_MOD], 1).map((name) => {
      const base = beside(fromPath, `./${folder}/${name}`);
      return base ? [`${base}.rs`, `${base}/mod.rs`] : [];
    });
  },
};

const SYNTAX_OF: Record<string, ImportSyntax> = {
  typescript: scripts,
  typescriptreact: scripts,
  javascript: scripts,
  javascriptreact: scripts,
  python,
  c: includes,
  cpp: includes,
  'objective-c': includes,
  'objective-cpp': includes,
  'cuda-cpp': includes,
  rust,
};

/** Each file `text` (the file at `fromPath`, in `languageId`) imports by a relative path, as the paths tried. */
export function importedPaths(languageId: string, fromPath: string, text: string): ImportCandidates[] {
  const seen = new Set<string>();
  return (SYNTAX_OF[languageId]?.imports(fromPath, text) ?? []).filter((candidates) => {
    const first = candidates[0];
    if (first === undefined || seen.has(first)) return false;
    seen.add(first);
    return true;
  });
}
