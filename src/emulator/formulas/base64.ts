// svc/base64: encoding and decoding, with strict checking of what is given to decode.
import { FormulaFailure, tool, type Formula } from './formula';

export const base64Formula: Formula = {
  name: 'base64',
  tools: [
    tool('base64_encode', 'Encode UTF-8 text as Base64.', { text: { type: 'string', description: 'The text to encode.' } }, ['text']),
    tool('base64_decode', 'Decode Base64 (standard or URL-safe alphabet) into UTF-8 text.', { data: { type: 'string', description: 'The Base64 to decode.' } }, ['data']),
  ],
  async run(fn, args) {
    if (fn === 'base64_encode') return { output: Buffer.from(args.string('text'), 'utf8').toString('base64') };
    const data = args.string('data').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(data) || data.replace(/=+$/, '').length % 4 === 1) {
      throw new FormulaFailure('invalid_arguments', 'base64_decode: argument "data" is not valid Base64');
    }
    const bytes = Buffer.from(data.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    return { output: text };
  },
};
