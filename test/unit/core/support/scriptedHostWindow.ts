// A HostWindow whose user answers from a script: the test says what each dialog returns and reads
// what was asked, notified, written and opened.
import type { HostWindow, NoticeLevel, SaveDialogRequest } from '../../../../src/core/host/hostWindow';

export class ScriptedHostWindow implements HostWindow {
  readonly confirmations: { message: string; confirmLabel: string; detail?: string }[] = [];
  readonly notices: { level: NoticeLevel; message: string; actions: string[] }[] = [];
  readonly saveDialogs: SaveDialogRequest[] = [];
  readonly written = new Map<string, string>();
  readonly opened: string[] = [];

  constructor(
    private readonly answers: {
      confirm?: boolean;
      /** The path a save dialog returns; undefined: the user cancels. */
      saveTo?: string;
      /** The action every notification returns. */
      noticeAction?: string;
    } = {},
  ) {}

  async confirm(message: string, confirmLabel: string, detail?: string): Promise<boolean> {
    this.confirmations.push({ message, confirmLabel, ...(detail !== undefined ? { detail } : {}) });
    return this.answers.confirm ?? false;
  }

  async notify(level: NoticeLevel, message: string, ...actions: string[]): Promise<string | undefined> {
    this.notices.push({ level, message, actions });
    return this.answers.noticeAction !== undefined && actions.includes(this.answers.noticeAction) ? this.answers.noticeAction : undefined;
  }

  async chooseSaveLocation(request: SaveDialogRequest): Promise<string | undefined> {
    this.saveDialogs.push(request);
    return this.answers.saveTo;
  }

  async writeTextFile(filePath: string, text: string): Promise<void> {
    this.written.set(filePath, text);
  }

  async openTextFile(filePath: string): Promise<void> {
    this.opened.push(filePath);
  }
}
