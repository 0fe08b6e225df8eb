// Completions as you type, in the chat host: the provider VS Code asks (registered by the entry,
// completionsEntry.ts, which hands over here), the status item and its menu, the first-run notice, and
// today's use kept in the global state. What answers the asks (completionEngines.ts) loads once completions
// are on: when the chat host starts with them on, when they are turned on, or on the first ask.
import * as vscode from 'vscode';
import { parsePriceTable, type PriceTable } from '../../core/billing/replyCost';
import type { CompletionEngineDeps } from '../../core/completions/completionEngine';
import { CompletionUsage } from '../../core/completions/completionUsage';
import { readAgentSettings, settingValue } from '../settings/settingsReader';
import { completionCostNotice } from './completionCostNotice';
import type { CompletionEngines } from './completionEngines';
import type { CompletionServices } from './completionServices';
import { completionSettingsFrom, nextEditsOnForLanguage, onForLanguage, type CompletionSettings } from './completionSettings';
import type { CompletionState } from './completionStatusView';
import { COMPLETIONS_MENU_COMMAND, CompletionsStatusItem } from './completionsStatusItem';

const USAGE_KEY = 'svc.completions.today';
const NOTICE_KEY = 'svc.completions.costNoticeShown';

function prices(): PriceTable {
  try {
    return parsePriceTable(settingValue('priceTable'));
  } catch {
    return {};
  }
}

export function readCompletionSettings(): CompletionSettings {
  return completionSettingsFrom(settingValue).settings;
}

export interface CompletionsFeature extends vscode.Disposable {
  provider: vscode.InlineCompletionItemProvider;
  usage: CompletionUsage;
}

export function registerCompletions(context: vscode.ExtensionContext, services: CompletionServices, log: vscode.LogOutputChannel): CompletionsFeature {
  const usage = new CompletionUsage(() => Date.now(), prices, context.globalState.get(USAGE_KEY));
  let snoozedUntil = 0;
  const engineDeps: CompletionEngineDeps = {
    client: () => services.client(),
    cacheKey: () => services.promptCacheKey(),
    model: () => readCompletionSettings().model,
    gate: () => {
      const settings = readCompletionSettings();
      return { trusted: vscode.workspace.isTrusted, allowInRestrictedMode: settings.allowInRestrictedMode, balanceBlocked: services.balanceBlocked(), protectedFiles: readAgentSettings().protectedFiles };
    },
    usage,
  };
  const state = (): CompletionState => {
    const settings = readCompletionSettings();
    if (!settings.enabled) return { kind: 'off' };
    if (snoozedUntil > Date.now()) return { kind: 'snoozed', until: snoozedUntil };
    const languageId = vscode.window.activeTextEditor?.document.languageId;
    return languageId && !onForLanguage(settings, languageId) ? { kind: 'off-here', languageId } : { kind: 'on' };
  };
  const saveUsage = () => void context.globalState.update(USAGE_KEY, usage.day);
  const noticeOnce = async () => {
    if (context.globalState.get(NOTICE_KEY) === true) return;
    await context.globalState.update(NOTICE_KEY, true);
    void vscode.window.showInformationMessage(completionCostNotice(prices(), readCompletionSettings().model));
  };
  const toggle = async () => {
    const on = !readCompletionSettings().enabled;
    await vscode.workspace.getConfiguration('svc').update('completions.enabled', on, vscode.ConfigurationTarget.Global);
    if (on) await noticeOnce();
  };
  const status = new CompletionsStatusItem({
    toggle,
    toggleLanguage: async (languageId) => {
      const settings = readCompletionSettings();
      await vscode.workspace.getConfiguration('svc').update('completions.languages', { ...settings.languages, [languageId]: !onForLanguage(settings, languageId) }, vscode.ConfigurationTarget.Global);
    },
    snooze: (minutes) => {
      snoozedUntil = minutes > 0 ? Date.now() + minutes * 60_000 : 0;
      if (minutes > 0) setTimeout(() => status.render(), minutes * 60_000 + 1000);
    },
    state,
    day: () => usage.day,
  });
  const active = (document: vscode.TextDocument) => snoozedUntil <= Date.now() && onForLanguage(readCompletionSettings(), document.languageId);
  let loading: Promise<CompletionEngines> | undefined;
  let engines: CompletionEngines | undefined;
  let disposed = false;
  const loadEngines = (): Promise<CompletionEngines> => {
    loading ??= import('./completionEngines').then(
      ({ startCompletionEngines }) => {
        engines = startCompletionEngines({
          engine: engineDeps,
          protectedFiles: () => readAgentSettings().protectedFiles,
          active,
          nextEditsActive: (document) => snoozedUntil <= Date.now() && nextEditsOnForLanguage(readCompletionSettings(), document.languageId),
          debounceMs: () => readCompletionSettings().debounceMs,
          log,
          onUsed: () => {
            status.render();
            saveUsage();
          },
          onAccepted: (chars) => {
            usage.recordAccepted(chars);
            saveUsage();
          },
        });
        if (disposed) engines.dispose();
        return engines;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const loadIfOn = () => {
    if (readCompletionSettings().enabled) loadEngines().catch((error: unknown) => log.warn(`Completions could not start: ${error instanceof Error ? error.message : String(error)}`));
  };
  loadIfOn();
  const provider: vscode.InlineCompletionItemProvider = {
    provideInlineCompletionItems: async (document, position, context, token) => (active(document) ? (await loadEngines()).provider.provideInlineCompletionItems(document, position, context, token) : undefined),
  };
  const subscriptions = [
    status,
    vscode.commands.registerCommand(COMPLETIONS_MENU_COMMAND, () => status.showMenu()),
    vscode.commands.registerCommand('svc.completions.toggle', async () => {
      await toggle();
      status.render();
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('svc.completions')) status.render();
      if (event.affectsConfiguration('svc.completions.enabled') && readCompletionSettings().enabled) {
        loadIfOn();
        void noticeOnce();
      }
    }),
    vscode.window.onDidChangeActiveTextEditor(() => status.render()),
  ];
  return {
    provider,
    usage,
    dispose: () => {
      disposed = true;
      engines?.dispose();
      for (const subscription of subscriptions) subscription.dispose();
    },
  };
}
