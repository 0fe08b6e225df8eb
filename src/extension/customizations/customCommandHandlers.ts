// `/name` of a skill or prompt file, sent from the view: a prompt file's text with the arguments and its
// `${input:…}` answers in place, in the mode and with the model it asks for (else the composer's); a
// skill's instructions with what was typed after its name. The text is then sent as the composer would:
// an agent task runs as the custom agent picked in the mode picker, with its instructions and tools.
import * as vscode from 'vscode';
import { applies, type Customization } from '../../core/customizations/customization';
import { expandPrompt, promptInputs, skillCommandText } from '../../core/customizations/promptCommand';
import type { HostMessage, SendOptions, WebviewMessageOf } from '../../shared/protocol';
import type { WebviewHandlerGroup } from '../chat/webviewMessageRouter';

export interface CustomCommandDeps {
  items(): Promise<readonly Customization[]>;
  /** Sends `text` as an Ask message. */
  send(conversationId: string | null, text: string, options: SendOptions): Promise<unknown>;
  /** Runs `text` as an agent task (Plan mode for `plan`). */
  runTask(message: WebviewMessageOf<'runAgentTask'>): unknown;
  /** Asks the user for one `${input:…}` value; undefined when dismissed. */
  askInput(command: string, input: { name: string; placeholder?: string }): Thenable<string | undefined>;
  post(message: HostMessage): void;
}

export function customCommandHandlers(deps: CustomCommandDeps): WebviewHandlerGroup<'runCustomCommand'> {
  return {
    runCustomCommand: async ({ conversationId, name, argument, options, mode, agent }) => {
      const item = (await deps.items()).find((i) => (i.kind === 'skill' || i.kind === 'prompt') && i.name === name && applies(i));
      if (!item?.details) throw new Error(vscode.l10n.t('/{0} is no longer a skill or prompt file of this window.', name));
      let text: string;
      let runMode = mode;
      let runOptions = options;
      if (item.details.kind === 'prompt') {
        const answers: Record<string, string> = {};
        for (const input of promptInputs(item.details.body)) {
          const answer = await deps.askInput(name, input);
          if (answer === undefined) {
            deps.post({ type: 'notice', level: 'info', message: vscode.l10n.t('/{0} {1} was not sent: {2} was not answered.', name, argument, input.name) });
            return;
          }
          answers[input.name] = answer;
        }
        text = expandPrompt(item.details.body, argument, answers);
        runMode = item.details.mode ?? mode;
        if (item.details.model) runOptions = { ...options, model: item.details.model };
      } else if (item.details.kind === 'skill') {
        text = skillCommandText(item.name, item.label, item.details.body, argument);
      } else {
        return;
      }
      if (text.trim() === '') throw new Error(vscode.l10n.t('/{0} has no text to send ({1} is empty).', name, item.label));
      if (runMode === 'ask') await deps.send(conversationId, text, runOptions);
      else if (runMode === 'plan') await deps.runTask({ type: 'runAgentTask', conversationId, text, options: runOptions, mode: 'plan' });
      else await deps.runTask({ type: 'runAgentTask', conversationId, text, options: runOptions, ...(agent !== undefined ? { agent } : {}) });
    },
  };
}
