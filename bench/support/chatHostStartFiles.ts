// The files of dist/ that load when the chat host starts: dist/chatHost.js and the chunks it shares with
// the files it loads on first use (esbuild.mjs splits them), required from its top level, followed through
// the chunks' own top-level requires. A require inside a function runs when the function does: that is an
// import() turned into a require (a file loaded on first use), so it is not followed.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The relative requires (`./x.js`) a CommonJS file runs when it is loaded. */
export function topLevelRequires(source: string): string[] {
  const file = ts.createSourceFile('bundle.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('./')) found.push(specifier.text.slice(2));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `entry` (relative to `distDir`) and every file of distDir it requires at load, transitively, in load order. */
export function startFiles(distDir: string, entry: string): string[] {
  const seen: string[] = [];
  const follow = (relative: string): void => {
    if (seen.includes(relative)) return;
    seen.push(relative);
    for (const required of topLevelRequires(fs.readFileSync(path.join(distDir, relative), 'utf8'))) follow(required);
  };
  follow(entry);
  return seen;
}
