// What the scripted model finds in pasted text, per language (no server needed).
import assert from 'node:assert/strict';
import { analyseText, describeStructure } from '../../../src/emulator/textStructure';

describe('emulator text structure', () => {
  const cases: { name: string; text: string; language: string; lines: number; declarations: string[]; firstComment?: string; details?: string[] }[] = [
    {
      name: 'Go',
      text: 'package main\n\nimport "fmt"\n\n// Greeter greets.\ntype Greeter struct{}\n\nfunc (g Greeter) Hello() {}\n\nfunc main() {\n\tfmt.Println("hi")\n}\n',
      language: 'Go', lines: 12, declarations: ['type Greeter', 'func Hello', 'func main'], firstComment: 'Greeter greets.',
    },
    { name: 'Java', text: '/** Entry point. */\npublic class App {\n  public static void main(String[] a) {}\n}\n', language: 'Java', lines: 4, declarations: ['class App'], firstComment: 'Entry point.' },
    { name: 'C', text: '#include <stdio.h>\n/* Adds numbers. */\nint add(int a, int b) {\n  return a + b;\n}\n', language: 'C', lines: 5, declarations: ['function add'], firstComment: 'Adds numbers.' },
    { name: 'Rust', text: '//! Crate docs\nuse std::io;\npub fn run() {}\nstruct Point { x: i32 }\n', language: 'Rust', lines: 4, declarations: ['fn run', 'struct Point'], firstComment: 'Crate docs' },
    { name: 'Python', text: '#!/usr/bin/env python3\n"""Tool to do things."""\nimport sys\n\nasync def main():\n    pass\n', language: 'Python', lines: 6, declarations: ['def main'], firstComment: 'Tool to do things.' },
    { name: 'JavaScript', text: '// Server\nconst http = require("http");\nfunction start() {}\nmodule.exports = { start };\n', language: 'JavaScript', lines: 4, declarations: ['const http', 'function start'], firstComment: 'Server' },
    { name: 'YAML', text: 'name: ci\non:\n  push:\njobs:\n  build:\n', language: 'YAML', lines: 5, declarations: [], details: ['top-level keys: name, on, jobs'] },
    { name: 'log', text: '2025-01-01 10:00:00 INFO start\n2025-01-01 10:00:01 ERROR boom\n', language: 'log', lines: 2, declarations: [], details: ['1 ERROR, 1 INFO'] },
    { name: 'HTML', text: '<!doctype html>\n<!-- Landing page -->\n<html><body><h1>Hi</h1></body></html>\n', language: 'HTML', lines: 3, declarations: [], firstComment: 'Landing page' },
  ];
  for (const c of cases) {
    it(`finds the structure of ${c.name}`, () => {
      const s = analyseText(c.text);
      assert.equal(s.language, c.language);
      assert.equal(s.lines, c.lines);
      assert.deepEqual(s.declarations, c.declarations);
      assert.equal(s.firstComment, c.firstComment);
      if (c.details) assert.deepEqual(s.details, c.details);
    });
  }

  it('trusts a language hint over guessing, and describes what it found', () => {
    const s = analyseText('x = 1\n', 'Python');
    assert.equal(s.language, 'Python');
    assert.equal(describeStructure(s, 'a.py'), '`a.py` is Python code of 1 line.\n\nI found no top-level declarations in it.');
  });
});
