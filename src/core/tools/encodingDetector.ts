// How core learns which legacy encoding a file that is not UTF-8 is most likely in. The host supplies
// the detector (in VS Code, the one VS Code itself ships when it can be found): core only ranks what it
// is told and keeps the encoding whose round trip gives back the file's bytes (textFileCodec.ts).

export interface EncodingGuess {
  /** One of the candidate names the detector was given. */
  encoding: string;
  /** 0 to 1; only relative to the other guesses for the same bytes. */
  confidence: number;
}

export interface EncodingDetector {
  /**
   * The candidates the bytes may be in, with how likely each is; a candidate left out is unlikely.
   * `candidates` are named as iconv-lite names them ("GB18030", "Shift_JIS", "windows-1252"), and so
   * must the answers be, whatever names the detector itself uses.
   */
  detect(bytes: Uint8Array, candidates: readonly string[]): Promise<EncodingGuess[]>;
}
