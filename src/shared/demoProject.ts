// The built-in demo: a tiny sample project and the task the local emulator answers with a scripted agent
// run on it (a read, two edits, a command). Shared by the extension, which writes the files and sends the
// task, and the emulator, which recognises the task; nothing else of ours depends on it.

/** The task the demo sends; the emulator's demo script matches on DEMO_TASK_MARKER within it. */
export const DEMO_TASK_MARKER = 'svc sample project: fix the discount bug';
export const DEMO_TASK = `On the ${DEMO_TASK_MARKER} in prices.js, add a test for it and run the tests.`;

/** Added to the task when VS Code shows Simplified Chinese: the demo's script then narrates in Chinese, as a real model would. */
export const DEMO_CHINESE_HINT = 'Reply in Simplified Chinese.';

/** The task as sent for VS Code's display language (`vscode.env.language`). */
export function demoTaskFor(language: string): string {
  return language.toLowerCase().startsWith('zh') ? `${DEMO_TASK} ${DEMO_CHINESE_HINT}` : DEMO_TASK;
}

/** The marker file that names a folder as the sample project (VS Code activates the extension on it). */
export const DEMO_MARKER_FILE = '.svc-sample-project';

export const DEMO_FILES: Readonly<Record<string, string>> = {
  [DEMO_MARKER_FILE]: 'This folder is the svc demo\'s sample project ("svc: Try the Agent on a Sample Project" writes it again).\n',
  'README.md': '# Sample project\n\nA price with a percentage discount. `node test.js` runs the tests.\n',
  'prices.js': "// A price after a discount given in percent (10 means 10 % off).\nfunction discounted(price, percent) {\n  return price - percent;\n}\n\nmodule.exports = { discounted };\n",
  'test.js': "const assert = require('node:assert');\nconst { discounted } = require('./prices');\n\nassert.strictEqual(discounted(200, 10), 180);\nconsole.log('all tests passed');\n",
};

/** The demo's edits, as the scripted agent makes them. */
export const DEMO_EDITS = [
  { path: 'prices.js', old_text: '  return price - percent;', new_text: '  return price - (price * percent) / 100;' },
  { path: 'test.js', old_text: 'assert.strictEqual(discounted(200, 10), 180);', new_text: 'assert.strictEqual(discounted(200, 10), 180);\nassert.strictEqual(discounted(50, 0), 50);' },
] as const;

export const DEMO_COMMAND = 'node test.js';
