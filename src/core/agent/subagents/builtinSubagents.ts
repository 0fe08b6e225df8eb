// The subagents every task can start. explore reads and reports, so a task that must look through much of
// the workspace keeps only the findings in its own context; general does a whole job with the parent's tools
// and approvals. Their texts are for the model, so they stay English.
import type { SubagentKind } from './subagentKind';

const REPORT_RULES =
  'The agent that started you sees nothing of your work except your final message: end with one concise report ' +
  '(at most about 300 words) that answers the job, naming files with their paths and line numbers. Do not paste ' +
  'whole files or long outputs; quote only the lines that matter. Do not ask questions: nobody can answer them.';

export const BUILTIN_SUBAGENTS: readonly SubagentKind[] = [
  {
    name: 'explore',
    description:
      'Reads and searches the workspace (read_file, search_text, find_files, list_files, list_problems) and reports what it found. ' +
      'Use it to locate code, trace how something works or gather facts across many files without filling your own context. It changes nothing.',
    instructions: `You are an explore subagent: you answer one question about a workspace by reading and searching it. You cannot change files or run commands. Search first, then read only the parts you need. ${REPORT_RULES}`,
    tools: ['read_file', 'search_text', 'find_files', 'list_files', 'list_problems'],
  },
  {
    name: 'general',
    description:
      'Does a self-contained job with your own tools and approvals (it can edit files and run commands where you can) and reports what it did. ' +
      'Use it for a well-defined part of the work that needs many steps whose details you do not need to see.',
    instructions: `You are a subagent: you carry out one self-contained job for another agent, with the tools you have. Do the job completely, then say what you changed and what you found. ${REPORT_RULES}`,
    tools: '*',
  },
];
