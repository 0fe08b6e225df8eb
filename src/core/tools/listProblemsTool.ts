// list_problems: the problems the editor reports for the workspace's files (VS Code's Problems view),
// all or those under one path, as the @problems mention shows them (diagnosticsText.ts). It only reads:
// plan mode offers it and it asks nothing. Files outside the workspace folders and files that look like
// secrets are left out: a diagnostic's message can quote the line it is about.
import * as l10n from '../l10n';
import { diagnosticsText } from '../diagnostics/diagnosticsText';
import type { DiagnosticSeverity, WorkspaceDiagnostic, WorkspaceDiagnostics } from '../diagnostics/workspaceDiagnostics';
import type { WorkspacePathPolicy } from './pathPolicy';
import { done, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { toolDisplay } from './toolDisplay';
import { toolTraits } from './toolTraits';

export const MAX_LISTED_PROBLEMS = 200;

const SEVERITIES: readonly DiagnosticSeverity[] = ['error', 'warning', 'info', 'hint'];

export class ListProblemsTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly traits = toolTraits({ readsWorkspace: true, pathArgument: true });
  readonly display = toolDisplay('problems', undefined, () => ({ running: l10n.t('Listing problems'), done: l10n.t('Listed problems') }));
  readonly definition = functionDefinition(
    'list_problems',
    'The problems (errors, warnings, hints) the editor reports for the workspace\'s files, as "path:line:column: severity: message" lines.',
    {
      path: { type: 'string', description: 'A file or folder relative to the workspace root; default the whole workspace.' },
      severity: { type: 'string', description: 'Only problems of this severity or a worse one; default all.', enum: SEVERITIES },
    },
    [],
  );

  constructor(
    private readonly diagnostics: WorkspaceDiagnostics,
    private readonly policy: WorkspacePathPolicy,
  ) {}

  async run(args: ToolArguments): Promise<ToolRunResult> {
    const atTop = args.value.path === undefined || args.value.path === '.' || args.value.path === '';
    const scope = atTop ? undefined : (await this.policy.resolve(args.value.path, 'read')).display;
    const worst = SEVERITIES.indexOf(args.value.severity as DiagnosticSeverity);
    const listed: WorkspaceDiagnostic[] = [];
    let secret = 0;
    for (const diagnostic of this.diagnostics.all()) {
      const display = await this.workspaceDisplay(diagnostic);
      if (display === undefined || (scope !== undefined && display !== scope && !display.startsWith(`${scope}/`))) continue;
      if (worst >= 0 && (diagnostic.severity === undefined || SEVERITIES.indexOf(diagnostic.severity) > worst)) continue;
      if (this.policy.secretByName(display)) {
        secret++;
        continue;
      }
      listed.push({ ...diagnostic, display });
    }
    const where = scope ?? 'the workspace';
    const leftOut = secret > 0 ? `\n[${secret} problem${secret === 1 ? '' : 's'} in files that look like secrets not shown]` : '';
    if (listed.length === 0) return done(`No problems reported in ${where}.${leftOut}`);
    const { title, text } = diagnosticsText(listed, MAX_LISTED_PROBLEMS);
    const more = listed.length > MAX_LISTED_PROBLEMS ? `\n[${listed.length - MAX_LISTED_PROBLEMS} more not shown; name a path or a severity to narrow]` : '';
    return done(`${title} in ${where}:\n${text}${more}${leftOut}`);
  }

  /** The path as the workspace tools show it, or undefined for a document that is no file of the workspace. */
  private async workspaceDisplay(diagnostic: WorkspaceDiagnostic): Promise<string | undefined> {
    if (diagnostic.path === undefined) return undefined;
    const display = await this.policy.displayOf(diagnostic.path);
    // displayOf gives back the absolute path itself for a path outside every workspace folder.
    return display === diagnostic.path ? undefined : display;
  }
}
