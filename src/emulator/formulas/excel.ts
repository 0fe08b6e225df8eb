// svc/excel: analysis of an uploaded CSV or Excel workbook by file id: sheets, columns, row counts,
// the first rows and statistics of numeric columns.
import type * as XLSX from '@e965/xlsx';
import path from 'node:path';
import { ServiceError } from '../errors';
import { loadSheetJs } from '../files/documentLibraries';
import { ExtractionError, readWorkbook } from '../files/extract';
import { FormulaFailure, tool, singleFunctionFormula } from './formula';

type Cell = string | number | boolean | null;

function markdownTable(header: readonly Cell[], rows: readonly Cell[][]): string {
  const cell = (v: Cell | undefined): string => (v === null || v === undefined ? '' : String(v).replace(/\|/g, '\\|'));
  return [
    `| ${header.map(cell).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${header.map((_, i) => cell(r[i])).join(' | ')} |`),
  ].join('\n');
}

function stats(header: readonly Cell[], rows: readonly Cell[][]): string[] {
  const lines: string[] = [];
  header.forEach((name, i) => {
    const values = rows.map((r) => r[i]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (values.length === 0 || values.length < rows.filter((r) => r[i] !== null && r[i] !== undefined && r[i] !== '').length) return;
    const sum = values.reduce((s, v) => s + v, 0);
    const round = (n: number): number => Number(n.toPrecision(10));
    lines.push(`- ${String(name)}: count ${values.length}, sum ${round(sum)}, mean ${round(sum / values.length)}, min ${Math.min(...values)}, max ${Math.max(...values)}`);
  });
  return lines;
}

export const excelFormula = singleFunctionFormula(
  'excel',
  tool('excel', 'Analyse an uploaded Excel (.xlsx, .xls) or CSV file: sheets, columns, row count, first rows and numeric column statistics.', {
    file_id: { type: 'string', description: 'Id of the uploaded file (from POST /files).' },
    sheet: { type: 'string', description: 'Sheet name; default all sheets.' },
    max_rows: { type: 'integer', description: 'Rows to show per sheet (default 10, at most 200).' },
  }, ['file_id']),
  async (args, env) => {
    const fileId = args.string('file_id');
    const sheetName = args.optionalString('sheet');
    const maxRows = args.optionalInteger('max_rows', 1, 200) ?? 10;
    let loaded;
    try {
      loaded = await env.files.bytes(env.account, fileId);
    } catch (error) {
      if (error instanceof ServiceError) throw new FormulaFailure('failed', `${args.fn}: ${error.message}`);
      throw error;
    }
    const ext = path.extname(loaded.file.filename).toLowerCase();
    if (!['.csv', '.xlsx', '.xls'].includes(ext)) throw new FormulaFailure('failed', `${args.fn}: file ${fileId} (${loaded.file.filename}) is not a CSV or Excel file`);
    let book: XLSX.WorkBook;
    try {
      book = await readWorkbook(loaded.bytes, loaded.file.filename);
    } catch (error) {
      if (error instanceof ExtractionError) throw new FormulaFailure('failed', `${args.fn}: ${error.message}`);
      throw error;
    }
    const names = sheetName ? [sheetName] : book.SheetNames;
    if (sheetName && !book.SheetNames.includes(sheetName)) {
      throw new FormulaFailure('invalid_arguments', `${args.fn}: no sheet "${sheetName}"; sheets: ${book.SheetNames.join(', ')}`);
    }
    const { utils } = await loadSheetJs();
    const sections = names.map((name) => {
      const rows = utils.sheet_to_json<Cell[]>(book.Sheets[name]!, { header: 1, blankrows: false, defval: null });
      const [header = [], ...data] = rows;
      const parts = [`## Sheet "${name}": ${data.length} data row(s), ${header.length} column(s)`, `Columns: ${header.map(String).join(', ')}`];
      if (data.length > 0) parts.push(markdownTable(header, data.slice(0, maxRows)) + (data.length > maxRows ? `\n… ${data.length - maxRows} more row(s)` : ''));
      const numeric = stats(header, data);
      if (numeric.length > 0) parts.push(`Numeric columns:\n${numeric.join('\n')}`);
      return parts.join('\n\n');
    });
    return { output: `File ${loaded.file.filename} (${fileId})\n\n${sections.join('\n\n')}` };
  },
);
