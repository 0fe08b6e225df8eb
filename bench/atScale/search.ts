// The agent's search_text over the large repository (about 77,000 files), through the real ripgrep
// implementation of the search port and VS Code's bundled ripgrep (code-server's), against ripgrep
// alone: the same binary with the same arguments the tool's search run uses, in the same run. A unique
// line is planted in the file that comes last in path order, in a scratch copy (the cached tree is
// never changed), so "complete" is checked, not assumed. A regular expression must go through the whole
// tree too (the old search gave up after 2 s). The built-in walk, the fallback without ripgrep, is timed
// once for comparison.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TaskApprovals } from '../../src/core/tools/approvals';
import { ChangeJournal } from '../../src/core/tools/changeJournal';
import type { Tool } from '../../src/core/tools/tool';
import { parseToolArguments } from '../../src/core/tools/toolArguments';
import type { TextSearchRequest, WorkspaceSearch } from '../../src/core/tools/workspaceSearch';
import { createWorkspaceTools } from '../../src/core/tools/workspaceTools';
import { RipgrepWorkspaceSearch } from '../../src/extension/workspaceTools/ripgrepWorkspaceSearch';
import { WalkingWorkspaceSearch } from '../../src/extension/workspaceTools/walkingWorkspaceSearch';
import { codeServerRipgrep } from '../../test/support/codeServerRipgrep';
import { nodeTestHost, ScriptedApprover } from '../../test/support/testWorkspaceHost';
import { figure, figureSpread, type TargetResult } from '../support/benchReport';
import { scratchCopy, type LargeRepository } from '../support/largeRepository';

const RUNS = 5;
const REGEX_RUNS = 3;
const TOKEN = 'svcplanted_7f3a9c_unique_token';
const REGEX = 'svcplanted_[0-9a-f]{6}_unique_t[aeiou]ken';

/** The tool as the agent runs it, and the text search requests it sends to the port. */
function searchTool(root: string, search: (files: ConstructorParameters<typeof WalkingWorkspaceSearch>[0]) => WorkspaceSearch): { tool: Tool; requests: TextSearchRequest[] } {
  const requests: TextSearchRequest[] = [];
  const host = nodeTestHost([{ name: 'large', path: root }], {
    search: (files) => {
      const inner = search(files);
      return { regexSyntax: inner.regexSyntax, findFiles: (r) => inner.findFiles(r), searchText: (r) => (requests.push(r), inner.searchText(r)) };
    },
  });
  const approvals = new TaskApprovals(new ScriptedApprover(() => 'approve'), { autoApproveEdits: false });
  const tool = createWorkspaceTools(host, approvals, new ChangeJournal()).find((t) => t.definition.function.name === 'search_text');
  if (!tool) throw new Error('no search_text tool');
  return { tool, requests };
}

async function runTool(tool: Tool, args: Record<string, unknown>): Promise<{ ms: number; content: string }> {
  const start = performance.now();
  const result = await tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
  return { ms: performance.now() - start, content: result.content };
}

/** ripgrep alone: the binary, the arguments, its whole output read, nothing else. */
function ripgrepAlone(binary: string, args: readonly string[], cwd: string): Promise<{ ms: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) lines += 1;
    });
    child.on('error', reject);
    child.on('close', () => resolve({ ms: performance.now() - start, lines }));
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The file that comes last in path order among those ripgrep would search. */
function lastFile(binary: string, root: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['--files', '--no-config', '--hidden', '--no-require-git', '--iglob=!.git'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => {
      const files = text.split('\n').filter(Boolean).sort();
      const last = files[files.length - 1];
      if (last === undefined) reject(new Error('ripgrep listed no file'));
      else resolve(last);
    });
  });
}

export async function measure(repository: LargeRepository): Promise<TargetResult[]> {
  const binary = codeServerRipgrep();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-search-'));
  try {
    const copyStart = performance.now();
    const root = fs.realpathSync(scratchCopy(repository, scratch));
    figure('search: scratch copy of the repository', `${((performance.now() - copyStart) / 1000).toFixed(1)} s`);
    const planted = await lastFile(binary, root);
    fs.appendFileSync(path.join(root, planted), `\n/* ${TOKEN} */\n`);
    figure('search: planted line in the last file', planted);
    const expected = `${planted}:`;

    const rg = searchTool(root, (files) => new RipgrepWorkspaceSearch({ binary, excludeGlobs: () => [], ignoredByGit: (p) => files.ignoredByGit(p) }));
    const ripgrepSearch = new RipgrepWorkspaceSearch({ binary, excludeGlobs: () => [], ignoredByGit: async () => false });
    // One warm-up each, so neither side pays for a cold page cache.
    const warm = await runTool(rg.tool, { query: TOKEN });
    const argsOf = (request: TextSearchRequest | undefined): string[] => {
      if (!request) throw new Error('search_text sent no request');
      return ripgrepSearch.textSearchArgs(request, root);
    };
    const literalArgs = argsOf(rg.requests[0]);
    await ripgrepAlone(binary, literalArgs, root);

    const tool: number[] = [];
    const alone: number[] = [];
    const completeAnswer = (content: string): boolean => content.startsWith(expected) && !/\n\[(stopped at|the search stopped)/.test(content);
    let complete = completeAnswer(warm.content);
    for (let i = 0; i < RUNS; i++) {
      const a = await ripgrepAlone(binary, literalArgs, root);
      alone.push(a.ms);
      const t = await runTool(rg.tool, { query: TOKEN });
      tool.push(t.ms);
      complete &&= completeAnswer(t.content);
    }
    const toolSpread = figureSpread('search: search_text, plain text, whole tree (ripgrep port)', tool, 'ms');
    const aloneSpread = figureSpread('search: ripgrep alone, same binary and arguments', alone, 'ms');
    figure('search: search_text answer', warm.content.split('\n').join(' / '));

    const regexWarm = await runTool(rg.tool, { query: REGEX, is_regex: true });
    const regexArgs = argsOf(rg.requests[rg.requests.length - 1]);
    const regexTool: number[] = [];
    const regexAlone: number[] = [];
    let regexComplete = completeAnswer(regexWarm.content);
    for (let i = 0; i < REGEX_RUNS; i++) {
      regexAlone.push((await ripgrepAlone(binary, regexArgs, root)).ms);
      const t = await runTool(rg.tool, { query: REGEX, is_regex: true });
      regexTool.push(t.ms);
      regexComplete &&= completeAnswer(t.content);
    }
    const regexSpread = figureSpread('search: search_text, regular expression, whole tree', regexTool, 'ms');
    figureSpread('search: ripgrep alone, the same regular expression', regexAlone, 'ms');

    const walk = searchTool(root, (files) => new WalkingWorkspaceSearch(files, () => []));
    const walked = await runTool(walk.tool, { query: TOKEN });
    const walkedNote = walked.content.split('\n').find((line) => /^\[(stopped at|the search stopped)/.test(line));
    figure('search: built-in walk (fallback without ripgrep), once', `${(walked.ms / 1000).toFixed(1)} s, ${walkedNote ?? (completeAnswer(walked.content) ? 'complete, found the planted line' : 'complete, missed the planted line')}`);

    const ratio = median(tool) / median(alone);
    return [
      { name: 'search: the planted match in the last file is found (complete, no stop note)', measured: complete ? 'found' : 'missed', target: 'found', pass: complete },
      { name: 'search: search_text time vs ripgrep alone (medians)', measured: `${ratio.toFixed(2)}× (${toolSpread.median.toFixed(0)} ms vs ${aloneSpread.median.toFixed(0)} ms)`, target: '≤ 1.5×', pass: ratio <= 1.5, value: { value: ratio, unit: '×' } },
      {
        name: 'search: a regular expression goes through the whole tree',
        measured: regexComplete ? `complete in ${regexSpread.median.toFixed(0)} ms` : 'stopped early',
        target: 'complete, within the 30 s deadline',
        pass: regexComplete,
        value: { value: regexSpread.median, unit: 'ms' },
      },
    ];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
