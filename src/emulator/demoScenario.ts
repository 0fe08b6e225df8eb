// The emulator's built-in script for the demo task (src/shared/demoProject.ts): it reads the file, makes
// two edits, runs the tests and sums up, one step per request. It answers only an agent request (tools
// offered) whose last user message holds the demo's task, so a normal chat is untouched. Its tool calls
// are ordinary model output: the extension checks them, asks before each edit and the command, and takes
// checkpoints, exactly as for a real model, so the script can do nothing a model reply could not.
import { DEMO_COMMAND, DEMO_EDITS, DEMO_TASK_MARKER } from '../shared/demoProject';
import type { Scenario } from './options';

function step(index: number, reply: Scenario['reply']): Scenario {
  return { name: `built-in demo, step ${index + 1}`, match: { lastUserText: DEMO_TASK_MARKER, hasTools: true, toolStepsSinceUser: index }, reply };
}

export const DEMO_SCENARIOS: readonly Scenario[] = [
  step(0, { reasoning: 'Read the price function first.', toolCalls: [{ name: 'read_file', arguments: { path: 'prices.js' } }] }),
  step(1, { reasoning: 'The discount is a percentage but is subtracted as an amount. Fix the formula.', toolCalls: [{ name: 'edit_file', arguments: { ...DEMO_EDITS[0] } }] }),
  step(2, { reasoning: 'Add a test for a zero discount.', toolCalls: [{ name: 'edit_file', arguments: { ...DEMO_EDITS[1] } }] }),
  step(3, { reasoning: 'Run the tests.', toolCalls: [{ name: 'run_command', arguments: { command: DEMO_COMMAND } }] }),
  step(4, {
    reasoning: 'The tests ran; sum up.',
    content: `Fixed \`discounted\` in prices.js: the discount is a percentage, so it is now \`price * percent / 100\` off (it subtracted the percent as an amount). Added a test for a zero discount in test.js and ran \`${DEMO_COMMAND}\`.\n\nThis was the built-in demo of the local emulator. Each edit and the command asked for your approval, and every change has a checkpoint you can compare or restore.`,
  }),
];
