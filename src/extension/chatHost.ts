// The chat host: everything the extension does once it is used (conversations, the chat controller,
// the service connection, agent tasks, files). It is its own bundle (dist/chatHost.js), loaded by
// lazyChatHost.ts when the chat view opens or a command runs, so activating the extension stays cheap.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { systemClock } from '../core/clock';
import type { Conversation } from '../core/conversations/conversation';
import { ConversationStore, type ConversationSummary, type LoadProblem } from '../core/conversations/conversationStore';
import { ServiceModels } from '../core/models/serviceModels';
import { LanguageModelChat } from '../core/languageModels/languageModelChat';
import { ReasoningStore } from '../core/languageModels/reasoningStore';
import { FormulaLanguageModelTools } from './languageModels/formulaLanguageModelTools';
import { SvcLanguageModelProvider } from './languageModels/svcLanguageModelProvider';
import type { Connection, SendOptions } from '../shared/protocol';
import { ApiKeyStore, apiKeyProblem, ENV_KEY } from './apiKeyStore';
import { ChatController } from './chatController';
import { ChatViewProvider } from './chatViewProvider';
import { CODE_BLOCK_SCHEME } from './codeBlockActions';
import { ProposedContentProvider } from './proposedContent';
import { ConversationFolderFiles } from './conversationFolderFiles';
import { watchOtherWindows } from './otherWindows';
import { registerFileFeatures } from './files/registerFileFeatures';
import { confirmCommandEffect, keyFromCommandArgument } from './commandArguments';
import { underTestHarness } from './testHarness';
import { watchWorkspaceAttempts } from './userSettings';
import { LocalEmulator } from './localEmulator';
import { ServiceConnection } from './serviceConnection';
import { onDidChangeSettings, readSettings, readSettingsProblems } from './settings/settingsReader';
import { registerDemoTask } from './demo/demoTask';
import { ConnectionStatusBar } from './statusBar';
import { workspaceCacheKey } from '../core/agent/workspaceCacheKey';
import { registerAgentFeatures, type AgentTestApi } from './agent/registerAgentFeatures';
import { registerMcpFeatures } from './mcp/registerMcpFeatures';
import { WorkspaceRules } from './rules/workspaceRules';
import { EditorMentionSources } from './context/editorMentionSources';
import { workspaceFileList } from './context/workspaceFileList';
import { vscodeHostWindow } from './chat/vscodeHostWindow';
import { checkpointTaker, createWorkspaceCheckpoints, prepareCheckpointsInBackground, pruneCheckpoints } from './checkpoints/workspaceCheckpoints';
import { globalStateStorage } from './files/globalStateStorage';
import { ModelAccessConsent, manageModelAccess } from './languageModels/modelAccessConsent';
import { registerInlineEdit } from './inlineEdit/registerInlineEdit';
import { registerCommitMessage } from './scm/commitMessageCommand';
import { TerminalCommandLog } from './terminal/terminalCommandLog';
import { registerTerminalToChat } from './terminal/terminalToChatCommands';

/** What integration tests drive; the same paths the chat view uses. */
export interface SvcTestApi {
  /** Sends in the active conversation (a new one when none); resolves when the reply ended. Returns its id. */
  sendMessage(text: string, options?: Partial<SendOptions>): Promise<string>;
  stop(): void;
  whenIdle(): Promise<void>;
  getConversations(): ConversationSummary[];
  getConversation(id: string): Conversation | undefined;
  activeConversationId(): string | undefined;
  connection(): Promise<Connection>;
  /** The conversations as a fresh store reads them from disk, as after a window reload. */
  loadSavedConversations(): Promise<Conversation[]>;
  /** Whether SecretStorage holds a key (the key itself is never handed out). */
  hasStoredApiKey(): Promise<boolean>;
  /** Resolves once the chat view's page has loaded and received its answer to `ready` (init). */
  viewReady(): Promise<void>;
  /** Agent tasks: run, answer approvals as the view's buttons do, undo. */
  agent: AgentTestApi;
}

function conversationsDir(context: vscode.ExtensionContext): string {
  // Workspace-scoped when a folder is open; with no folder, the extension's global storage.
  return path.join((context.storageUri ?? context.globalStorageUri).fsPath, 'conversations');
}

/** What the activated extension needs of the loaded chat host. */
export interface ChatHost {
  provider: ChatViewProvider;
  /** The svc models and formulas in VS Code's language-model API (registered at activation, served from here). */
  languageModels: SvcLanguageModelProvider;
  formulaTools: FormulaLanguageModelTools;
  testApi: SvcTestApi;
  /** A reply still streaming when the window closes is saved, marked interrupted. */
  deactivate(): Promise<void>;
}

/**
 * Starts the chat host. `releaseCommandStubs` is called right before its commands are registered, in the
 * same synchronous run, so there is no moment when a contributed command is missing.
 */
export async function startChatHost(context: vscode.ExtensionContext, releaseCommandStubs: () => void): Promise<ChatHost> {
  const log = vscode.window.createOutputChannel('svc', { log: true });
  context.subscriptions.push(watchWorkspaceAttempts(log));
  const { store, problems } = await ConversationStore.open(new ConversationFolderFiles(conversationsDir(context)), systemClock);
  const warn = (problem: LoadProblem) => log.warn(`Saved conversation ${problem.key} could not be read in full: ${problem.message}`);
  problems.forEach(warn);
  context.subscriptions.push(store.onDidFindProblem(warn), ...watchOtherWindows(store, conversationsDir(context)));

  const keys = new ApiKeyStore(context.secrets, context.globalState);
  const testHarness = underTestHarness(context.extensionMode);
  const emulator = new LocalEmulator(context.extensionPath, path.join(context.globalStorageUri.fsPath, 'emulator'), readSettings().emulatorSpeed, testHarness);
  const connection = new ServiceConnection(keys, emulator);
  const proposals = new ProposedContentProvider(CODE_BLOCK_SCHEME);
  // One prompt_cache_key per workspace, kept in its workspaceState: chats and agent tasks share the cache.
  const promptCacheKey = () => workspaceCacheKey(globalStateStorage(context.workspaceState));
  const models = new ServiceModels(async () => (await connection.get()).client, log);
  const chat = new ChatController(store, connection, proposals, log, models, promptCacheKey);
  const reasoning = await ReasoningStore.open(globalStateStorage(context.globalState));
  const modelAccess = new ModelAccessConsent(context.extension.id, context.globalState);
  const languageModels = new SvcLanguageModelProvider(
    models,
    new LanguageModelChat({ client: async () => (await connection.get()).client, reasoning, promptCacheKey, log }),
    modelAccess,
  );
  const formulaTools = new FormulaLanguageModelTools(async () => {
    const active = await connection.get();
    return { client: active.client, local: active.connection.mode === 'emulator' };
  });
  const provider = new ChatViewProvider(chat, log);
  const statusBar = new ConnectionStatusBar(() => readSettings().model);

  const refreshStatus = async () => statusBar.update(await connection.describe(), readSettings().model);
  const reportSettings = () => {
    const found = readSettingsProblems();
    if (found.length === 0) return;
    const message = vscode.l10n.t('svc settings: {0}', found.join('; '));
    log.warn(message);
    chat.showNotice({ severity: 'warning', text: message });
    const open = vscode.l10n.t('Open Settings');
    void vscode.window.showWarningMessage(message, open).then((choice) => {
      if (choice === open) void vscode.commands.executeCommand('workbench.action.openSettings', 'svc.');
    });
  };

  let viewReady: () => void = () => undefined;
  const firstViewReady = new Promise<void>((resolve) => (viewReady = resolve));

  releaseCommandStubs();
  context.subscriptions.push(
    log,
    keys,
    connection,
    chat,
    languageModels,
    statusBar,
    provider.onDidDeliverInit(() => viewReady()),
    vscode.workspace.registerTextDocumentContentProvider(proposals.scheme, proposals),
    connection.onDidChange((c) => {
      log.info(c.mode === 'emulator' ? `Using the local emulator at ${c.baseUrl || '(not started yet)'}` : `Using the service at ${c.baseUrl}`);
      void refreshStatus();
    }),
    onDidChangeSettings(() => {
      void refreshStatus();
      reportSettings();
    }),
    vscode.commands.registerCommand('svc.focusChat', async () => {
      await provider.reveal();
      chat.focusComposer();
    }),
    vscode.commands.registerCommand('svc.newChat', async () => {
      await provider.reveal();
      await chat.newConversation();
    }),
    vscode.commands.registerCommand('svc.stop', () => chat.stopActive()),
    vscode.commands.registerCommand('svc.exportConversation', () => chat.exportConversation()),
    vscode.commands.registerCommand('svc.refreshModels', async () => {
      const listing = await models.refresh();
      const note = listing.source === 'service' ? `${listing.models.length} models listed by the service.` : `the service's list could not be read (${listing.problem ?? 'no answer'}); the built-in catalogue stands in.`;
      void vscode.window.showInformationMessage(`svc: ${note}`);
    }),
    vscode.commands.registerCommand('svc.setApiKey', async (given?: unknown) => {
      const passed = keyFromCommandArgument(given, testHarness);
      const key =
        passed !== undefined
          ? passed
          : await vscode.window.showInputBox({
              title: 'svc: Set API Key',
              prompt: "The key is kept in VS Code's secret storage (your OS keychain), never in settings.",
              password: true,
              ignoreFocusOut: true,
              validateInput: (value) => apiKeyProblem(value),
            });
      if (key === undefined) return;
      const problem = apiKeyProblem(key);
      if (problem) {
        void vscode.window.showErrorMessage(`svc: ${problem}.`);
        return;
      }
      await keys.store(key.trim(), readSettings().baseUrl);
      void vscode.window.showInformationMessage('svc: API key stored in secret storage; the chat now uses the service.');
    }),
    vscode.commands.registerCommand('svc.manageModelAccess', () => manageModelAccess(modelAccess)),
    vscode.commands.registerCommand('svc.clearApiKey', async () => {
      if (!(await confirmCommandEffect('Remove the svc API key from secret storage?', 'You would have to enter it again to use the svc service.', 'Remove Key', testHarness))) return;
      await keys.clear();
      const fallback = process.env[ENV_KEY] ? ` The ${ENV_KEY} environment variable is still set and is used.` : ' The chat uses the local emulator.';
      void vscode.window.showInformationMessage(`svc: API key removed from secret storage.${fallback}`);
    }),
    vscode.commands.registerCommand('svc.useLocalEmulator', async () => {
      const detail = 'Replies then come from the local emulator on this computer, not from the svc service, until you set an API key again.';
      if (!(await confirmCommandEffect('Switch svc to the local emulator?', detail, 'Use Local Emulator', testHarness))) return;
      await keys.chooseEmulator();
      const setKey = vscode.l10n.t('Set API Key');
      void vscode.window.showInformationMessage(vscode.l10n.t('svc: using the local emulator. "svc: Set API Key" switches back to the service.'), setKey).then((choice) => {
        if (choice === setKey) void vscode.commands.executeCommand('svc.setApiKey');
      });
    }),
  );

  const terminalCommands = new TerminalCommandLog();
  context.subscriptions.push(
    terminalCommands,
    registerTerminalToChat({ commands: terminalCommands, insertIntoComposer: (text) => provider.insertIntoComposer(text) }),
    registerCommitMessage({ client: async () => (await connection.get()).client, promptCacheKey, log }),
  );
  const mcp = registerMcpFeatures(context, log);
  const rules = new WorkspaceRules();
  context.subscriptions.push(rules);
  chat.useRules(rules);
  const mentionSources = new EditorMentionSources(async () => (await connection.get()).client, vscodeHostWindow);
  context.subscriptions.push(mentionSources);
  chat.useMentions(mentionSources, workspaceFileList());
  const checkpoints = createWorkspaceCheckpoints(context, log);
  const takeCheckpoint = checkpointTaker(checkpoints, log);
  const restorer = chat.useCheckpoints(checkpoints, takeCheckpoint, proposals);
  context.subscriptions.push(
    vscode.commands.registerCommand('svc.undoRestore', async () => {
      const active = chat.activeConversationId;
      const outcome = active ? await restorer.undo(active) : { done: false, message: 'There is no conversation open.' };
      if (active) chat.showConversation(active);
      void vscode.window.showInformationMessage(`svc: ${outcome.message}`);
    }),
  );
  void pruneCheckpoints(checkpoints, store, log);
  context.subscriptions.push(prepareCheckpointsInBackground(checkpoints, log));
  const agent = registerAgentFeatures(context, {
    externalTools: mcp.externalTools,
    checkpoint: takeCheckpoint,
    standingInstructions: () => rules.message(),
    nestedRules: rules.nested,
    store,
    client: async () => (await connection.get()).client,
    serviceIsLocal: async () => (await connection.get()).connection.mode === 'emulator',
    testHarness,
    surface: { ...chat.agentSurface(), viewVisible: () => provider.visible, reveal: () => provider.reveal() },
    promptCacheKey,
    proposals,
    log,
  });
  chat.useAgent(agent.controller);
  context.subscriptions.push(
    registerDemoTask(context, {
      usesEmulator: async () => (await connection.get()).connection.mode === 'emulator',
      chooseEmulator: () => keys.chooseEmulator(),
      runTask: async (task) => {
        await provider.reveal();
        await agent.controller.run(null, task);
      },
    }),
  );
  chat.useFileFeatures(
    registerFileFeatures(context, {
      connection: async () => {
        const active = await connection.get();
        // The emulator's port changes per start but its data folder does not: one stable account.
        const baseUrl = active.connection.mode === 'emulator' ? 'emulator://local' : active.connection.baseUrl;
        return { client: active.client, baseUrl, apiKey: active.apiKey };
      },
      onDidChangeConnection: connection.onDidChange,
      currentModel: () => readSettings().model,
      balanceDisplay: statusBar,
      chat,
      testHarness,
    }),
  );

  registerInlineEdit(context, {
    client: async () => (await connection.get()).client,
    promptCacheKey,
    log,
    explainInChat: async (text) => {
      await provider.reveal();
      await chat.send(chat.activeConversationId ?? null, text);
    },
  });
  void refreshStatus();
  reportSettings();

  const testApi: SvcTestApi = {
    sendMessage: (text, options) => chat.send(chat.activeConversationId ?? null, text, options),
    stop: () => chat.stopActive(),
    whenIdle: () => chat.session.whenIdle(),
    getConversations: () => store.list(),
    getConversation: (id) => store.get(id),
    activeConversationId: () => chat.activeConversationId,
    connection: () => chat.connectionNow(),
    loadSavedConversations: async () => {
      await store.flush();
      const { store: fresh } = await ConversationStore.open(new ConversationFolderFiles(conversationsDir(context)), systemClock);
      const saved = await Promise.all(fresh.list().map((s) => fresh.read(s.id)));
      return saved.flatMap((c) => c ?? []);
    },
    hasStoredApiKey: () => keys.hasStoredKey(),
    viewReady: () => firstViewReady,
    agent: agent.testApi,
  };
  return { provider, languageModels, formulaTools, testApi, deactivate: () => chat.session.dispose() };
}
