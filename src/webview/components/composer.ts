// Where the user writes: Enter sends, Shift+Enter adds a line. Holds the request options (model,
// thinking, JSON mode, alternatives) and shows a live token estimate of the next request against the
// model's context length. The draft is reported on every edit so it survives reloads.
import type { MentionChipView, ModelView, SendOptions, UiSettings } from '../../shared/protocol';
import { el, formatCount, icon } from '../dom';
import { ComposerCompletion } from './composerCompletion';
import type { CustomCommand, SlashCommandContext } from '../slashCommands';
import { MentionChips, mentionPattern } from './mentionChips';
import { ComposerMoreMenu } from './composerMoreMenu';
import { ContextLimitGuard } from './contextLimitGuard';
import type { ModelList } from '../modelList';
import { capabilityWords, ModelCapabilities } from './modelCapabilities';
import * as l10n from '../../shared/l10n';
import { agentModeValue, pickedAgent, showAgentModes, type CustomAgentView } from './agentModes';

/** The composer's modes, one at a time; background runs the message as an agent task in a git worktree of its own. */
export type ComposerMode = 'ask' | 'plan' | 'agent' | 'background';

export interface ComposerCallbacks {
  /** Returns false when the message could not be sent (a reply is still streaming). */
  send(text: string, options: SendOptions): boolean;
  stop(): void;
  setModel(model: string): void;
  setThinking(enabled: boolean): void;
  setJsonMode(enabled: boolean): void;
  setChoiceCount(choiceCount: number): void;
  requestEstimate(draft: string, model: string): void;
  draftChanged(draft: string): void;
  /** Asks the host for the @ completion list of what follows the @. */
  requestMentions(query: string): void;
  /** The text of the last message the user sent in this conversation. */
  lastMessage(): string | undefined;
}

/** What the host says the estimate is made of. */
export interface EstimateDetail {
  breakdown?: readonly { label: string; tokens: number }[];
  cachedTokens?: number;
  /** The draft's mentions and what each adds. */
  mentions?: readonly MentionChipView[];
  /** What compacting now would replace and cost the cache. */
  compaction?: { coveredTokens: number; cacheLost: number; automatic: boolean };
}

/** The meter's word on compaction: what a summary would replace, and that the cached prefix goes with it. */
function compactionLine(compaction: NonNullable<EstimateDetail['compaction']>): string {
  const covered = formatCount(compaction.coveredTokens);
  const cached = formatCount(compaction.cacheLost);
  if (compaction.automatic) {
    return compaction.cacheLost > 0
      ? l10n.t('Your next message compacts the conversation first (svc.compaction.threshold): about {0} tokens of older messages become one summary; the {1} cached tokens no longer match, so that request pays for its whole prompt once.', covered, cached)
      : l10n.t('Your next message compacts the conversation first (svc.compaction.threshold): about {0} tokens of older messages become one summary.', covered);
  }
  return compaction.cacheLost > 0
    ? l10n.t('/compact would turn about {0} tokens of older messages into one summary; the {1} cached tokens no longer match, so the next request would pay for its whole prompt once.', covered, cached)
    : l10n.t('/compact would turn about {0} tokens of older messages into one summary.', covered);
}

/** Wait this long after the last keystroke before asking the host for an estimate. */
const ESTIMATE_DEBOUNCE_MS = 350;
/** Warn when the next request uses this share of the context length. */
const NEAR_LIMIT = 0.9;

/** A model's option: its id alone, so the picker stays a short chip; what it can do is its tooltip. */
function modelOption(model: ModelView): HTMLOptionElement {
  const words = capabilityWords(model);
  return el('option', { text: model.id, attrs: { value: model.id, title: words.length > 0 ? `${model.id}: ${words.join(', ')}` : model.id } });
}

function checkbox(label: string, ariaLabel: string): { wrapper: HTMLLabelElement; input: HTMLInputElement } {
  const input = el('input', { attrs: { type: 'checkbox', 'aria-label': ariaLabel } });
  return { wrapper: el('label', { className: 'toggle', attrs: { title: ariaLabel } }, [input, el('span', { text: label })]), input };
}

export class Composer {
  readonly element: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly modelPicker: HTMLSelectElement;
  private readonly thinking: { wrapper: HTMLLabelElement; input: HTMLInputElement };
  private readonly jsonMode: { wrapper: HTMLLabelElement; input: HTMLInputElement };
  /** Agent mode: the message runs as an agent task with tools on the workspace. */
  private readonly mode: HTMLSelectElement;
  private readonly choiceCount: HTMLSelectElement;
  private readonly choiceWrapper: HTMLLabelElement;
  private readonly estimate: HTMLElement;
  private readonly meter: HTMLElement;
  private readonly completion: ComposerCompletion;
  private customCommands: readonly CustomCommand[] = [];
  private readonly mentionChips: MentionChips;
  private readonly capabilities = new ModelCapabilities();
  private readonly moreMenu: ComposerMoreMenu;
  private readonly meterFill: HTMLElement;
  private readonly limitGuard = new ContextLimitGuard();
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private settings: UiSettings | undefined;
  private busy = false;
  /**
   * Enter pressed before the host sent the model list: the message goes as soon as it arrives, unless the
   * user edits the draft meanwhile (sending then would send a half-typed text and clear what follows).
   */
  private submitWhenReady = false;
  private debounce: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly callbacks: ComposerCallbacks,
    private readonly models: ModelList,
    draft: string,
  ) {
    this.input = el('textarea', {
      className: 'composer-input',
      attrs: {
        'data-testid': 'composer-input',
        'aria-label': l10n.t('Message to svc (Enter sends, Shift+Enter adds a line)'),
        placeholder: l10n.t('Ask svc… (Enter to send, Shift+Enter for a new line)'),
        rows: '3',
      },
    });
    this.input.value = draft;
    this.modelPicker = el('select', { className: 'model-picker', attrs: { 'data-testid': 'model-picker', 'aria-label': l10n.t('Model'), title: l10n.t('Model') } });
    models.subscribe(() => {
      this.renderModels();
      this.submitIfWaiting();
    });
    this.thinking = checkbox(l10n.t('Thinking'), l10n.t('Let the model think before answering'));
    this.jsonMode = checkbox(l10n.t('JSON mode'), l10n.t('JSON mode: the answer is a JSON object'));
    // Ask (chat), Plan (read, then a plan to approve) or Agent (a task with tools): one mode at a time.
    this.mode = el('select', { className: 'mode-picker', attrs: { 'data-testid': 'mode-picker', 'aria-label': l10n.t('Mode'), title: l10n.t('Ask: chat · Plan: the agent reads and proposes a plan to approve · Agent: a task that uses tools (asks before changing files) · Run in background: an agent task in a git worktree of its own') } }, [
      el('option', { text: l10n.t('Ask'), attrs: { value: 'ask' } }),
      el('option', { text: l10n.t('Plan'), attrs: { value: 'plan' } }),
      el('option', { text: l10n.t('Agent'), attrs: { value: 'agent' } }),
      el('option', { text: l10n.t('Run in background'), attrs: { value: 'background', title: l10n.t('An agent task in a git worktree of its own; nothing reaches your folder until you apply it') } }),
    ]);
    this.choiceCount = el('select', { className: 'choice-count', attrs: { 'aria-label': l10n.t('Number of alternative answers') } });
    this.choiceWrapper = el('label', { className: 'toggle', attrs: { title: l10n.t('Number of alternative answers') } }, [icon('versions'), el('span', { text: l10n.t('Alternatives') }), this.choiceCount]);
    this.estimate = el('span', { className: 'token-estimate', attrs: { 'aria-live': 'polite', title: l10n.t('Estimated tokens of the next request / context length') } });
    this.meterFill = el('div', { className: 'context-meter-fill' });
    this.meter = el('div', {
      className: 'context-meter',
      attrs: { 'data-testid': 'context-meter', role: 'meter', 'aria-label': l10n.t('Context used by the next request'), 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '0' },
    }, [this.meterFill]);
    this.meter.hidden = true;
    this.sendButton = el('button', { className: 'primary-button', attrs: { type: 'button', 'data-testid': 'send', 'aria-label': l10n.t('Send (Enter)'), title: l10n.t('Send (Enter)') } }, [icon('send')]);
    this.stopButton = el('button', { className: 'primary-button stop', attrs: { type: 'button', 'data-testid': 'stop', 'aria-label': l10n.t('Stop generating (Escape)'), title: l10n.t('Stop generating (Escape)') } }, [icon('debug-stop')]);
    this.stopButton.hidden = true;

    this.moreMenu = new ComposerMoreMenu([this.jsonMode.wrapper, this.choiceWrapper]);
    const options = el('div', { className: 'composer-options' }, [this.mode, this.modelPicker, this.capabilities.element, this.thinking.wrapper, this.moreMenu.element]);
    const footer = el('div', { className: 'composer-footer' }, [this.estimate, this.sendButton, this.stopButton]);
    this.completion = new ComposerCompletion(this.input, (query) => this.callbacks.requestMentions(query));
    this.mentionChips = new MentionChips((raw) => this.removeMention(raw));
    this.element = el('div', { className: 'composer' }, [this.meter, this.limitGuard.element, this.completion.element, this.mentionChips.element, this.input, el('div', { className: 'composer-toolbar' }, [options, footer])]);
    this.wire();
  }

  get text(): string {
    return this.input.value;
  }

  /** What Send does with the message: Ask (chat), Plan (read, then a plan to approve) or Agent (a task with tools; a custom agent's too). */
  get sendMode(): ComposerMode {
    const value = this.mode.value;
    if (this.sendAgent !== undefined) return 'agent';
    return value === 'plan' || value === 'agent' || value === 'background' ? value : 'ask';
  }

  /** The custom agent picked in the mode picker, whose task Send runs. */
  get sendAgent(): string | undefined {
    return pickedAgent(this.mode.value);
  }

  /** A task runs in this mode (started here, by a command or by the demo), or as this custom agent: the picker says so. */
  showMode(mode: ComposerMode, agent?: string): void {
    this.mode.value = agent !== undefined ? agentModeValue(agent) : mode;
    if (this.mode.value === '') this.mode.value = mode;
  }

  /** The custom agents the mode picker offers after the built-in modes. */
  setCustomAgents(agents: readonly CustomAgentView[]): void {
    showAgentModes(this.mode, agents);
  }

  setSettings(settings: UiSettings): void {
    this.settings = settings;
    this.renderModels();
    this.thinking.input.checked = settings.thinking;
    this.jsonMode.input.checked = settings.jsonMode;
    this.renderOptions();
    this.submitIfWaiting();
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.sendButton.hidden = busy;
    this.stopButton.hidden = !busy;
  }

  showEstimate(tokens: number | null, contextLength: number | null, unavailableReason: string | undefined, detail: EstimateDetail = {}): void {
    if (detail.mentions) this.mentionChips.show(detail.mentions.filter((m) => this.input.value.includes(m.raw)));
    this.estimate.classList.remove('near-limit', 'over-limit');
    this.meter.classList.remove('near-limit', 'over-limit');
    if (tokens === null) {
      this.estimate.textContent = l10n.t('estimate unavailable');
      this.estimate.title = unavailableReason ?? l10n.t('No token estimate for this model');
      this.meter.hidden = true;
      return;
    }
    const limit = contextLength ?? this.currentModel()?.contextLength ?? null;
    this.estimate.textContent = limit !== null ? l10n.t('{0} / {1} tokens', formatCount(tokens), formatCount(limit)) : l10n.t('{0} tokens', formatCount(tokens));
    const parts = (detail.breakdown ?? []).map((p) => `${p.label}: ${formatCount(p.tokens)}`);
    const cached = detail.cachedTokens !== undefined ? [l10n.t('Cached in the last reply: {0}', formatCount(detail.cachedTokens))] : [];
    const compaction = detail.compaction ? [compactionLine(detail.compaction)] : [];
    const title = [limit !== null ? l10n.t('Estimated tokens of the next request / context length of the model') : l10n.t('Estimated tokens of the next request'), ...parts, ...cached, ...compaction, ...(unavailableReason ? [unavailableReason] : [])].join('\n');
    if (detail.compaction?.automatic) this.estimate.textContent += ` · ${l10n.t('compacts first')}`;
    this.meter.classList.toggle('compaction-due', detail.compaction?.automatic === true);
    this.estimate.title = title;
    const level = limit !== null && tokens > limit ? 'over-limit' : limit !== null && tokens >= limit * NEAR_LIMIT ? 'near-limit' : undefined;
    this.limitGuard.measured(level === 'over-limit' && limit !== null ? { tokens, limit, model: this.modelPicker.value } : undefined);
    if (level) {
      this.estimate.classList.add(level);
      this.meter.classList.add(level);
    }
    // The bar shows the share of the model's context; without a stated length there is nothing to fill.
    this.meter.hidden = limit === null;
    const percent = limit ? Math.min(100, Math.round((tokens / limit) * 100)) : 0;
    this.meterFill.style.width = `${percent}%`;
    this.meter.setAttribute('aria-valuenow', String(percent));
    this.meter.title = title;
  }

  focus(): void {
    this.input.focus();
  }

  /** The host's @ candidates for `query`. */
  showMentions(query: string, candidates: Parameters<ComposerCompletion['showMentions']>[1]): void {
    this.completion.showMentions(query, candidates);
  }

  /** The skills and prompt files the `/` list offers after the built-in commands. */
  setCustomCommands(commands: readonly CustomCommand[]): void {
    this.customCommands = commands;
    this.completion.setCustomCommands(commands);
  }

  /** What a slash command typed here runs with: the host's skills and prompt files, and the mode picked. */
  slashContext(): Pick<SlashCommandContext, 'custom' | 'mode' | 'agent'> {
    // A skill or prompt file runs in this window: in background mode, as an agent task.
    const mode = this.sendMode;
    const agent = this.sendAgent;
    return { custom: this.customCommands, mode: mode === 'background' ? 'agent' : mode, ...(agent !== undefined ? { agent } : {}) };
  }

  /** Adds text at the caret (e.g. a selection sent from the editor). */
  insert(text: string): void {
    const start = this.input.selectionStart;
    this.input.setRangeText(text, start, this.input.selectionEnd, 'end');
    this.changed();
    this.focus();
  }

  setText(text: string): void {
    this.input.value = text;
    this.changed();
  }

  /** Asks for a fresh estimate (after a model or conversation change). */
  refreshEstimate(): void {
    this.scheduleEstimate();
  }

  private wire(): void {
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      } else if (event.key === 'ArrowUp' && this.input.value === '') {
        // Up in an empty box brings back the last message, to send again or change.
        const last = this.callbacks.lastMessage();
        if (last === undefined) return;
        event.preventDefault();
        this.setText(last);
      }
    });
    this.input.addEventListener('input', () => this.changed());
    this.sendButton.addEventListener('click', () => this.submit());
    this.stopButton.addEventListener('click', () => this.callbacks.stop());
    this.modelPicker.addEventListener('change', () => {
      if (this.settings) this.settings = { ...this.settings, model: this.modelPicker.value };
      this.renderOptions();
      this.callbacks.setModel(this.modelPicker.value);
      this.scheduleEstimate();
    });
    this.thinking.input.addEventListener('change', () => this.callbacks.setThinking(this.thinking.input.checked));
    this.jsonMode.input.addEventListener('change', () => this.callbacks.setJsonMode(this.jsonMode.input.checked));
    this.choiceCount.addEventListener('change', () => this.callbacks.setChoiceCount(Number(this.choiceCount.value)));
  }

  /** Takes a mention out of the draft, with the space after it. */
  private removeMention(raw: string): void {
    const value = this.input.value;
    const match = mentionPattern([raw]).exec(value);
    if (!match) return;
    const start = match.index + (match[1] as string).length;
    const end = start + raw.length + (value[start + raw.length] === ' ' ? 1 : 0);
    this.setText(value.slice(0, start) + value.slice(end));
    this.focus();
  }

  private changed(): void {
    this.cancelWaitingSubmit();
    this.limitGuard.draftChanged();
    this.mentionChips.keepOnly(this.input.value);
    this.callbacks.draftChanged(this.input.value);
    this.scheduleEstimate();
  }

  private scheduleEstimate(): void {
    if (this.debounce !== undefined) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      const model = this.modelPicker.value;
      if (model !== '') this.callbacks.requestEstimate(this.input.value, model);
    }, ESTIMATE_DEBOUNCE_MS);
  }

  private submit(): void {
    const text = this.input.value;
    this.submitWhenReady = false;
    if (text.trim() === '' || this.busy) return;
    if (this.modelPicker.value === '') {
      this.submitWhenReady = true;
      this.estimate.textContent = l10n.t('Connecting… the message is sent as soon as the service is ready');
      return;
    }
    if (this.limitGuard.holdBack()) return;
    if (!this.callbacks.send(text, this.options())) return;
    this.setText('');
    // Sent with the button (which Stop replaces), the focus would fall out of the view: it stays here.
    this.input.focus();
  }

  private cancelWaitingSubmit(): void {
    if (!this.submitWhenReady) return;
    this.submitWhenReady = false;
    this.estimate.textContent = '';
  }

  private submitIfWaiting(): void {
    if (this.submitWhenReady && this.modelPicker.value !== '') this.submit();
  }

  private options(): SendOptions {
    const model = this.currentModel();
    const maxChoices = model?.maxChoices ?? 1;
    return {
      model: this.modelPicker.value,
      thinking: model?.thinking === 'always' || (model?.thinking === 'optional' && this.thinking.input.checked),
      jsonMode: this.jsonMode.input.checked,
      choiceCount: Math.min(Number(this.choiceCount.value) || 1, maxChoices),
    };
  }

  private currentModel(): ModelView | undefined {
    return this.models.find(this.modelPicker.value);
  }

  private renderModels(): void {
    const selected = this.settings?.model ?? this.modelPicker.value;
    const ids = new Set(this.models.all.map((m) => m.id));
    const options = this.models.all.map(modelOption);
    // A configured model the service did not list stays selectable rather than silently replaced.
    if (selected !== '' && !ids.has(selected)) options.unshift(el('option', { text: selected, attrs: { value: selected } }));
    this.modelPicker.replaceChildren(...options);
    this.modelPicker.value = selected;
    this.renderOptions();
  }

  /** Shows only the options the selected model accepts. */
  private renderOptions(): void {
    const model = this.currentModel();
    this.thinking.wrapper.hidden = model?.thinking !== 'optional';
    const maxChoices = model?.maxChoices ?? 1;
    const wanted = Math.min(this.settings?.choiceCount ?? 1, maxChoices);
    this.choiceCount.replaceChildren(...Array.from({ length: maxChoices }, (_, i) => el('option', { text: `${i + 1}×`, attrs: { value: String(i + 1) } })));
    this.choiceCount.value = String(wanted);
    this.choiceWrapper.hidden = maxChoices <= 1;
    this.capabilities.show(model);
    this.moreMenu.refresh();
  }
}
