// The chat host: everything the extension does once it is used (conversations, the chat controller,
// the service connection, agent tasks, files). It is its own files (dist/chatHost.js and the chunk it
// requires, esbuild.mjs), loaded by lazyChatHost.ts when the chat view opens or a command runs, so activating
// the extension stays cheap; the agent's features, the completion engines and a few commands' code load on
// their first use.
// It only wires: each part gets everything it needs when it is built, and command bodies live with
// their features.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { translateCoreText } from './coreTranslator';
import { systemClock } from '../core/clock';
import { ConversationStore, type LoadProblem } from '../core/conversations/conversationStore';
import { ServiceModels } from '../core/models/serviceModels';
import { LanguageModelChat } from '../core/languageModels/languageModelChat';
import { ReasoningStore } from '../core/languageModels/reasoningStore';
import { CheckpointRestorer } from '../core/checkpoints/checkpointRestore';
import { workspaceCacheKey } from '../core/agent/workspaceCacheKey';
import type { HostMessage } from '../shared/protocol';
import { FormulaLanguageModelTools } from './languageModels/formulaLanguageModelTools';
import { SvcLanguageModelProvider } from './languageModels/svcLanguageModelProvider';
import { ApiKeyStore } from './apiKeyStore';
import { ChatController } from './chatController';
import { ChatViewProvider } from './chatViewProvider';
import { registerChatCommands } from './chat/chatCommands';
import { StreamDeltaBatcher } from './chat/streamDeltaBatcher';
import { CODE_BLOCK_SCHEME } from './codeBlockActions';
import { registerApiKeyCommands } from './connection/apiKeyCommands';
import { ProposedContentProvider } from './proposedContent';
import { ConversationFolderFiles } from './conversationFolderFiles';
import { watchOtherWindows } from './otherWindows';
import { AttachmentController } from './files/attachmentController';
import { chatFileNotices } from './files/chatFileNotices';
import { registerFileCommands, registerFileFeatures } from './files/registerFileFeatures';
import { harnessVariables, underTestHarness } from './testHarness';
import { HARNESS_ARGUMENTS, USER_ARGUMENTS } from './commandArguments';
import { svcTestApi, type SvcTestApi } from './testHarnessApi';
import { watchWorkspaceAttempts } from './userSettings';
import { LocalEmulator } from './localEmulator';
import { ServiceConnection } from './serviceConnection';
import { createRequestIdentity } from './settings/requestIdentitySupplier';
import { onDidChangeSettings, readSettings, readSettingsProblems } from './settings/settingsReader';
import { registerDemoTask } from './demo/demoTask';
import { ConnectionStatusBar } from './statusBar';
import { createHookFeatures } from './hooks/vscodeHooks';
import { NotificationApprover } from './workspaceTools/notificationApprover';
import { registerCompletions, type CompletionsFeature } from './completions/registerCompletions';
import { LazyAgentFeatures } from './agent/lazyAgentFeatures';
import { SessionList } from './sessions/sessionList';
import type { AgentFeatureOptions } from './agent/registerAgentFeatures';
import type { InlineEditFeatureDeps } from './inlineEdit/registerInlineEdit';
import { registerMcpFeatures } from './mcp/registerMcpFeatures';
import { WorkspaceRules } from './rules/workspaceRules';
import { WorkspaceCustomizations } from './customizations/workspaceCustomizations';
import { nodeCustomizationFiles } from './customizations/nodeCustomizationFiles';
import { EditorMentionSources } from './context/editorMentionSources';
import { lazyWorkspaceFileList } from './context/lazyWorkspaceFileList';
import { vscodeHostWindow } from './chat/vscodeHostWindow';
import { checkpointTaker, createWorkspaceCheckpoints, prepareCheckpointsInBackground, pruneCheckpoints } from './checkpoints/workspaceCheckpoints';
import { globalStateStorage } from './files/globalStateStorage';
import { ModelAccessConsent, manageModelAccess } from './languageModels/modelAccessConsent';
import { LANGUAGE_MODEL_VENDOR } from './languageModels/languageModelVendor';
import { VsCodeUtilityModel } from './languageModels/vsCodeUtilityModel';
import { registerCommitMessage } from './scm/commitMessageCommand';
import { TerminalCommandLog } from './terminal/terminalCommandLog';
import { registerTerminalToChat } from './terminal/terminalToChatCommands';
import { scheduleWorktreeCleanUp } from './worktrees/scheduleWorktreeCleanUp';
import { DisabledCustomizations } from '../core/customizations/disabledCustomizations';
import { registerCustomizationCommands } from './customizations/registerCustomizationCommands';

function conversationsDir(context: vscode.ExtensionContext): string {
  // Workspace-scoped when a folder is open; with no folder, the extension's global storage.
  return path.join((context.storageUri ?? context.globalStorageUri).fsPath, 'conversations');
}

/** What the activated extension needs of the loaded chat host. */
export interface ChatHost {
  provider: ChatViewProvider;
  /** The chat view's list of sessions; a kind of session that runs elsewhere adds its source here. */
  sessions: SessionList;
  /** The svc models and formulas in VS Code's language-model API (registered at activation, served from here). */
  languageModels: SvcLanguageModelProvider;
  formulaTools: FormulaLanguageModelTools;
  /** Completions as you type: the provider the entry's stand-in hands over to. */
  completions: CompletionsFeature;
  testApi: SvcTestApi;
  /** A reply still streaming when the window closes is saved, marked interrupted. */
  deactivate(): Promise<void>;
}

/**
 * Starts the chat host. `releaseCommandStubs` is called right before its commands are registered, in the
 * same synchronous run, so there is no moment when a contributed command is missing.
 */
export async function startChatHost(context: vscode.ExtensionContext, releaseCommandStubs: () => void): Promise<ChatHost> {
  translateCoreText();
  const log = vscode.window.createOutputChannel('svc', { log: true });
  context.subscriptions.push(watchWorkspaceAttempts(log));
  const { store, problems } = await ConversationStore.open(new ConversationFolderFiles(conversationsDir(context)), systemClock);
  const warn = (problem: LoadProblem) => log.warn(`Saved conversation ${problem.key} could not be read in full: ${problem.message}`);
  problems.forEach(warn);
  context.subscriptions.push(store.onDidFindProblem(warn), ...watchOtherWindows(store, conversationsDir(context)));

  const keys = new ApiKeyStore(context.secrets, context.globalState);
  // Only the test harness's commands take what a test passes (a key, a task, a dialog stand-in); see commandArguments.ts.
  const commandArguments = underTestHarness(context.extensionMode) ? HARNESS_ARGUMENTS : USER_ARGUMENTS;
  const emulator = new LocalEmulator(context.extensionPath, path.join(context.globalStorageUri.fsPath, 'emulator'), readSettings().emulatorSpeed, harnessVariables(context.extensionMode));
  const connection = new ServiceConnection(keys, emulator);
  const client = async () => (await connection.get()).client;
  const proposals = new ProposedContentProvider(CODE_BLOCK_SCHEME);
  // Who every request comes from: one prompt_cache_key per workspace, kept in its workspaceState (chats,
  // agent tasks and the provider share the cache), the opted-in safety identifier and the settings.
  const identity = createRequestIdentity({ settings: readSettings, machineId: vscode.env.machineId, promptCacheKey: () => workspaceCacheKey(globalStateStorage(context.workspaceState)) });
  const models = new ServiceModels(client, log);
  const reasoning = await ReasoningStore.open(globalStateStorage(context.globalState));
  const modelAccess = new ModelAccessConsent(context.extension.id, context.globalState);
  const utilityModel = new VsCodeUtilityModel(models, LANGUAGE_MODEL_VENDOR, context.globalState);
  const languageModels = new SvcLanguageModelProvider(models, new LanguageModelChat({ client, reasoning, identity, log }), modelAccess, () => {
    utilityModel.offer().catch((error: unknown) => log.warn(`Offering VS Code's utility model failed: ${error instanceof Error ? error.message : String(error)}`));
  });
  const formulaTools = new FormulaLanguageModelTools(async () => {
    const active = await connection.get();
    return { client: active.client, local: active.connection.mode === 'emulator' };
  });
  const provider = new ChatViewProvider(log);
  // Every message to the view, so streamed text joined per turn keeps its place among the others.
  const outbox = new StreamDeltaBatcher((message) => provider.post(message));
  const post = (message: HostMessage) => outbox.send(message);
  const notices = chatFileNotices(post);
  const statusBar = new ConnectionStatusBar(() => readSettings().model);
  const refreshStatus = async () => statusBar.update(await connection.describe(), readSettings().model);
  let viewReady: () => void = () => undefined;
  const firstViewReady = new Promise<void>((resolve) => (viewReady = resolve));

  releaseCommandStubs();
  // Loaded on first use (its own file, see agentFeatures.ts): its commands are stand-ins until then.
  const agent = new LazyAgentFeatures(async (releaseAgentCommandStubs) => {
    const { startAgentFeatures } = await import('./agent/agentFeatures');
    return startAgentFeatures(context, { agent: agentOptions, inlineEdit: inlineEditDeps, checkpoints }, releaseAgentCommandStubs);
  });
  agent.registerCommandStubs();
  const terminalCommands = new TerminalCommandLog();
  const mcp = registerMcpFeatures(context, log);
  // Kept in the workspace's state in the editor: a repository cannot turn back on what the user turned off.
  const disabledCustomizations = new DisabledCustomizations(globalStateStorage(context.workspaceState));
  const customizations = new WorkspaceCustomizations(log, disabledCustomizations);
  const rules = new WorkspaceRules(customizations, disabledCustomizations);
  const mentionSources = new EditorMentionSources(client, vscodeHostWindow);
  const checkpoints = createWorkspaceCheckpoints(context, log);
  scheduleWorktreeCleanUp(context, store, log);
  const takeCheckpoint = checkpointTaker(checkpoints, log);
  const restorer = new CheckpointRestorer(store, checkpoints, vscodeHostWindow);
  const hooks = createHookFeatures(context, log, disabledCustomizations);
  registerCustomizationCommands(context, { customizations, rules, hooks, mcp: mcp.servers, disabled: disabledCustomizations });
  const hookDialog = new NotificationApprover();
  const sessions = new SessionList({ post, setBadge: (badge) => provider.setBadge(badge) });
  const agentOptions: AgentFeatureOptions = {
    sessions,
    hooks,
    externalTools: mcp.externalTools,
    checkpoint: takeCheckpoint,
    standingInstructions: () => rules.message(),
    nestedRules: rules.nested,
    skills: { items: () => customizations.items(), files: nodeCustomizationFiles },
    customAgents: { items: () => customizations.items(), offeredModels: async () => (await models.current()).models.map((m) => m.id) },
    store,
    client,
    serviceIsLocal: async () => (await connection.get()).connection.mode === 'emulator',
    commandArguments,
    surface: { post, activeConversationId: () => store.activeConversationId, viewVisible: () => provider.visible, reveal: () => provider.reveal() },
    identity,
    proposals,
    log,
  };
  const inlineEditDeps: InlineEditFeatureDeps = {
    client,
    identity,
    log,
    commandArguments,
    explainInChat: async (text) => {
      await provider.reveal();
      await chat.send(chat.activeConversationId ?? null, text);
    },
  };
  const files = registerFileFeatures(context, {
    connection: async () => {
      const active = await connection.get();
      // The emulator's port changes per start but its data folder does not: one stable account.
      const baseUrl = active.connection.mode === 'emulator' ? 'emulator://local' : active.connection.baseUrl;
      return { client: active.client, baseUrl, apiKey: active.apiKey };
    },
    onDidChangeConnection: connection.onDidChange,
    currentModel: () => readSettings().model,
    balanceDisplay: statusBar,
    notices,
    commandArguments,
  });
  const chat = new ChatController({
    sessions,
    store,
    reachability: statusBar,
    connection,
    models,
    proposals,
    log,
    window: vscodeHostWindow,
    page: provider,
    post,
    identity,
    files: files.features,
    notices,
    attachments: new AttachmentController(files.features, post),
    agent,
    rules,
    customizations,
    mentions: { sources: mentionSources, workspaceFiles: lazyWorkspaceFileList() },
    checkpoints: { checkpoints, take: takeCheckpoint, restorer },
    // A chat message is no agent task: a workspace hook's question is the editor's dialog.
    promptHooks: (conversationId) =>
      hooks.forTask({ sessionId: conversationId ?? '', ask: async (request, signal) => (await hookDialog.request(request, signal)) !== 'reject', report: (text) => chat.showNotice({ severity: 'warning', text }) }),
  });
  registerFileCommands(context, files, chat);
  const completions = registerCompletions(
    context,
    { client, promptCacheKey: () => identity.promptCacheKey(), balanceBlocked: () => files.services.peek()?.balance.current?.blockedReason },
    log,
  );

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

  context.subscriptions.push(
    log,
    keys,
    connection,
    chat,
    sessions,
    languageModels,
    completions,
    statusBar,
    rules,
    customizations,
    mentionSources,
    terminalCommands,
    agent,
    provider.onDidDeliverInit(() => viewReady()),
    vscode.workspace.registerTextDocumentContentProvider(proposals.scheme, proposals),
    connection.onDidChange((c) => {
      log.info(c.mode === 'emulator' ? `Using the local emulator at ${c.baseUrl || '(not started yet)'}` : `Using the service at ${c.baseUrl}`);
      void refreshStatus();
    }),
    // The one listener of the chat host: each part is told what concerns it.
    onDidChangeSettings(() => {
      chat.showSettings();
      void refreshStatus();
      reportSettings();
    }),
    ...registerChatCommands({ chat, provider, models, restorer }),
    ...registerApiKeyCommands({ keys, commandArguments }),
    vscode.commands.registerCommand('svc.manageModelAccess', () => manageModelAccess(modelAccess)),
    vscode.commands.registerCommand('svc.useUtilityModel', () => utilityModel.use()),
    registerTerminalToChat({ commands: terminalCommands, insertIntoComposer: (text) => provider.insertIntoComposer(text) }),
    registerCommitMessage({ client, identity, log }),
    prepareCheckpointsInBackground(checkpoints, log),
    registerDemoTask(context, {
      usesEmulator: async () => (await connection.get()).connection.mode === 'emulator',
      chooseEmulator: () => keys.chooseEmulator(),
      runTask: async (task) => {
        await provider.reveal();
        await agent.run(null, task);
      },
    }),
  );
  void pruneCheckpoints(checkpoints, store, log);
  void refreshStatus();
  reportSettings();

  const testApi = svcTestApi({ chat, store, keys, conversationsDir: conversationsDir(context), firstViewReady, agent: agent.testApi(), customizations });
  return { provider, sessions, languageModels, formulaTools, completions, testApi, deactivate: () => chat.session.dispose() };
}
