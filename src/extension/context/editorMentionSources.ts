// Where @-mentions are read from in VS Code: workspace files and folders (through the path gate,
// core/tools/pathPolicy.ts, as the agent's reads: inside the workspace only, secrets left out),
// the Problems of the workspace, the editor's selection, the last command of the active terminal
// (through shell integration), the uncommitted git diff, and a URL fetched by the service's fetch
// formula after the user approved it.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fiberOutput, formulaUri, type SvcClient } from '../../api/index';
import type { MentionSources, Resolved } from '../../core/context/mentions';
import type { HostWindow } from '../../core/host/hostWindow';
import { diagnosticsText } from '../../core/diagnostics/diagnosticsText';
import { WorkspacePathPolicy, type ResolvedPath } from '../../core/tools/pathPolicy';
import { PathPolicyError } from '../../core/tools/toolErrors';
import type { WorkspaceRoot } from '../../core/tools/workspaceFiles';
import { secretAwareDiff } from '../../core/scm/secretAwareDiff';
import { SecretFileRules } from '../../core/tools/secretFiles';
import { readAgentSettings } from '../settings/settingsReader';
import { RepositoryRefusedError } from '../git/pinnedRepository';
import { WorkspaceGit } from '../git/workspaceGit';
import { NodeWorkspaceFiles } from '../workspaceTools/nodeWorkspaceFiles';
import { VscodeDiagnostics } from '../workspaceTools/vscodeDiagnostics';
import { toSlashes } from '../workspaceTools/ignoreRules';

/** A file larger than this is not read for a mention. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_PROBLEMS = 200;
const MAX_FOLDER_ENTRIES = 500;

interface LastCommand {
  terminal: vscode.Terminal;
  command: string;
  output: string;
  exitCode: number | undefined;
}

function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

function workspaceRoots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
}

function workspaceFolderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/** The gate's answer for a read of the path, or undefined when it refuses it (outside, missing, climbing). */
async function resolvedOrRefused(gate: WorkspacePathPolicy, relative: string): Promise<ResolvedPath | undefined> {
  try {
    return await gate.resolve(relative, 'read');
  } catch (error) {
    if (error instanceof PathPolicyError) return undefined;
    throw error;
  }
}

export class EditorMentionSources implements MentionSources, vscode.Disposable {
  private last: LastCommand | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly workspaceGit = new WorkspaceGit({ untrustedFolders: workspaceFolderPaths });
  private readonly files = new NodeWorkspaceFiles(workspaceRoots, () => []);
  private readonly diagnostics = new VscodeDiagnostics();

  constructor(
    private readonly client: () => Promise<SvcClient>,
    private readonly window: HostWindow,
  ) {
    // The output of a command is read while it runs; only the last one per window is kept.
    this.subscriptions.push(
      vscode.window.onDidStartTerminalShellExecution(async (event) => {
        let output = '';
        for await (const chunk of event.execution.read()) output = (output + chunk).slice(-64 * 1024);
        this.last = { terminal: event.terminal, command: event.execution.commandLine.value, output, exitCode: undefined };
      }),
      vscode.window.onDidEndTerminalShellExecution((event) => {
        if (this.last && this.last.terminal === event.terminal) this.last.exitCode = event.exitCode;
      }),
    );
  }

  /**
   * The path gate, with the agent's secret-file rules and the user's svc.agent.protectedFiles: the name
   * given and the real path both count. A file the user names is read unless it looks like a secret;
   * inside a mentioned folder, what .gitignore leaves out stays out too. A mention asks nothing: what the
   * gate would ask about is left out, and the paperclip is the way to send it.
   */
  private gate(): WorkspacePathPolicy {
    return new WorkspacePathPolicy(this.files, new SecretFileRules(readAgentSettings().protectedFiles));
  }

  async path(relative: string, budgetChars: number): Promise<Resolved> {
    const gate = this.gate();
    const target = await resolvedOrRefused(gate, relative);
    if (!target) return { error: vscode.l10n.t('no file or folder "{0}" in the workspace', relative) };
    const stat = await fsp.stat(target.path);
    if (stat.isFile()) {
      const secret = target.questions.find((question) => question.kind === 'secret');
      if (secret) return { error: vscode.l10n.t('{0} is not sent as a mention: {1}. Attach it with the paperclip if you mean to send it', relative, secret.why.shownReason) };
      if (stat.size > MAX_FILE_BYTES) return { error: vscode.l10n.t('{0} is {1} KB; mentions take files up to {2} MB', relative, Math.round(stat.size / 1024), MAX_FILE_BYTES / 1024 / 1024) };
      const bytes = await fsp.readFile(target.path);
      if (isBinary(bytes)) return { error: vscode.l10n.t('{0} is a binary file; attach it instead (the paperclip)', relative) };
      return { title: `file ${relative}`, text: bytes.toString('utf8') };
    }
    const entries = (await fsp.readdir(target.path, { withFileTypes: true })).filter((e) => !e.name.startsWith('.git')).slice(0, MAX_FOLDER_ENTRIES);
    const listing = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).join('\n');
    const parts = [`Listing of ${relative}:\n${listing}`];
    const leftOut: string[] = [];
    let used = parts[0]!.length;
    for (const entry of entries.filter((e) => e.isFile())) {
      // Named through the folder as the user named it, so a folder symlink called .ssh is judged as .ssh.
      const file = await resolvedOrRefused(gate, `${relative}/${entry.name}`);
      if (!file) continue;
      const question = file.questions[0];
      if (question) {
        leftOut.push(`${entry.name} (${question.kind === 'ignored' ? "the workspace's .gitignore leaves it out" : question.why.reason})`);
        continue;
      }
      const size = (await fsp.stat(file.path)).size;
      if (size > MAX_FILE_BYTES || used + size > budgetChars) continue;
      const bytes = await fsp.readFile(file.path);
      if (isBinary(bytes)) continue;
      const text = `--- ${toSlashes(path.join(relative, entry.name))} ---\n${bytes.toString('utf8')}`;
      parts.push(text);
      used += text.length;
    }
    if (leftOut.length > 0) parts.push(`Not sent: ${leftOut.join(', ')}.`);
    return { title: `folder ${relative}, ${parts.length - 1 - (leftOut.length > 0 ? 1 : 0)} of its files`, text: parts.join('\n\n') };
  }

  async problems(): Promise<Resolved> {
    const diagnostics = this.diagnostics.all();
    if (diagnostics.length === 0) return { error: vscode.l10n.t('the Problems view is empty') };
    return diagnosticsText(diagnostics, MAX_PROBLEMS);
  }

  async selection(): Promise<Resolved> {
    const editor = vscode.window.activeTextEditor;
    const selection = editor?.selection;
    if (!editor || !selection || selection.isEmpty) return { error: vscode.l10n.t('no text is selected in the editor') };
    const where = `${vscode.workspace.asRelativePath(editor.document.uri)} lines ${selection.start.line + 1}-${selection.end.line + 1}`;
    return { title: `selection in ${where}`, text: editor.document.getText(selection) };
  }

  async terminal(): Promise<Resolved> {
    const active = vscode.window.activeTerminal;
    if (!active) return { error: vscode.l10n.t('no terminal is open') };
    if (!active.shellIntegration) return { error: vscode.l10n.t('the active terminal has no shell integration, so its last command cannot be read (turn on {0})', 'terminal.integrated.shellIntegration.enabled') };
    if (!this.last || this.last.terminal !== active) return { error: vscode.l10n.t('no command has run in the active terminal since the chat started') };
    const exit = this.last.exitCode !== undefined ? ` (exit code ${this.last.exitCode})` : '';
    return { title: `last command of the terminal${exit}`, text: `$ ${this.last.command}\n${this.last.output}` };
  }

  async git(): Promise<Resolved> {
    // git reads the folder's own .git/config; in Restricted Mode nothing that runs a program is started.
    if (!vscode.workspace.isTrusted) return { error: vscode.l10n.t('@git runs git, which Restricted Mode does not allow; trust the folder to use it') };
    const secrets = new SecretFileRules(readAgentSettings().protectedFiles);
    const parts: string[] = [];
    const leftOut: string[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      const git = (args: readonly string[]) => this.workspaceGit.run(folder.uri.fsPath, args);
      let staged, unstaged;
      try {
        staged = await secretAwareDiff(git, 'staged', secrets);
        unstaged = await secretAwareDiff(git, 'unstaged', secrets);
      } catch (error) {
        if (error instanceof RepositoryRefusedError) return { error: error.message };
        throw error;
      }
      if (staged.diff.trim() !== '') parts.push(`Staged in ${folder.name}:\n${staged.diff}`);
      if (unstaged.diff.trim() !== '') parts.push(`Not staged in ${folder.name}:\n${unstaged.diff}`);
      for (const file of new Set([...staged.leftOut, ...unstaged.leftOut])) leftOut.push(`${folder.name}/${file} (${secrets.match(file)?.reason ?? ''})`);
    }
    if (parts.length === 0 && leftOut.length === 0) return { error: vscode.l10n.t('there are no uncommitted changes') };
    if (leftOut.length > 0) parts.push(`Changed files left out, as they may hold secrets (their changes are not shown): ${leftOut.join(', ')}.`);
    return { title: leftOut.length > 0 ? `uncommitted changes, ${leftOut.length} secret files left out` : 'uncommitted changes', text: parts.join('\n\n') };
  }

  async url(url: string): Promise<Resolved> {
    if (!/^https?:\/\//i.test(url)) return { error: vscode.l10n.t('{0} is not an http:// or https:// address', url) };
    if (!(await this.window.confirm(vscode.l10n.t('Fetch {0} and send it with your message?', url), vscode.l10n.t('Fetch'), `${vscode.l10n.t('The svc service fetches this address; the page goes to the model as Markdown:')}\n\n${url}`))) {
      return { error: vscode.l10n.t('you did not allow the fetch') };
    }
    const client = await this.client();
    const fiber = await client.formulas.call(formulaUri('fetch'), { name: 'fetch', arguments: JSON.stringify({ url }) });
    const output = fiberOutput(fiber);
    return output.ok ? { title: url, text: output.content } : { error: output.error };
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
