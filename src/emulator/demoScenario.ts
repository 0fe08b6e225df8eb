// The emulator's built-in script for the demo task (src/shared/demoProject.ts): it reads the file, makes
// two edits, runs the tests and sums up, one step per request. It answers only an agent request (tools
// offered) whose last user message holds the demo's task, so a normal chat is untouched. Its tool calls
// are ordinary model output: the extension checks them, asks before each edit and the command, and takes
// checkpoints, exactly as for a real model, so the script can do nothing a model reply could not. A task
// that asks for Simplified Chinese (DEMO_CHINESE_HINT) gets the same steps narrated in Chinese.
import { DEMO_CHINESE_HINT, DEMO_COMMAND, DEMO_EDITS, DEMO_TASK_MARKER } from '../shared/demoProject';
import type { Scenario } from './options';

type Said = { en: string; zh: string };

const SUMMARY: Said = {
  en: `Fixed \`discounted\` in prices.js: the discount is a percentage, so it is now \`price * percent / 100\` off (it subtracted the percent as an amount). Added a test for a zero discount in test.js and ran \`${DEMO_COMMAND}\`.\n\nThis was the built-in demo of the local emulator. Each edit and the command asked for your approval, and every change has a checkpoint you can compare or restore.`,
  zh: `已修复 prices.js 中的 \`discounted\`：折扣是百分比，现在减去的是 \`price * percent / 100\`（原来把百分数当作金额减去）。在 test.js 中添加了零折扣的测试，并运行了 \`${DEMO_COMMAND}\`。\n\n这是本地模拟器的内置演示。每次编辑和命令都先征求了你的批准，每项更改都有可比较或恢复的检查点。`,
};

const REASONING: readonly Said[] = [
  { en: 'Read the price function first.', zh: '先读取价格函数。' },
  { en: 'The discount is a percentage but is subtracted as an amount. Fix the formula.', zh: '折扣是百分比，却被当作金额减去。修正公式。' },
  { en: 'Add a test for a zero discount.', zh: '为零折扣添加一个测试。' },
  { en: 'Run the tests.', zh: '运行测试。' },
  { en: 'The tests ran; sum up.', zh: '测试已运行；总结一下。' },
];

const CALLS: readonly NonNullable<Scenario['reply']['toolCalls']>[] = [
  [{ name: 'read_file', arguments: { path: 'prices.js' } }],
  [{ name: 'edit_file', arguments: { ...DEMO_EDITS[0] } }],
  [{ name: 'edit_file', arguments: { ...DEMO_EDITS[1] } }],
  [{ name: 'run_command', arguments: { command: DEMO_COMMAND } }],
];

function steps(language: keyof Said): Scenario[] {
  // The Chinese steps match only a task with the hint; they come first, so the English ones take the rest.
  const hint = language === 'zh' ? { lastUserTextRegex: DEMO_CHINESE_HINT.replace('.', '\\.') } : {};
  return REASONING.map((reasoning, index) => {
    const calls = CALLS[index];
    const reply: Scenario['reply'] = calls ? { reasoning: reasoning[language], toolCalls: calls } : { reasoning: reasoning[language], content: SUMMARY[language] };
    return { name: `built-in demo, step ${index + 1}${language === 'zh' ? ' (Chinese)' : ''}`, match: { lastUserText: DEMO_TASK_MARKER, ...hint, hasTools: true, toolStepsSinceUser: index }, reply };
  });
}

export const DEMO_SCENARIOS: readonly Scenario[] = [...steps('zh'), ...steps('en')];
