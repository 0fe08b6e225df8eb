// The diff-preview port in VS Code: a proposed change opens in the diff editor (both sides served from
// memory), and closing it closes that tab.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DiffPreview, ProposedChange } from '../../core/tools/diffPreview';
import { ProposedContentProvider } from '../proposedContent';

const PROPOSED_SCHEME = 'svc-proposed';

export class VscodeDiffPreview implements DiffPreview, vscode.Disposable {
  private readonly proposed = new ProposedContentProvider(PROPOSED_SCHEME);
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, this.proposed);

  async showProposedChange(change: ProposedChange): Promise<{ close(): Promise<void> }> {
    const name = path.basename(change.path);
    const left = this.proposed.add(name, change.before ?? '');
    const right = this.proposed.add(name, change.after);
    const title = `${change.display} (${change.before === undefined ? 'new file' : 'proposed change'})`;
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
    return {
      close: async () => {
        const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
        const open = tabs.filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === right.toString());
        if (open.length > 0) await vscode.window.tabGroups.close(open);
        this.proposed.remove(left);
        this.proposed.remove(right);
      },
    };
  }

  dispose(): void {
    this.registration.dispose();
  }
}
