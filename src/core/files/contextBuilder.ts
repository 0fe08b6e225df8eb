// Turns files, selections, images and videos into what a chat request carries, as the spec says:
// extracted file content as system messages, a selection inline in the user's text, images as
// `image_url` parts and videos as `video_url` parts.
//
// Several files become SEPARATE system messages, one per file, rather than one joined message: the
// content endpoint returns a JSON document per file, and joined with newlines they would no longer be
// one valid document; one message per file also keeps each file's text attributable and lets a failed
// or removed file drop out without touching the others (and an unchanged file keeps its place in the
// prefix the service can cache).
import type { ContentPart, FileObject, FilePurpose, ImageUrlPart, SystemMessage, UserMessage, VideoUrlPart } from '../../api/index';
import * as l10n from '../l10n';
import { errorMessage, type FilesClient } from './filesClient';
import type { OwnedUpload, UploadCache } from './uploadCache';
import { checkUploadFor, checkUpload, extensionForMime, extensionOf, isMediaExtension, type AcceptedUpload, type FileKind } from './uploadChecks';
import { assertModelCanSee } from './visionSupport';

/**
 * Images up to this size go inline as data URIs. The chat API is stateless, so every later turn
 * resends them; above this size one upload referenced as ms://<id> is cheaper than resending base64.
 */
export const DEFAULT_INLINE_IMAGE_MAX_BYTES = 256 * 1024;

export interface FileSource {
  /** Stable identity (a file URI): the upload cache replaces the old upload of the same source. */
  source: string;
  /** Shown to the user and to the model (a workspace-relative path); its last segment is the upload's filename. */
  name: string;
  data: Uint8Array;
}

export interface PreparedAttachment {
  source: string;
  name: string;
  size: number;
  kind: FileKind;
  /** ok: ready to send; error: uploaded but the service could not extract it (see `error`). */
  status: 'ok' | 'error';
  /** The service's reason: status_details, or the "Failed to extract file: ..." message. */
  error: string | undefined;
  file: FileObject | undefined;
  /** Extracted content for text and documents. */
  systemMessage: SystemMessage | undefined;
  /** The part for images and videos. */
  part: ImageUrlPart | VideoUrlPart | undefined;
  reused: boolean;
  replaced: OwnedUpload | undefined;
  evicted: OwnedUpload[];
}

export interface SelectionContext {
  fileName: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  text: string;
  /** Markdown fence language, e.g. `ts`. */
  language?: string;
}

export interface ComposedRequest {
  /** One system message per usable file, in attachment order; they go right before the user message. */
  systemMessages: SystemMessage[];
  userMessage: UserMessage;
  /** Attachments left out because extraction failed, with their reasons, for the conversation to show. */
  omitted: PreparedAttachment[];
  /** The attachments that went, named for the sent message. */
  attached: { name: string; kind: FileKind }[];
}

export class ContextBuilder {
  private readonly inlineImageMaxBytes: number;

  constructor(
    private readonly client: FilesClient,
    private readonly cache: UploadCache,
    options: { inlineImageMaxBytes?: number } = {},
  ) {
    this.inlineImageMaxBytes = options.inlineImageMaxBytes ?? DEFAULT_INLINE_IMAGE_MAX_BYTES;
  }

  /**
   * Checks, uploads (through the cache) and extracts one file. Throws UploadRefusedError or
   * UploadLimitError when it cannot be uploaded at all; an extraction failure is a result with
   * status `error`, not a throw, because the message can still go without the file.
   */
  async prepare(input: FileSource, purpose?: FilePurpose): Promise<PreparedAttachment> {
    const candidate = { name: input.name, size: input.data.byteLength, head: input.data };
    const accepted = await (purpose ? checkUploadFor(candidate, purpose) : checkUpload(candidate));
    const base = {
      source: input.source,
      name: input.name,
      size: input.data.byteLength,
      kind: accepted.kind,
      reused: false,
      replaced: undefined,
      evicted: [] as OwnedUpload[],
      error: undefined,
      file: undefined,
      systemMessage: undefined,
      part: undefined,
    };

    if (accepted.purpose === 'image' && input.data.byteLength <= this.inlineImageMaxBytes && accepted.mime) {
      const url = `data:${accepted.mime};base64,${Buffer.from(input.data).toString('base64')}`;
      return { ...base, status: 'ok', part: { type: 'image_url', image_url: { url } } };
    }

    const outcome = await this.cache.upload({ source: input.source, filename: uploadFilename(input.name, accepted), data: input.data, purpose: accepted.purpose });
    const uploaded = { ...base, file: outcome.file, reused: outcome.reused, replaced: outcome.replaced, evicted: outcome.evicted };
    if (accepted.purpose === 'image') return { ...uploaded, status: 'ok', part: { type: 'image_url', image_url: { url: `ms://${outcome.file.id}` } } };
    if (accepted.purpose === 'video') return { ...uploaded, status: 'ok', part: { type: 'video_url', video_url: { url: `ms://${outcome.file.id}` } } };

    if (outcome.file.status === 'error') {
      return { ...uploaded, status: 'error', error: outcome.file.status_details || l10n.t('the service could not extract this file') };
    }
    try {
      const content = await this.client.files.content(outcome.file.id);
      return { ...uploaded, status: 'ok', systemMessage: { role: 'system', content } };
    } catch (err) {
      return { ...uploaded, status: 'error', error: errorMessage(err) };
    }
  }

  /**
   * The request parts for one user turn. Throws VisionUnsupportedError before anything is sent when an
   * image or video would go to a model that cannot see.
   */
  compose(input: { model: string; text: string; attachments: readonly PreparedAttachment[]; selection?: SelectionContext }): ComposedRequest {
    const usable = input.attachments.filter((a) => a.status === 'ok');
    const parts = usable.flatMap((a) => (a.part ? [a.part] : []));
    if (parts.length > 0) assertModelCanSee(input.model);
    const text = input.selection ? `${input.text}\n\n${selectionText(input.selection)}` : input.text;
    const content: string | ContentPart[] = parts.length > 0 ? [{ type: 'text', text }, ...parts] : text;
    return {
      systemMessages: usable.flatMap((a) => (a.systemMessage ? [a.systemMessage] : [])),
      userMessage: { role: 'user', content },
      omitted: input.attachments.filter((a) => a.status !== 'ok'),
      attached: usable.map((a) => ({ name: a.name, kind: a.kind })),
    };
  }
}

/** A selection as the user's text carries it: where it is from, then the code fenced. */
export function selectionText(selection: SelectionContext): string {
  const lines = selection.startLine === selection.endLine ? `line ${selection.startLine}` : `lines ${selection.startLine}-${selection.endLine}`;
  const longestFence = Math.max(2, ...[...selection.text.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longestFence + 1);
  return `From ${selection.fileName}, ${lines}:\n${fence}${selection.language ?? ''}\n${selection.text}\n${fence}`;
}

export function explainFileText(names: readonly string[]): string {
  const which = names.length === 1 ? `the file ${names[0]}` : `the files ${names.join(', ')}`;
  return `Explain ${which}: what it is for, how it is organised, and anything notable in it.`;
}

export function explainSelectionText(): string {
  return 'Explain this code: what it does and how, and anything notable in it.';
}

/**
 * The base name; an image or video recognised by content alone (a pasted screenshot) gets the
 * extension of its type: an image or video upload is judged by its name (the emulator refuses one without).
 */
function uploadFilename(name: string, accepted: AcceptedUpload): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  if (accepted.purpose === 'file-extract' || isMediaExtension(extensionOf(base))) return base;
  return `${base}${(accepted.mime && extensionForMime(accepted.mime)) ?? ''}`;
}
