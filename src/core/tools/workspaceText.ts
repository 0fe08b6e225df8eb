// Decoding workspace files for the model: UTF-8 text only; a NUL byte marks a binary file.

export class BinaryFileError extends Error {
  override readonly name = 'BinaryFileError';
  constructor(readonly display: string) {
    super(`${display} is a binary file; only text files can be read or edited.`);
  }
}

export function decodeText(bytes: Uint8Array, display: string): string {
  if (bytes.includes(0)) throw new BinaryFileError(display);
  return new TextDecoder().decode(bytes);
}
