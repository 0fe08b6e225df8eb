// The attachments of the message being written, above the composer: one chip per file with its name,
// size and upload status, removable until sent; buttons to attach workspace files or images from disk;
// drops and pastes on the composer; and, when images meet a model that cannot see, a warning that
// offers the vision models instead of letting a request go that would fail.
//
// Drops: VS Code's workbench takes a drop over a webview for itself (it opens the file) unless Shift is
// held while dropping; with Shift, the webview gets the explorer's or the tab's URIs. text/uri-list
// carries only the first of several files (VS Code cuts it to one entry), so VS Code's own
// application/vnd.code.uri-list and its JSON `resourceurls` are read first.
import type { AttachmentChipView, PastedFile, WebviewMessage } from '../../shared/protocol';
import { el, icon, iconButton } from '../dom';
import type { ModelList } from '../modelList';
import * as l10n from '../../shared/l10n';
import type { Codicon } from '../codicons';

export interface AttachmentTrayCallbacks {
  post(message: WebviewMessage): void;
  /** Switches the chat's model (the vision model offered by the warning). */
  useModel(model: string): void;
}

const KIND_ICONS: Record<NonNullable<AttachmentChipView['kind']>, Codicon> = { text: 'file-code', document: 'file-pdf', image: 'file-media', video: 'device-camera-video' };
const CODE_URI_LIST = 'application/vnd.code.uri-list';
const RESOURCE_URLS = 'resourceurls';
const URI_LIST = 'text/uri-list';
const DROPPABLE_TYPES = ['Files', CODE_URI_LIST, RESOURCE_URLS, URI_LIST];
/** Offered in the vision warning, best first (the catalogue's order). */
const MAX_OFFERED_MODELS = 3;

/** The entries of a text/uri-list: one URI per line, `#` lines are comments. */
export function parseUriList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** VS Code's `resourceurls`: a JSON array of URI strings. */
export function parseResourceUrls(text: string): string[] {
  if (text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string' && u !== '') : [];
  } catch {
    return [];
  }
}

function droppedUris(transfer: DataTransfer): string[] {
  const candidates = [parseUriList(transfer.getData(CODE_URI_LIST)), parseResourceUrls(transfer.getData(RESOURCE_URLS)), parseUriList(transfer.getData(URI_LIST))];
  return candidates.find((list) => list.length > 0) ?? [];
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

async function pastedFiles(files: readonly File[]): Promise<PastedFile[]> {
  return Promise.all(files.map(async (f) => ({ name: f.name || 'image.png', mimeType: f.type || 'application/octet-stream', dataBase64: await readAsBase64(f) })));
}

function statusText(chip: AttachmentChipView): string {
  if (chip.status === 'uploading') return l10n.t('uploading…');
  if (chip.status === 'ok') return l10n.t('ready');
  return l10n.t('failed: {0}', chip.statusDetails ?? l10n.t('error'));
}

export class AttachmentTray {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly visionWarning: HTMLElement;
  private chips: AttachmentChipView[] = [];
  private model = '';

  constructor(
    private readonly callbacks: AttachmentTrayCallbacks,
    private readonly models: ModelList,
  ) {
    models.subscribe(() => this.renderVisionWarning());
    this.list = el('ul', { className: 'attachment-chips', attrs: { 'aria-label': l10n.t('Attached files'), 'data-testid': 'attachment-list' } });
    this.list.hidden = true;
    this.visionWarning = el('div', { className: 'vision-warning', attrs: { role: 'alert', 'data-testid': 'vision-warning' } });
    this.visionWarning.hidden = true;
    const workspace = iconButton('attach', l10n.t('Attach workspace files'), 'attach-workspace-files');
    workspace.addEventListener('click', () => callbacks.post({ type: 'pickAttachments', from: 'workspace' }));
    const disk = iconButton('file-media', l10n.t('Attach images or files from disk'), 'attach-from-disk');
    disk.addEventListener('click', () => callbacks.post({ type: 'pickAttachments', from: 'disk' }));
    const hint = el('span', { className: 'attachment-hint', text: l10n.t('Shift+drop files here or paste images'), attrs: { title: l10n.t('Shift+drop files here or paste images') } });
    this.element = el('div', { className: 'attachments', attrs: { 'data-testid': 'attachments' } }, [
      el('div', { className: 'attachment-toolbar' }, [workspace, disk, hint]),
      this.list,
      this.visionWarning,
    ]);
  }

  /** Drops and pastes on `target` (the composer) become attachments. */
  acceptFrom(target: HTMLElement): void {
    target.addEventListener('dragover', (event) => {
      const types = [...(event.dataTransfer?.types ?? [])];
      if (!types.some((t) => DROPPABLE_TYPES.includes(t))) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      target.classList.add('drop-target');
    });
    target.addEventListener('dragleave', () => target.classList.remove('drop-target'));
    target.addEventListener('drop', (event) => {
      target.classList.remove('drop-target');
      const transfer = event.dataTransfer;
      if (!transfer) return;
      const uris = droppedUris(transfer);
      const files = [...transfer.files];
      if (uris.length === 0 && files.length === 0) return;
      event.preventDefault();
      if (uris.length > 0) this.callbacks.post({ type: 'attachUris', uris });
      else void this.sendFiles(files);
    });
    target.addEventListener('paste', (event) => {
      const files = [...(event.clipboardData?.items ?? [])].flatMap((item) => {
        const file = item.kind === 'file' ? item.getAsFile() : null;
        return file ? [file] : [];
      });
      if (files.length === 0) return;
      // Text pasted with an image (e.g. from a browser) stays out of the draft: the image is what was meant.
      event.preventDefault();
      void this.sendFiles(files);
    });
  }

  setChips(chips: AttachmentChipView[]): void {
    this.chips = chips;
    this.list.replaceChildren(...chips.map((chip) => this.chip(chip)));
    this.list.hidden = chips.length === 0;
    this.renderVisionWarning();
  }

  setModel(model: string): void {
    this.model = model;
    this.renderVisionWarning();
  }

  /** False (and the warning gets focus) when images or videos are attached and `model` cannot see. */
  allowsSend(model: string): boolean {
    this.setModel(model);
    if (this.visionWarning.hidden) return true;
    this.visionWarning.querySelector('button')?.focus();
    return false;
  }

  private async sendFiles(files: File[]): Promise<void> {
    this.callbacks.post({ type: 'attachPasted', files: await pastedFiles(files) });
  }

  private chip(chip: AttachmentChipView): HTMLLIElement {
    const status = statusText(chip);
    const remove = iconButton('close', l10n.t('Remove {0}', chip.name), 'remove-attachment');
    remove.addEventListener('click', () => this.callbacks.post({ type: 'removeAttachment', chipId: chip.id }));
    return el('li', {
      className: `attachment-chip ${chip.status}`,
      attrs: {
        'data-testid': 'attachment-chip',
        'data-status': chip.status,
        'data-chip-id': chip.id,
        'aria-busy': String(chip.status === 'uploading'),
        title: `${chip.name} · ${chip.sizeLabel} · ${status}`,
      },
    }, [
      chip.status === 'uploading' ? icon('loading', 'spin') : icon(chip.status === 'error' ? 'error' : KIND_ICONS[chip.kind ?? 'text']),
      el('span', { className: 'attachment-name', text: chip.name }),
      el('span', { className: 'attachment-size', text: chip.sizeLabel }),
      el('span', { className: 'attachment-status', attrs: { 'data-testid': 'attachment-status' }, text: status }),
      remove,
    ]);
  }

  private renderVisionWarning(): void {
    const media = this.chips.filter((c) => c.kind === 'image' || c.kind === 'video');
    const current = this.models.find(this.model);
    const blind = media.length > 0 && current !== undefined && !current.vision;
    this.visionWarning.hidden = !blind;
    if (!blind) {
      this.visionWarning.replaceChildren();
      return;
    }
    const offered = this.models.all.filter((m) => m.vision).slice(0, MAX_OFFERED_MODELS);
    const buttons = offered.map((m) => {
      const button = el('button', { className: 'text-button', text: l10n.t('Use {0}', m.id), attrs: { type: 'button', 'data-action': 'use-vision-model', 'data-model': m.id } });
      button.addEventListener('click', () => this.callbacks.useModel(m.id));
      return button;
    });
    const what = media.map((c) => c.name).join(', ');
    const text =
      offered.length > 0
        ? l10n.t('{0} cannot see images or videos ({1}). Switch to a model that can see, or remove it:', current.id, what)
        : l10n.t('{0} cannot see images or videos ({1}). No model in the list can see; remove it to send.', current.id, what);
    this.visionWarning.replaceChildren(icon('warning'), el('span', { text }), ...buttons);
  }
}
