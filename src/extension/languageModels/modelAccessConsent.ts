// Who may spend the user's svc balance through the models this extension offers to VS Code. Any
// extension can select them and send requests; VS Code names the caller in the request options
// (`requestInitiator`: an extension id, or "core"). VS Code's own chat, which the user drives, is "core" in
// older versions and its built-in chat extension, GitHub Copilot Chat, in newer ones (1.139). This extension and
// VS Code's chat go ahead; any other extension is asked about once, in a modal dialog that names it, and
// the answer is remembered per extension until the user changes it (svc: Manage Model Access).
import * as vscode from 'vscode';

const STATE_KEY = 'svc.modelAccess';
/** What VS Code names its own chat as the initiator: itself, or the built-in extension that is its chat. */
const VSCODE_CHAT = ['core', 'github.copilot-chat'];
/** The key under which a request whose initiator VS Code did not name (older versions) is remembered. */
const UNNAMED = '(unnamed extension)';

export type AccessDecision = 'allowed' | 'denied';

export class ModelAccessConsent {
  private readonly asking = new Map<string, Promise<AccessDecision>>();

  constructor(
    private readonly ownId: string,
    private readonly state: vscode.Memento,
  ) {}

  /** The initiator VS Code put in the request options, if any. */
  static initiatorOf(options: object): string | undefined {
    const initiator = (options as { requestInitiator?: unknown }).requestInitiator;
    return typeof initiator === 'string' && initiator !== '' ? initiator : undefined;
  }

  /** Whether the initiator is VS Code's own chat. */
  static isVsCodeChat(initiator: string | undefined): boolean {
    return initiator !== undefined && VSCODE_CHAT.includes(initiator.toLowerCase());
  }

  /** Resolves when the caller may send; rejects with VS Code's NoPermissions error otherwise. */
  async ensureAllowed(initiator: string | undefined): Promise<void> {
    if (ModelAccessConsent.isVsCodeChat(initiator) || initiator?.toLowerCase() === this.ownId.toLowerCase()) return;
    const key = initiator ?? UNNAMED;
    const decision = this.decisions()[key] ?? (await this.ask(key, initiator));
    if (decision === 'denied') throw vscode.LanguageModelError.NoPermissions(vscode.l10n.t('The user has not allowed {0} to use the svc models (svc: Manage Model Access).', initiator ?? vscode.l10n.t('this extension')));
  }

  decisions(): Record<string, AccessDecision> {
    return { ...(this.state.get<Record<string, AccessDecision>>(STATE_KEY) ?? {}) };
  }

  async set(extension: string, decision: AccessDecision | undefined): Promise<void> {
    const all = this.decisions();
    if (decision === undefined) delete all[extension];
    else all[extension] = decision;
    await this.state.update(STATE_KEY, all);
  }

  private ask(key: string, initiator: string | undefined): Promise<AccessDecision> {
    // Requests that arrive together share one question.
    const pending = this.asking.get(key);
    if (pending) return pending;
    const question = (async (): Promise<AccessDecision> => {
      const named = initiator ? vscode.extensions.getExtension(initiator) : undefined;
      const who = initiator ? `${(named?.packageJSON as { displayName?: string } | undefined)?.displayName ?? initiator} (${initiator})` : vscode.l10n.t('An extension that VS Code did not name');
      const allow = vscode.l10n.t('Allow');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('{0} wants to use the svc models.', who),
        { modal: true, detail: vscode.l10n.t('Its requests are charged to your svc account, and what it sends goes to the svc service. Your answer is remembered; change it with "svc: Manage Model Access".') },
        allow,
        vscode.l10n.t("Don't Allow"),
      );
      const decision: AccessDecision = choice === allow ? 'allowed' : 'denied';
      // A dismissed dialog is not remembered: the next request asks again.
      if (choice !== undefined) await this.set(key, decision);
      return decision;
    })();
    this.asking.set(key, question);
    return question.finally(() => this.asking.delete(key));
  }
}

/** "svc: Manage Model Access": every extension asked about, with its answer; picking one changes or forgets it. */
export async function manageModelAccess(consent: ModelAccessConsent): Promise<void> {
  const entries = Object.entries(consent.decisions());
  if (entries.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('svc: no other extension has asked to use the svc models.'));
    return;
  }
  const picked = await vscode.window.showQuickPick(
    entries.map(([extension, decision]) => ({ label: extension, description: decision === 'allowed' ? vscode.l10n.t('allowed') : vscode.l10n.t('not allowed'), extension, decision })),
    { title: vscode.l10n.t('svc: Manage Model Access'), placeHolder: vscode.l10n.t('Pick an extension to change its access to the svc models') },
  );
  if (!picked) return;
  const next = await vscode.window.showQuickPick(
    [
      { label: vscode.l10n.t('Allow'), value: 'allowed' as const },
      { label: vscode.l10n.t("Don't Allow"), value: 'denied' as const },
      { label: vscode.l10n.t('Forget (ask again next time)'), value: undefined },
    ],
    { title: vscode.l10n.t('svc models for {0}', picked.extension) },
  );
  if (next) await consent.set(picked.extension, next.value);
}
