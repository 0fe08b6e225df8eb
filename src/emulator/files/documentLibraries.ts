// The heavy document libraries (pdf.js through unpdf, mammoth, SheetJS, JSZip) are loaded when the
// first file that needs one is extracted, never at start-up. The production build (esbuild.mjs)
// emits each as its own file under dist/emulator/extractors/, so dist/emulator.js stays small and
// starts fast; from source (tests) these are ordinary dynamic imports.
import type * as Unpdf from 'unpdf';
import type * as SheetJs from '@e965/xlsx';
import type JSZipType from 'jszip';
import type MammothType from 'mammoth';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

export const loadUnpdf = once((): Promise<typeof Unpdf> => import('unpdf'));
export const loadMammoth = once(async (): Promise<typeof MammothType> => (await import('mammoth')).default);
export const loadSheetJs = once((): Promise<typeof SheetJs> => import('@e965/xlsx'));
export const loadJsZip = once(async (): Promise<typeof JSZipType> => (await import('jszip')).default);
