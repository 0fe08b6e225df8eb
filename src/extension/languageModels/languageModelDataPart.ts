// vscode.LanguageModelDataPart (images and other bytes in a language-model message or tool result) became stable
// API in VS Code 1.106, after the oldest VS Code the extension supports (package.json engines.vscode, 1.105, whose
// types the compiler checks against). VS Code 1.105 and the editors built on it (Cursor) already carry the class
// at run time; an editor without it simply never hands the extension such a part, so the part is looked up
// rather than assumed.
import * as vscode from 'vscode';

/** The fields of a data part the extension reads. */
export interface LanguageModelDataPartLike {
  readonly mimeType: string;
  readonly data: Uint8Array;
}

export interface LanguageModelDataPartClass {
  new (data: Uint8Array, mimeType: string): LanguageModelDataPartLike;
  image(data: Uint8Array, mimeType: string): LanguageModelDataPartLike;
}

/** The host's LanguageModelDataPart class, or undefined where this VS Code has none. */
export function languageModelDataPartClass(): LanguageModelDataPartClass | undefined {
  const candidate = (vscode as unknown as { LanguageModelDataPart?: unknown }).LanguageModelDataPart;
  return typeof candidate === 'function' ? (candidate as LanguageModelDataPartClass) : undefined;
}

export function isLanguageModelDataPart(value: unknown): value is LanguageModelDataPartLike {
  const dataPart = languageModelDataPartClass();
  return dataPart !== undefined && value instanceof dataPart;
}
