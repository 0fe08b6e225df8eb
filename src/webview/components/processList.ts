// The processes the active conversation's agent task has running (a dev server started in the
// background, a command past its time limit), above the composer: the command line and a Stop button
// each. A stopped command that left processes the system would not end stays listed, naming each by
// pid and command line, so the user can end it by hand. The host sends each conversation's list as it
// changes; the one shown follows the conversation.
import type { HostMessageOf, WebviewMessage } from '../../shared/protocol';
import { el, icon, textButton } from '../dom';
import * as l10n from '../../shared/l10n';

type Processes = HostMessageOf<'processes'>['processes'];

export class ProcessList {
  readonly element = el('div', { className: 'process-list', attrs: { 'data-testid': 'processes', 'aria-label': l10n.t('Processes the agent task has running'), 'aria-live': 'polite' } });
  private readonly byConversation = new Map<string, Processes>();
  private active: string | undefined;

  constructor(private readonly post: (message: WebviewMessage) => void) {
    this.element.hidden = true;
  }

  set(conversationId: string, processes: Processes): void {
    if (processes.length === 0) this.byConversation.delete(conversationId);
    else this.byConversation.set(conversationId, processes);
    if (conversationId === this.active) this.render();
  }

  show(conversationId: string | undefined): void {
    this.active = conversationId;
    this.render();
  }

  private render(): void {
    const conversationId = this.active;
    const processes = conversationId ? (this.byConversation.get(conversationId) ?? []) : [];
    this.element.hidden = processes.length === 0;
    this.element.replaceChildren(
      ...processes.map((process) => {
        const leftRunning = process.leftRunning ?? [];
        const row = (children: HTMLElement[]): HTMLElement =>
          el('div', { className: 'process-row', attrs: { 'data-testid': 'process', 'data-process-id': process.id, title: l10n.t('{0} in {1}: {2}', process.id, process.cwd, process.command) } }, [icon('terminal'), el('code', { className: 'process-command', text: process.command }), ...children]);
        if (process.running === false) {
          return el('div', { className: 'process-left-running', attrs: { 'data-testid': 'process-left-running' } }, [
            row([el('span', { className: 'process-state', text: l10n.t('stopped, but not everything it started') })]),
            ...leftRunning.map((left) => el('div', { className: 'process-survivor', attrs: { 'data-testid': 'process-survivor' }, text: l10n.t('Could not be stopped: process {0} ({1})', left.pid, left.commandLine === '' ? '?' : left.commandLine) })),
          ]);
        }
        const stop = textButton('debug-stop', l10n.t('Stop'), 'stop-process', { 'data-testid': 'stop-process', title: l10n.t('Stop {0} and everything it started', process.id) });
        stop.addEventListener('click', () => {
          stop.disabled = true;
          if (conversationId) this.post({ type: 'stopProcess', conversationId, processId: process.id });
        });
        const label = process.background ? l10n.t('in the background') : l10n.t('past its time limit');
        return row([el('span', { className: 'process-state', text: label }), stop]);
      }),
    );
  }
}
