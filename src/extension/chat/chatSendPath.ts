// What happens between the user pressing Send and the chat session starting the reply: the balance check,
// the attached files taken into the turn, the @-mentions resolved (with the rules of the subfolders they
// name, and the instruction files whose applyTo globs match them or the file open in the editor), the conversation compacted when it grew too long, a checkpoint, and a conversation another
// window deleted meanwhile replaced by a new one.
import * as vscode from 'vscode';
import { SvcApiError } from '../../api/index';
import type { ChatSession, UserTurn } from '../../core/chat/chatSession';
import { compactBeforeSending } from '../../core/chat/autoCompaction';
import { checkpointedTurn } from '../../core/chat/checkpointedTurn';
import { sendSurvivingDeletion } from '../../core/chat/deletedConversationSend';
import { BalanceBlockedError } from '../../core/billing/balanceView';
import type { TakeCheckpoint } from '../../core/checkpoints/checkpointedTool';
import { systemClock } from '../../core/clock';
import { parseMentions, resolveMentions, type MentionSources } from '../../core/context/mentions';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import type { RequestIdentity } from '../../core/requests/requestIdentity';
import type { RequestSettings } from '../../core/requests/requestSettings';
import { carriesRules, nestedRulesFor, nestedRulesMessage } from '../../core/rules/nestedRules';
import type { HostMessage, SendOptions } from '../../shared/protocol';
import type { ChatNotice, FileFeatures } from '../files/chatFilesBridge';
import type { WorkspaceRules } from '../rules/workspaceRules';
import type { WorkspaceCustomizations } from '../customizations/workspaceCustomizations';
import { carriesInstructions, instructionsFor, scopedInstructionsMessage } from '../../core/customizations/scopedInstructions';
import type { ServiceConnection } from '../serviceConnection';
import { readSettings } from '../settings/settingsReader';
import { PromptBlockedError, type TaskHooks } from '../../core/hooks/taskHooks';

export interface ChatSendPathDeps {
  store: ConversationStore;
  session: ChatSession;
  connection: ServiceConnection;
  files: FileFeatures;
  mentions: MentionSources;
  rules: WorkspaceRules;
  /** Instruction files with `applyTo`, for the files a message touches. */
  customizations: Pick<WorkspaceCustomizations, 'items'>;
  takeCheckpoint: TakeCheckpoint;
  post(message: HostMessage): void;
  showNotice(notice: ChatNotice): void;
  /** Shows the conversation again when it is the one the view shows (after a change to it). */
  showConversation(conversationId: string): void;
  /** The user's request settings with the composer's choices for this one, the safety identifier among them. */
  identity: RequestIdentity;
  /** The hooks a prompt passes before it is sent (UserPromptSubmit); undefined when none is defined. */
  promptHooks?: (conversationId: string | null) => Promise<TaskHooks | undefined>;
}

export class ChatSendPath {
  constructor(private readonly deps: ChatSendPathDeps) {}

  /**
   * Sends `text` in the conversation (a new one when `conversationId` is null), with the files
   * attached in the meantime; resolves when the reply ended.
   */
  async send(conversationId: string | null, text: string, options?: Partial<SendOptions>): Promise<string> {
    const settings = this.deps.identity.settings(options);
    await this.assertBalanceAllowsSending();
    await this.assertHooksAllow(conversationId, text);
    const taken = await this.deps.files.takeTurn({ model: settings.model, text });
    for (const left of [...taken.omitted.map((o) => ({ name: o.name, reason: o.error ?? vscode.l10n.t('extraction failed') })), ...taken.refused]) {
      this.deps.showNotice({ severity: 'warning', text: vscode.l10n.t('{0} was not sent: {1}', left.name, left.reason) });
    }
    const turn: UserTurn = { display: text, context: taken.systemMessages, content: taken.userMessage.content, attachments: taken.attached };
    return this.sendTurnIn(conversationId, await this.withScopedInstructions(conversationId, await this.withMentions(conversationId, turn)), settings);
  }

  /** Sends a turn built elsewhere (a file command's) as it is; resolves with the conversation's id when the reply ended. */
  sendTurnIn(conversationId: string | null, turn: UserTurn, settings: RequestSettings): Promise<string> {
    // A conversation another window deleted, before or while this message is sent, gets it as a new one.
    const fallback = { store: this.deps.store, systemPrompt: readSettings().systemPrompt, notice: (text: string) => this.deps.showNotice({ severity: 'info', text }) };
    return sendSurvivingDeletion(fallback, conversationId, (id) => this.sendTurnInto(id, turn, settings));
  }

  /**
   * The turn with its @-mentions resolved before it, preceded by the rules of the subfolders it mentions
   * that the conversation has not been sent yet; each mention that could not be resolved is said in the chat.
   */
  private async withMentions(conversationId: string | null, turn: UserTurn): Promise<UserTurn> {
    const mentions = parseMentions(turn.display);
    if (mentions.length === 0) return turn;
    const resolved = await resolveMentions(mentions, this.deps.mentions);
    for (const problem of resolved.problems) this.deps.showNotice({ severity: 'warning', text: vscode.l10n.t('{0} was not sent: {1}', problem.raw, problem.reason) });
    const earlier = (conversationId ? this.deps.store.get(conversationId)?.entries : undefined)?.flatMap((e) => (e.role === 'user' ? (e.context ?? []) : [])) ?? [];
    const paths = mentions.filter((m) => m.kind === 'path').map((m) => m.value);
    const nested = paths.length > 0 ? await nestedRulesFor(paths, this.deps.rules.nested, (label) => carriesRules(earlier, label)) : [];
    for (const rule of nested) this.deps.showNotice({ severity: 'info', text: vscode.l10n.t('The rules of {0} apply to this message.', rule.label) });
    return { ...turn, context: [...nested.map(nestedRulesMessage), ...resolved.messages, ...turn.context] };
  }

  /**
   * The turn preceded by the instruction files whose `applyTo` globs match a file it touches (mentioned, or
   * open in the editor) that the conversation has not been sent yet.
   */
  private async withScopedInstructions(conversationId: string | null, turn: UserTurn): Promise<UserTurn> {
    const items = await this.deps.customizations.items();
    const active = vscode.window.activeTextEditor?.document.uri;
    const open = active?.scheme === 'file' && vscode.workspace.getWorkspaceFolder(active) ? [vscode.workspace.asRelativePath(active, (vscode.workspace.workspaceFolders?.length ?? 0) > 1)] : [];
    const mentioned = parseMentions(turn.display).flatMap((m) => (m.kind === 'path' ? [m.value] : []));
    const earlier = (conversationId ? this.deps.store.get(conversationId)?.entries : undefined)?.flatMap((e) => (e.role === 'user' ? (e.context ?? []) : [])) ?? [];
    const found = instructionsFor(items, [...mentioned, ...open]).filter((item) => !carriesInstructions([...earlier, ...turn.context], item.label));
    for (const item of found) this.deps.showNotice({ severity: 'info', text: vscode.l10n.t('The instructions of {0} apply to this message.', item.label) });
    return found.length === 0 ? turn : { ...turn, context: [...found.map(scopedInstructionsMessage), ...turn.context] };
  }

  private async sendTurnInto(id: string, turn: UserTurn, settings: RequestSettings): Promise<void> {
    const { store, connection } = this.deps;
    await store.setActive(id);
    const compacted = await compactBeforeSending(
      { store, client: async () => (await connection.get()).client, clock: systemClock, notice: (level, message) => this.deps.post({ type: 'notice', level, message }) },
      id,
      { text: turn.display, model: settings.model, maxCompletionTokens: settings.maxCompletionTokens, threshold: readSettings().compactionThreshold },
    );
    if (compacted) this.deps.showConversation(id);
    await this.deps.session.sendTurn(id, checkpointedTurn(turn, this.deps.takeCheckpoint), settings);
  }

  /** A UserPromptSubmit hook that blocks stops the send with its reason; the text goes back to the message box. */
  private async assertHooksAllow(conversationId: string | null, text: string): Promise<void> {
    const hooks = await this.deps.promptHooks?.(conversationId);
    const verdict = await hooks?.promptSubmitted(text, new AbortController().signal);
    if (!verdict?.blocked) return;
    this.deps.post({ type: 'insertIntoComposer', text });
    throw new PromptBlockedError(verdict.reason);
  }

  /**
   * A balance at or below zero stops the send with its reason. Failing to read the balance does not:
   * the chat request then fails with its own error and the action that fixes it.
   */
  private async assertBalanceAllowsSending(): Promise<void> {
    try {
      await this.deps.files.assertCanSend();
    } catch (error) {
      if (error instanceof BalanceBlockedError || !(error instanceof SvcApiError)) throw error;
    }
  }
}
