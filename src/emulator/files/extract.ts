// Real text extraction for purpose file-extract: plain text formats decoded strictly as UTF-8, HTML
// to Markdown text (turndown), PDF text layer (unpdf), DOCX (mammoth), XLSX/XLS (SheetJS), PPTX and
// EPUB (zipDocuments).
import path from 'node:path';
import type * as XLSX from '@e965/xlsx';
import TurndownService from 'turndown';
import YAML from 'yaml';
import { loadMammoth, loadSheetJs, loadUnpdf } from './documentLibraries';
import { epubText, pptxText } from './zipDocuments';

export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

export interface Extracted {
  text: string;
  mime: string;
}

const TEXT_MIME: Record<string, string> = {
  '.txt': 'text/plain', '.md': 'text/markdown', '.csv': 'text/csv', '.log': 'text/plain', '.json': 'application/json',
  '.yaml': 'application/yaml', '.yml': 'application/yaml', '.ini': 'text/plain', '.conf': 'text/plain',
  '.html': 'text/html', '.htm': 'text/html', '.xml': 'application/xml', '.css': 'text/css',
};

function utf8(bytes: Buffer, name: string): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw new ExtractionError(`${name} contains NUL bytes; it is binary, not text`);
    return text.replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(`${name} is not valid UTF-8 text`);
  }
}

function htmlToText(html: string): string {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  service.remove(['script', 'style', 'noscript', 'title']);
  return service.turndown(html);
}

async function pdfText(bytes: Buffer, name: string): Promise<string> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new ExtractionError(`${name} is not a PDF (no %PDF- header)`);
  const { extractText, getDocumentProxy } = await loadUnpdf();
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch (error) {
    throw new ExtractionError(`cannot read the PDF ${name}: ${(error as Error).message}`);
  }
}

async function docxText(bytes: Buffer, name: string): Promise<string> {
  const mammoth = await loadMammoth();
  try {
    return (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch (error) {
    throw new ExtractionError(`cannot read the DOCX ${name}: ${(error as Error).message}`);
  }
}

async function zipped(kind: string, name: string, read: () => Promise<string>): Promise<string> {
  try {
    return await read();
  } catch (error) {
    throw new ExtractionError(`cannot read the ${kind} ${name}: ${(error as Error).message}`);
  }
}

export async function readWorkbook(bytes: Buffer, name: string): Promise<XLSX.WorkBook> {
  const sheetJs = await loadSheetJs();
  try {
    const ext = path.extname(name).toLowerCase();
    if (ext === '.csv') return sheetJs.read(utf8(bytes, name), { type: 'string', raw: false });
    if (bytes.subarray(0, 2).toString('latin1') !== 'PK' && bytes.subarray(0, 4).toString('hex') !== 'd0cf11e0') {
      throw new ExtractionError(`${name} is not an Excel workbook (neither XLSX nor XLS signature)`);
    }
    return sheetJs.read(bytes, { type: 'buffer' });
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(`cannot read the spreadsheet ${name}: ${(error as Error).message}`);
  }
}

async function workbookText(bytes: Buffer, name: string): Promise<string> {
  const { utils } = await loadSheetJs();
  const book = await readWorkbook(bytes, name);
  return book.SheetNames.map((sheet) => `## ${sheet}\n${utils.sheet_to_csv(book.Sheets[sheet]!)}`).join('\n\n');
}

export async function extractFile(filename: string, bytes: Buffer): Promise<Extracted> {
  const ext = path.extname(filename).toLowerCase();
  switch (ext) {
    case '.pdf':
      return { text: await pdfText(bytes, filename), mime: 'application/pdf' };
    case '.docx':
      return { text: await docxText(bytes, filename), mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    case '.xlsx':
    case '.xls':
      return { text: await workbookText(bytes, filename), mime: ext === '.xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/vnd.ms-excel' };
    case '.html':
    case '.htm':
      return { text: htmlToText(utf8(bytes, filename)), mime: 'text/html' };
    case '.json': {
      const text = utf8(bytes, filename);
      try {
        JSON.parse(text);
      } catch (error) {
        throw new ExtractionError(`${filename} is not valid JSON: ${(error as Error).message}`);
      }
      return { text, mime: 'application/json' };
    }
    case '.yaml':
    case '.yml': {
      const text = utf8(bytes, filename);
      const doc = YAML.parseAllDocuments(text);
      const broken = doc.find((d) => d.errors.length > 0);
      if (broken) throw new ExtractionError(`${filename} is not valid YAML: ${broken.errors[0]!.message.split('\n')[0]}`);
      return { text, mime: 'application/yaml' };
    }
    case '.pptx':
      return { text: await zipped('PPTX', filename, () => pptxText(bytes)), mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' };
    case '.epub':
      return { text: await zipped('EPUB', filename, () => epubText(bytes)), mime: 'application/epub+zip' };
    case '.doc':
    case '.ppt':
    case '.mobi':
      throw new ExtractionError(`${ext} documents cannot be extracted by the local emulator (the real service can)`);
    default:
      return { text: utf8(bytes, filename), mime: TEXT_MIME[ext] ?? 'text/plain' };
  }
}
